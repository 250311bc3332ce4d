import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale } from '../../contracts/locales';

/** The prerendered pages that have an address in every language. */
export type PageId = 'home' | 'privacy';
/** What a prerendered document shows: a page, or the (bilingual) 404 page. */
export type DocumentKind = PageId | 'not-found';

export const PAGE_IDS: readonly PageId[] = ['home', 'privacy'];

/**
 * Where each page lives in each language. English is at the root, which is also the x-default
 * address; French is under /fr/ (docs/languages-privacy-voice.md, "Languages", says why). lib/boot.ts repeats the French
 * home path (it must stay self-contained); boot.test.ts checks that they agree. The server reads
 * a form's language from the path it was sent from (src/server/core/submission.ts: /fr/ → fr).
 */
export const PAGE_PATHS: Record<PageId, Record<Locale, string>> = {
  home: { en: '/', fr: '/fr/' },
  privacy: { en: '/privacy/', fr: '/fr/confidentialite/' },
};

/** `<html lang>` per locale: Canadian English and French, so screen readers pick the right voice. */
export const HTML_LANG: Record<Locale, string> = LOCALE_TAGS;

export function pagePath(page: PageId, locale: Locale): string {
  return PAGE_PATHS[page][locale];
}

/** An absolute URL on the public site (`siteUrl` has no trailing slash, paths start with one). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`;
}

/** The site's locale for a language tag such as "fr-CA" or "en"; the default for anything else. */
export function localeOfLang(lang: string): Locale {
  const primary = lang.toLowerCase().split('-')[0];
  return LOCALES.find((locale) => locale === primary) ?? DEFAULT_LOCALE;
}

/** The other language of the site (there are two). */
export function otherLocale(locale: Locale): Locale {
  return LOCALES.find((candidate) => candidate !== locale)!;
}

/**
 * Which page and language this document is. The prerender step writes both on <html>
 * (`lang`, `data-page`), and so does `npm run dev`; a document without them (the bench's plain
 * client-rendered build) goes by its path.
 */
export function currentDocument(root: HTMLElement = document.documentElement, path = location.pathname): { page: DocumentKind; locale: Locale } {
  const page = root.dataset.page;
  if (page === 'home' || page === 'privacy' || page === 'not-found') return { page, locale: localeOfLang(root.lang) };
  for (const id of PAGE_IDS) {
    for (const locale of LOCALES) if (PAGE_PATHS[id][locale] === path) return { page: id, locale };
  }
  return { page: 'home', locale: localeOfLang(root.lang) };
}
