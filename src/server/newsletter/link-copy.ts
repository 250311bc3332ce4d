import type { Locale } from '../../contracts/locales';
import { frenchPunctuation, typesetFrench } from '../../content/typography';

/**
 * Words of the pages the newsletter's signed links open (unsubscribe, confirm a sign-up) and of the
 * confirmation e-mail, per language. `{brand}` and `{email}` are filled in by the page; `{email}`
 * is the subscriber's (masked) address, or the firm's contact address on error pages.
 * French is written with plain spaces and typeset by src/content/typography.ts (frenchPunctuation:
 * the no-break spaces before : ? ! and inside « »).
 */

type Message = { title: string; body: string };

export type LinkPageCopy = {
  pageTitle: string;
  confirm: Message & { button: string };
  done: Message;
  already: Message;
  /** A genuine link whose record has since been deleted (at the person's request, or expired). */
  gone: Message;
  invalid: Message;
  unavailable: Message;
  /** Too many link pages opened from one address (RATE_LIMIT_LINKS). */
  rateLimited: Message;
  backHome: string;
  /** Where "back to the site" goes: the home page in that language. */
  homePath: string;
};

export const UNSUBSCRIBE_COPY: Record<Locale, LinkPageCopy> = {
  en: {
    pageTitle: 'Newsletter — {brand}',
    confirm: {
      title: 'Unsubscribe from the {brand} newsletter?',
      body: '{email} will no longer receive the {brand} newsletter. You can subscribe again at any time on our website.',
      button: 'Unsubscribe',
    },
    done: {
      title: 'You are unsubscribed',
      body: '{email} will no longer receive the {brand} newsletter. Changed your mind? You can subscribe again at any time on our website.',
    },
    already: {
      title: 'This address was already unsubscribed',
      body: '{email} does not receive the {brand} newsletter. You can subscribe again at any time on our website.',
    },
    gone: {
      title: 'You are unsubscribed',
      body: 'This address is no longer on the {brand} mailing list.',
    },
    invalid: {
      title: 'This unsubscribe link is not valid',
      body: 'It may have been cut or changed when it was copied. Use the link exactly as it appears at the bottom of our e-mail, or write to {email} and we will unsubscribe you.',
    },
    unavailable: {
      title: 'Unsubscribing is temporarily unavailable',
      body: 'Please try again in a few minutes, or write to {email} and we will unsubscribe you.',
    },
    rateLimited: {
      title: 'Too many attempts',
      body: 'Please open the link again in a few minutes, or write to {email} and we will unsubscribe you.',
    },
    backHome: 'Back to the {brand} website',
    homePath: '/',
  },
  fr: typesetFrench(
    {
      pageTitle: 'Infolettre — {brand}',
      confirm: {
        title: 'Se désabonner de l’infolettre de {brand} ?',
        body: 'L’adresse {email} ne recevra plus l’infolettre de {brand}. Vous pourrez vous réabonner en tout temps sur notre site.',
        button: 'Me désabonner',
      },
      done: {
        title: 'Votre désabonnement est confirmé',
        body: 'L’adresse {email} ne recevra plus l’infolettre de {brand}. Vous avez changé d’idée ? Vous pouvez vous réabonner en tout temps sur notre site.',
      },
      already: {
        title: 'Cette adresse était déjà désabonnée',
        body: 'L’adresse {email} ne reçoit pas l’infolettre de {brand}. Vous pouvez vous réabonner en tout temps sur notre site.',
      },
      gone: {
        title: 'Votre désabonnement est confirmé',
        body: 'Cette adresse ne figure plus sur la liste d’envoi de {brand}.',
      },
      invalid: {
        title: 'Ce lien de désabonnement n’est pas valide',
        body: 'Il a peut-être été coupé ou modifié lors d’un copier-coller. Utilisez le lien tel qu’il apparaît au bas de notre courriel, ou écrivez-nous à {email} et nous vous désabonnerons.',
      },
      unavailable: {
        title: 'Le désabonnement est temporairement indisponible',
        body: 'Veuillez réessayer dans quelques minutes, ou écrivez-nous à {email} et nous vous désabonnerons.',
      },
      rateLimited: {
        title: 'Trop de tentatives',
        body: 'Rouvrez le lien dans quelques minutes, ou écrivez-nous à {email} et nous vous désabonnerons.',
      },
      backHome: 'Retour au site de {brand}',
      homePath: '/fr/',
    },
    frenchPunctuation,
  ),
};

