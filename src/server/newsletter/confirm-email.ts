import { formatAddress } from '../../config/address';
import type { SiteConfig } from '../../config/site-schema';
import { CONFIRM_EMAIL_COPY } from './link-copy';
import type { NewsletterConfirmationData } from '../../contracts/lead-event';
import { type Locale, asLocale } from '../../contracts/locales';
import { confirmationEmailHtml } from './confirm-email-html';
import { localesFor } from './link-page';
import { linkUrl } from './signed-link';

export type ConfirmationEmail = { subject: string; text: string; html: string };

/**
 * The e-mail that asks a visitor to confirm a newsletter sign-up (double opt-in), in the language
 * of the page they signed up on (French then English when it is unknown). It carries the signed
 * link and identifies the firm; nothing in it comes from what the visitor typed but the address it
 * is sent to.
 */
export async function composeConfirmationEmail(input: {
  locale: Locale | undefined;
  link: string;
  site: Pick<SiteConfig, 'brand' | 'email' | 'address'>;
}): Promise<ConfirmationEmail> {
  const fill = (text: string) =>
    text.replaceAll('{brand}', input.site.brand).replaceAll('{address}', formatAddress(input.site.address)).replaceAll('{email}', input.site.email);
  const letters = localesFor(input.locale).map((locale) => {
    const copy = CONFIRM_EMAIL_COPY[locale];
    return {
      locale,
      subject: fill(copy.subject),
      greeting: copy.greeting,
      intro: fill(copy.intro),
      action: fill(copy.action),
      button: copy.button,
      ignore: fill(copy.ignore),
      sender: fill(copy.sender),
    };
  });
  const textOf = (letter: (typeof letters)[number]) =>
    [letter.greeting, '', letter.intro, '', letter.action, input.link, '', letter.ignore, '', letter.sender].join('\n');
  return {
    subject: letters.map((letter) => letter.subject).join(' / '),
    text: `${letters.map(textOf).join('\n\n---\n\n')}\n`,
    html: await confirmationEmailHtml({ subject: letters[0]!.subject, link: input.link, letters }),
  };
}

/**
 * The confirmation e-mail as the outbox sends it (its Letters' `confirmation`): the signed link
 * of the pending sign-up, made with the database's link secret when the e-mail is written.
 */
export function confirmationLetter(site: Pick<SiteConfig, 'url' | 'brand' | 'email' | 'address'>, linkSecret: () => Promise<string>) {
  return async (data: NewsletterConfirmationData): Promise<ConfirmationEmail> => {
    const link = linkUrl(site.url, await linkSecret(), 'confirm', data.confirmationId, data.linkNonce ?? null);
    return composeConfirmationEmail({ locale: asLocale(data.locale), link, site });
  };
}
