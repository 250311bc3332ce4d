import { LOCALES, type Locale } from '../../../contracts/locales';

/**
 * The visitor's explicit language choice (the switch in the navs, or an answer to the French
 * offer), kept in localStorage. lib/boot.ts reads the same key before the first paint to take a
 * visitor who chose French from `/` to `/fr/`; boot.test.ts checks the two agree.
 */
export const LOCALE_STORAGE_KEY = 'locale';

export function rememberedLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return LOCALES.find((locale) => locale === stored) ?? null;
  } catch {
    return null; // storage blocked: nothing remembered
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage blocked: the choice lasts for this page view */
  }
}

/** The first language of the browser's list that the site speaks ("fr-CA" → fr), or null. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    const locale = LOCALES.find((candidate) => candidate === primary);
    if (locale) return locale;
  }
  return null;
}

/**
 * Which language to offer on a page in `pageLocale`, if any: the browser's preferred one when it
 * differs and the visitor has not chosen yet. Only the default-language pages offer (see
 * LanguageOffer): a French address was asked for explicitly.
 */
export function languageToOffer(pageLocale: Locale, remembered: Locale | null, languages: readonly string[]): Locale | null {
  if (remembered) return null;
  const preferred = preferredLocale(languages);
  return preferred && preferred !== pageLocale ? preferred : null;
}
