/**
 * Words of the unsubscribe pages, per language. `{brand}` and `{email}` are filled in by the page;
 * `{email}` is the subscriber's (masked) address, or the firm's contact address on error pages.
 * French follows OQLF typography (narrow no-break space before ? and !).
 */
export type UnsubscribeLocale = 'en' | 'fr';

type Message = { title: string; body: string };

export type UnsubscribeCopy = {
  pageTitle: string;
  confirm: Message & { button: string };
  done: Message;
  already: Message;
  /** A genuine link whose subscription has since been deleted (e.g. at the person's request). */
  gone: Message;
  invalid: Message;
  unavailable: Message;
  backHome: string;
  /** Where "back to the site" goes: the home page in that language. */
  homePath: string;
};

export const UNSUBSCRIBE_COPY: Record<UnsubscribeLocale, UnsubscribeCopy> = {
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
    backHome: 'Back to the {brand} website',
    homePath: '/',
  },
  fr: {
    pageTitle: 'Infolettre — {brand}',
    confirm: {
      title: 'Se désabonner de l’infolettre de {brand}\u202F?',
      body: 'L’adresse {email} ne recevra plus l’infolettre de {brand}. Vous pourrez vous réabonner en tout temps sur notre site.',
      button: 'Me désabonner',
    },
    done: {
      title: 'Votre désabonnement est confirmé',
      body: 'L’adresse {email} ne recevra plus l’infolettre de {brand}. Vous avez changé d’idée\u202F? Vous pouvez vous réabonner en tout temps sur notre site.',
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
    backHome: 'Retour au site de {brand}',
    homePath: '/fr/',
  },
};