export const CONFIRM_COPY: Record<Locale, LinkPageCopy> = {
  en: {
    pageTitle: 'Newsletter — {brand}',
    confirm: {
      title: 'Confirm your subscription to the {brand} newsletter',
      body: '{email} will receive the {brand} newsletter. Each issue has a link to unsubscribe at any time.',
      button: 'Confirm my subscription',
    },
    done: {
      title: 'Your subscription is confirmed',
      body: 'Thank you! {email} will receive the {brand} newsletter. Each issue has a link to unsubscribe at any time.',
    },
    already: {
      title: 'Your subscription was already confirmed',
      body: '{email} receives the {brand} newsletter. There is nothing more to do.',
    },
    gone: {
      title: 'This confirmation link has expired',
      body: 'A confirmation link works for 7 days, and only the latest one sent to an address. Sign up again on our website and we will send you a new link.',
    },
    invalid: {
      title: 'This confirmation link is not valid',
      body: 'It may have been cut or changed when it was copied. Use the link exactly as it appears in our e-mail, or sign up again on our website. Questions: {email}.',
    },
    unavailable: {
      title: 'Confirming is temporarily unavailable',
      body: 'Please try again in a few minutes with the same link. Questions: {email}.',
    },
    rateLimited: {
      title: 'Too many attempts',
      body: 'Please open the same link again in a few minutes. Questions: {email}.',
    },
    backHome: 'Back to the {brand} website',
    homePath: '/',
  },
  fr: typesetFrench(
    {
      pageTitle: 'Infolettre — {brand}',
      confirm: {
        title: 'Confirmez votre abonnement à l’infolettre de {brand}',
        body: 'L’adresse {email} recevra l’infolettre de {brand}. Chaque numéro contient un lien pour vous désabonner en tout temps.',
        button: 'Confirmer mon abonnement',
      },
      done: {
        title: 'Votre abonnement est confirmé',
        body: 'Merci ! L’adresse {email} recevra l’infolettre de {brand}. Chaque numéro contient un lien pour vous désabonner en tout temps.',
      },
      already: {
        title: 'Votre abonnement était déjà confirmé',
        body: 'L’adresse {email} reçoit l’infolettre de {brand}. Vous n’avez rien d’autre à faire.',
      },
      gone: {
        title: 'Ce lien de confirmation a expiré',
        body: 'Un lien de confirmation est valide 7 jours, et seul le plus récent envoyé à une adresse fonctionne. Inscrivez-vous de nouveau sur notre site et nous vous enverrons un nouveau lien.',
      },
      invalid: {
        title: 'Ce lien de confirmation n’est pas valide',
        body: 'Il a peut-être été coupé ou modifié lors d’un copier-coller. Utilisez le lien tel qu’il apparaît dans notre courriel, ou inscrivez-vous de nouveau sur notre site. Des questions ? {email}',
      },
      unavailable: {
        title: 'La confirmation est temporairement indisponible',
        body: 'Veuillez réessayer dans quelques minutes avec le même lien. Des questions ? {email}',
      },
      rateLimited: {
        title: 'Trop de tentatives',
        body: 'Rouvrez le même lien dans quelques minutes. Des questions ? {email}',
      },
      backHome: 'Retour au site de {brand}',
      homePath: '/fr/',
    },
    frenchPunctuation,
  ),
};

/**
 * The e-mail that asks to confirm a sign-up, in the visitor's language. `{brand}` is filled in;
 * the link, the firm's identification and mailing address follow the text (CASL: a message that
 * asks for consent identifies its sender and says how to reach it).
 */
export type ConfirmEmailCopy = {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  button: string;
  ignore: string;
  /** "Sent by {brand}, {address}. Questions: {email}" */
  sender: string;
};

export const CONFIRM_EMAIL_COPY: Record<Locale, ConfirmEmailCopy> = {
  en: {
    subject: 'Confirm your subscription to the {brand} newsletter',
    greeting: 'Hello,',
    intro: 'Someone, we hope you, asked on our website to receive the {brand} newsletter at this address.',
    action: 'To confirm your subscription, open this link and press “Confirm my subscription”:',
    button: 'Confirm my subscription',
    ignore: 'Not you, or changed your mind? Ignore this e-mail: your address will not be added, and we will delete the request within 7 days.',
    sender: 'Sent by {brand}, {address}. Questions: {email}',
  },
  fr: typesetFrench(
    {
      subject: 'Confirmez votre abonnement à l’infolettre de {brand}',
      greeting: 'Bonjour,',
      intro: 'Une personne, vous sans doute, a demandé sur notre site à recevoir l’infolettre de {brand} à cette adresse.',
      action: 'Pour confirmer votre abonnement, ouvrez ce lien et cliquez sur « Confirmer mon abonnement » :',
      button: 'Confirmer mon abonnement',
      ignore:
        'Ce n’est pas vous, ou vous avez changé d’idée ? Ignorez ce courriel : votre adresse ne sera pas inscrite, et nous supprimerons la demande d’ici 7 jours.',
      sender: 'Envoyé par {brand}, {address}. Des questions ? {email}',
    },
    frenchPunctuation,
  ),
};
