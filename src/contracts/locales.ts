/**
 * The languages of the site, the default first. The page is written in each (src/content), the
 * voice demo has one assistant per language, and the server's requests, leads and e-mails carry
 * one of them.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Each language's tag with the firm's region, Canada: the page's `<html lang>` (screen readers
 * pick their voice by it) and the language dates and numbers are written in, on the page and in
 * the server's e-mails.
 */
export const LOCALE_TAGS = { en: 'en-CA', fr: 'fr-CA' } as const satisfies Record<Locale, string>;

/** The language served at / (the others under /<locale>/). */
export const DEFAULT_LOCALE: Locale = LOCALES[0];

/** A stored language code as one of ours, or undefined (then both languages are shown). */
export const asLocale = (value: string | null | undefined): Locale | undefined => LOCALES.find((locale) => locale === value);
