import type { FirmLocale } from '../config';

/**
 * The words of the e-mails the firm receives, in its language (FIRM_LOCALE). Visitors never see
 * them. Add a language by adding an entry: the type makes every key required.
 */
export type NotificationCopy = {
  contactSubject: (name: string) => string;
  contactIntro: string;
  newsletterSubject: (email: string) => string;
  newsletterIntro: string;
  /** Between a label and its value ("Nom : Marie", "Name: Marie"). */
  separator: string;
  labels: {
    name: string;
    email: string;
    phone: string;
    company: string;
    message: string;
    page: string;
    language: string;
    receivedAt: string;
    reference: string;
  };
  /** Shown for an optional field the visitor left empty or that is unknown. */
  notGiven: string;
  replyHint: (who: string) => string;
  /** BCP 47 tag for dates and language names. */
  intlLocale: string;
};

// French typography puts a no-break space before a colon.
const NBSP = '\u00a0';

export const NOTIFICATION_COPY: Record<FirmLocale, NotificationCopy> = {
  fr: {
    contactSubject: (name) => `Nouvelle demande de contact${NBSP}: ${name}`,
    contactIntro: 'Une nouvelle demande de contact est arrivée par le site web.',
    newsletterSubject: (email) => `Nouvelle inscription à l’infolettre${NBSP}: ${email}`,
    newsletterIntro: 'Une personne vient de s’inscrire à l’infolettre sur le site web.',
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
    },
    notGiven: '(non indiqué)',
    replyHint: (who) => `Répondez à ce courriel pour écrire directement à ${who}.`,
    intlLocale: 'fr-CA',
  },
  en: {
    contactSubject: (name) => `New contact request: ${name}`,
    contactIntro: 'A new contact request came in through the website.',
    newsletterSubject: (email) => `New newsletter sign-up: ${email}`,
    newsletterIntro: 'Someone just signed up for the newsletter on the website.',
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
    },
    notGiven: '(not given)',
    replyHint: (who) => `Reply to this e-mail to write to ${who} directly.`,
    intlLocale: 'en-CA',
  },
};
