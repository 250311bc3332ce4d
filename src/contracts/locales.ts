/**
 * The languages of the site, the default first. The page is written in each (src/content), the
 * voice demo has one assistant per language, and the server's requests, leads and e-mails carry
 * one of them.
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language served at / (the others under /<locale>/). */
export const DEFAULT_LOCALE: Locale = LOCALES[0];

/** A stored language code as one of ours, or undefined (then both languages are shown). */
export const asLocale = (value: string | null | undefined): Locale | undefined => LOCALES.find((locale) => locale === value);
