import { formatAddress } from '../../config/address';
import type { SiteConfig } from '../../config/site-schema';
import { CONFIRM_EMAIL_COPY } from './link-copy';
import type { NewsletterConfirmationData } from '../../contracts/lead-event';
import { type Locale, asLocale } from '../../contracts/locales';
import { escapeHtml } from '../../content/text';
import { localesFor } from './link-page';
import { linkUrl } from './signed-link';

export type ConfirmationEmail = { subject: string; text: string; html: string };

/**
 * The e-mail that asks a visitor to confirm a newsletter sign-up (double opt-in), in the language
 * of the page they signed up on (French then English when it is unknown). It carries the signed
 * link and identifies the firm; nothing in it comes from what the visitor typed but the address it
 * is sent to.
 */
export function composeConfirmationEmail(input: {
  locale: Locale | undefined;
  link: string;
  site: Pick<SiteConfig, 'brand' | 'email' | 'address'>;
}): ConfirmationEmail {
  const locales = localesFor(input.locale);
  const fill = (text: string) =>
    text.replaceAll('{brand}', input.site.brand).replaceAll('{address}', formatAddress(input.site.address)).replaceAll('{email}', input.site.email);
  const parts = locales.map((locale) => {
    const copy = CONFIRM_EMAIL_COPY[locale];
    const text = [copy.greeting, '', fill(copy.intro), '', fill(copy.action), input.link, '', fill(copy.ignore), '', fill(copy.sender)].join('\n');
    const html = [
      `<div lang="${locale}">`,
      `<p>${escapeHtml(copy.greeting)}</p>`,
      `<p>${escapeHtml(fill(copy.intro))}</p>`,
      `<p>${escapeHtml(fill(copy.action))}</p>`,
      `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1d4ed8;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(copy.button)}</a></p>`,
      `<p style="word-break:break-all;color:#444">${escapeHtml(input.link)}</p>`,
      `<p style="color:#444">${escapeHtml(fill(copy.ignore))}</p>`,
      `<p style="color:#666;font-size:.875em">${escapeHtml(fill(copy.sender))}</p>`,
      '</div>',
    ].join('\n');
    return { subject: fill(copy.subject), text, html };
  });
  return {
    subject: parts.map((part) => part.subject).join(' / '),
    text: `${parts.map((part) => part.text).join('\n\n---\n\n')}\n`,
    html: [
      '<!doctype html>',
      `<html lang="${locales[0]}"><head><meta charset="utf-8"><title>${escapeHtml(parts[0]!.subject)}</title></head>`,
      '<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;line-height:1.5;color:#111">',
      parts.map((part) => part.html).join('\n<hr>\n'),
      '</body></html>',
    ].join('\n'),
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
