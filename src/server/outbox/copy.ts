import type { ContactField } from '../../contracts/contact';
import { LOCALE_TAGS, type Locale } from '../../contracts/locales';
import { NBSP, frenchMarks } from '../../content/typography';

/**
 * The words of the e-mails the firm receives, in its language (FIRM_LOCALE). Visitors never see
 * them. Add a language by adding an entry: the type makes every key required.
 */
export type NotificationCopy = {
  contactSubject: (name: string) => string;
  contactIntro: string;
  newsletterSubject: (email: string) => string;
  newsletterIntro: string;
  /** A callback request the voice agent took during a demo call. */
  voiceSubject: (name: string) => string;
  voiceIntro: string;
  /** The follow-up once that call has ended: Vapi's summary (and transcript). */
  reportSubject: (name: string) => string;
  reportIntro: string;
  reportHint: string;
  /**
   * Above any text written from what a caller said (Vapi's summary, the transcript): whose words
   * they are, and that links in them are not links.
   */
  callerWords: string;
  /** One network past NOTIFICATIONS_PER_NETWORK_PER_HOUR: its further requests, counted in one e-mail. */
  summarySubject: (count: number, network: string) => string;
  summaryIntro: (network: string, sentOneByOne: number) => string;
  summaryHint: string;
  /**
   * More leads came in a minute than NOTIFICATIONS_PER_MINUTE e-mails: those waiting, together in
   * one e-mail (`shown` of them in its body; all of them in its CSV file when `attached`).
   */
  togetherSubject: (count: number) => string;
  togetherIntro: (count: number, shown: number, attached: boolean) => string;
  togetherHint: string;
  /** After a long text cut short in that e-mail. */
  shortened: string;
  /** The CSV file's name, before its date. */
  csvName: string;
  /** Between a label and its value ("Nom : Marie", "Name: Marie"). */
  separator: string;
  /** One per field of the contact form's contract (src/contracts/contact.ts), then the others. */
  labels: Record<ContactField, string> & {
    page: string;
    language: string;
    receivedAt: string;
    reference: string;
    need: string;
    preferredTime: string;
    callLanguage: string;
    callId: string;
    /** The lead's number in the database (the export's id). */
    submission: string;
    summary: string;
    transcript: string;
    network: string;
    period: string;
    contactRequests: string;
    newsletterSignUps: string;
    /** The CSV file's columns: what each lead is (its e-mail's subject), and its other fields. */
    request: string;
    details: string;
  };
  /** Shown for an optional field the visitor left empty or that is unknown. */
  notGiven: string;
  replyHint: (who: string) => string;
  /** A voice lead who gave no e-mail address: call them back. */
  callHint: (who: string, phone: string) => string;
  /** BCP 47 tag for dates and language names. */
  intlLocale: string;
};

// French typography (src/content/typography.ts): frenchMarks places the no-break space before a colon;
// NBSP keeps a number with its word, and the separator's colon with the label before it.

