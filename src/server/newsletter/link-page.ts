import { createHash } from 'node:crypto';
import type { LinkPageCopy } from './link-copy';
import { LOCALES, type Locale } from '../../contracts/locales';
import { maskEmails } from '../core/logger';
import { type LinkPageState, STYLE, linkPageHtml } from './link-page-html';

/**
 * The pages a subscriber sees after following one of the newsletter's signed links (unsubscribe,
 * confirm a sign-up): which words, in which languages (here), written as a small standalone
 * document (no app bundle) by link-page-html.tsx, with its one inline stylesheet allowed by hash.
 */

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

/** The page for `input`: in the subscriber's language, or in each when the subscriber is not known. */
export async function renderLinkPage(input: LinkPageInput): Promise<string> {
  const locales = localesFor(input.locale);
  const primary = locales[0]!;
  const title = `${input.copy[primary][input.state].title.replaceAll('{brand}', input.brand)} — ${input.copy[primary].pageTitle.replace('{brand}', input.brand)}`;
  const email = input.state === 'invalid' || input.state === 'unavailable' || input.state === 'rateLimited' ? input.firmEmail : maskEmails(input.email ?? '');
  const sections = locales.map((locale) => ({ locale, copy: input.copy[locale], state: input.state, brand: input.brand, email }));
  return `${await linkPageHtml({ lang: primary, title, sections })}\n`;
}
