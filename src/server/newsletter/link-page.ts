import { createHash } from 'node:crypto';
import type { LinkPageCopy } from './link-copy';
import { LOCALES, type Locale } from '../../contracts/locales';
import { escapeHtml } from '../../content/text';
import { maskEmails } from '../core/logger';

export type LinkPageState = 'confirm' | 'done' | 'already' | 'gone' | 'invalid' | 'unavailable' | 'rateLimited';

/**
 * The pages a subscriber sees after following one of the newsletter's signed links (unsubscribe,
 * confirm a sign-up): a small standalone document (no app bundle), readable in both themes, with
 * its one inline stylesheet allowed by hash.
 */
const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{max-width:34rem;margin:1.5rem;padding:2rem;border-radius:1rem;background:#fff;box-shadow:0 10px 30px rgb(15 23 42/.08)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1.5rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.625rem 1.25rem;border:0;border-radius:.75rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
a{color:#1d4ed8;display:inline-block;min-height:1.5rem;padding:.5rem 0}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
section+section{margin-top:2rem;padding-top:2rem;border-top:1px solid #cbd5e1}
@media (prefers-color-scheme:dark){
body{background:#020617;color:#e2e8f0}
main{background:#0f172a;box-shadow:none}
button{background:#2563eb}
a{color:#93c5fd}
:focus-visible{outline-color:#93c5fd}
section+section{border-top-color:#334155}
}`.trim();

/** The Content-Security-Policy of these pages: nothing but their own stylesheet and form. */
export const LINK_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const FRENCH_FIRST: Locale[] = ['fr', ...LOCALES.filter((locale) => locale !== 'fr')];

/** Without a known subscriber, every language's version, French first (Quebec). */
export function localesFor(locale: Locale | undefined): Locale[] {
  return locale ? [locale] : [...FRENCH_FIRST];
}

export type LinkPageInput = {
  copy: Record<Locale, LinkPageCopy>;
  state: LinkPageState;
  /** The subscriber's language; undefined (unknown subscriber) renders French and English. */
  locale: Locale | undefined;
  brand: string;
  /** The subscriber's address, or undefined when unknown: the page shows it masked as the logs do ("j***@example.com", ../logger.ts maskEmails), enough to recognise, not enough to harvest. */
  email?: string | undefined;
  /** The firm's address, offered when the link cannot be used. */
  firmEmail: string;
};

function section(locale: Locale, input: LinkPageInput, headingLevel: 'h1' | 'h2'): string {
  const copy = input.copy[locale];
  const message = copy[input.state];
  const shownEmail =
    input.state === 'invalid' || input.state === 'unavailable' || input.state === 'rateLimited' ? input.firmEmail : maskEmails(input.email ?? '');
  const fill = (text: string) =>
    escapeHtml(text)
      .replaceAll('{brand}', escapeHtml(input.brand))
      .replaceAll('{email}', `<strong>${escapeHtml(shownEmail)}</strong>`);
  const form =
    input.state === 'confirm'
      ? `<form method="post"><input type="hidden" name="confirm" value="1"><button type="submit">${fill(copy.confirm.button)}</button></form>`
      : '';
  return `<section lang="${locale}"><${headingLevel}>${fill(message.title)}</${headingLevel}><p>${fill(message.body)}</p>${form}<p><a href="${copy.homePath}">${fill(copy.backHome)}</a></p></section>`;
}

export function renderLinkPage(input: LinkPageInput): string {
  const locales = localesFor(input.locale);
  const primary = locales[0]!;
  const title = `${input.copy[primary][input.state].title.replaceAll('{brand}', input.brand)} — ${input.copy[primary].pageTitle.replace('{brand}', input.brand)}`;
  const body = locales.map((locale, index) => section(locale, input, index === 0 ? 'h1' : 'h2')).join('');
  return `<!doctype html>
<html lang="${primary}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}