export const NOTIFICATION_COPY: Record<Locale, NotificationCopy> = {
  fr: {
    contactSubject: (name) => frenchMarks`Nouvelle demande de contact : ${name}`,
    contactIntro: 'Une nouvelle demande de contact est arrivée par le site web.',
    newsletterSubject: (email) => frenchMarks`Nouvelle inscription à l’infolettre : ${email}`,
    newsletterIntro: 'Une personne vient de s’inscrire à l’infolettre sur le site web.',
    voiceSubject: (name) => frenchMarks`Demande de rappel prise par l’agent vocal : ${name}`,
    voiceIntro: 'Pendant un appel de démonstration sur le site web, l’agent vocal a pris cette demande de rappel, avec l’accord de la personne.',
    reportSubject: (name) => frenchMarks`Résumé de l’appel : ${name}`,
    reportIntro: 'L’appel de démonstration au cours duquel cette demande de rappel a été prise est terminé. Voici le résumé qu’en a rédigé l’IA de Vapi.',
    reportHint: 'La demande elle-même vous a été envoyée pendant l’appel, sous le même numéro de demande.',
    callerWords:
      'Texte rédigé par l’IA de Vapi à partir de ce que la personne a dit pendant l’appel, qui a donc pu l’orienter. Lisez-le comme ses propos, pas comme un message de Vapi ni de votre site. Les liens y sont affichés comme du texte et ne sont pas cliquables.',
    summarySubject: (count, network) => `${count}${NBSP}autres demandes de ${network} dans la dernière heure, dans l’export`,
    summaryIntro: (network, sentOneByOne) =>
      `Plus de ${sentOneByOne}${NBSP}demandes sont venues du même réseau (${network}) en une heure. Les ${sentOneByOne}${NBSP}premières vous ont été envoyées une à une. Pour qu’un afflux ne puisse pas remplir votre boîte de réception, les suivantes sont comptées ici. Toutes sont enregistrées, et le webhook, s’il est configuré, les a reçues une à une.`,
    summaryHint: 'Pour les voir, exportez les demandes sur le serveur (atelier-ia export contacts, ou newsletter pour les inscriptions), triées par date.',
    togetherSubject: (count) => `${count}${NBSP}nouvelles demandes réunies dans un seul courriel`,
    togetherIntro: (count, shown, attached) =>
      `Il est arrivé en une minute plus de demandes que le site ne vous en envoie une à une. Pour ne pas remplir votre boîte de réception, celles qui attendaient sont réunies ici, chacune avec ses coordonnées.` +
      (attached ? ` Les ${shown}${NBSP}premières sont ci-dessous, et les ${count} sont toutes dans le fichier CSV joint.` : ''),
    togetherHint:
      'Toutes sont enregistrées (atelier-ia export contacts), et le webhook, s’il est configuré, les a reçues une à une. Ici, les adresses sont affichées comme du texte et ne sont pas cliquables. Celles du fichier CSV sont telles que données.',
    shortened: '(texte abrégé ici, complet dans l’export)',
    csvName: 'demandes',
    separator: `${NBSP}: `,
    labels: {
      name: 'Nom',
      email: 'Courriel',
      phone: 'Téléphone',
      company: 'Entreprise',
      message: 'Message',
      page: 'Page',
      language: 'Langue de la page',
      receivedAt: 'Reçue le',
      reference: 'Référence',
      need: 'Besoin exprimé',
      preferredTime: 'Moment souhaité pour le rappel',
      callLanguage: 'Langue de l’appel',
      callId: 'Appel Vapi',
      submission: 'Numéro de la demande',
      summary: 'Résumé de l’appel',
      transcript: 'Transcription',
      network: 'Réseau',
      period: 'Période',
      contactRequests: 'Demandes de contact',
      newsletterSignUps: 'Inscriptions à l’infolettre',
      request: 'Demande',
      details: 'Autres détails',
    },
    notGiven: '(non indiqué)',
    replyHint: (who) => `Répondez à ce courriel pour écrire directement à ${who}.`,
    callHint: (who, phone) => frenchMarks`${who} n’a pas donné d’adresse courriel : rappelez au ${phone}.`,
    intlLocale: LOCALE_TAGS.fr,
  },
  en: {
    contactSubject: (name) => `New contact request: ${name}`,
    contactIntro: 'A new contact request came in through the website.',
    newsletterSubject: (email) => `New newsletter sign-up: ${email}`,
    newsletterIntro: 'Someone just signed up for the newsletter on the website.',
    voiceSubject: (name) => `Callback request from the voice agent: ${name}`,
    voiceIntro: 'During a demo call on the website, the voice agent took this callback request, with the caller’s agreement.',
    reportSubject: (name) => `Call summary: ${name}`,
    reportIntro: 'The demo call in which this callback request was taken has ended. Here is the summary Vapi’s AI wrote of it.',
    reportHint: 'The request itself was sent to you during the call, under the same request number.',
    callerWords:
      'Written by Vapi’s AI from what the caller said during the call, so the caller could steer it. Read it as their words, not as a message from Vapi or from your site. Links in it are shown as text and are not clickable.',
    summarySubject: (count, network) => `${count} more requests from ${network} in the last hour, in the export`,
    summaryIntro: (network, sentOneByOne) =>
      `More than ${sentOneByOne} requests came from one network (${network}) within an hour. The first ${sentOneByOne} were e-mailed to you one by one. So that a flood cannot fill your inbox, the others are counted here instead. Every one of them is stored, and the webhook, if you use one, received each of them.`,
    summaryHint: 'To see them, export the requests on the server (atelier-ia export contacts, or newsletter for the sign-ups), sorted by date.',
    togetherSubject: (count) => `${count} new requests in one e-mail`,
    togetherIntro: (count, shown, attached) =>
      `More requests came in within a minute than the site e-mails you one by one. So that they cannot fill your inbox, those waiting are together here, each with its details.` +
      (attached ? ` The first ${shown} are below, and all ${count} are in the attached CSV file.` : ''),
    togetherHint:
      'Every one of them is stored (atelier-ia export contacts), and the webhook, if you use one, received each of them on its own. Here, addresses are shown as text and are not clickable; in the CSV file they are as given.',
    shortened: '(shortened here; whole in the export)',
    csvName: 'requests',
    separator: ': ',
    labels: {
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      company: 'Company',
      message: 'Message',
      page: 'Page',
      language: 'Page language',
      receivedAt: 'Received',
      reference: 'Reference',
      need: 'What they need',
      preferredTime: 'Preferred callback time',
      callLanguage: 'Call language',
      callId: 'Vapi call',
      submission: 'Request number',
      summary: 'Call summary',
      transcript: 'Transcript',
      network: 'Network',
      period: 'Period',
      contactRequests: 'Contact requests',
      newsletterSignUps: 'Newsletter sign-ups',
      request: 'Request',
      details: 'Other details',
    },
    notGiven: '(not given)',
    replyHint: (who) => `Reply to this e-mail to write to ${who} directly.`,
    callHint: (who, phone) => `${who} gave no e-mail address: call back at ${phone}.`,
    intlLocale: LOCALE_TAGS.en,
  },
};
