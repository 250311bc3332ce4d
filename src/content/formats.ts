import type { Locale } from '../contracts/locales';

/** Numbers of years up to the configuration's ceiling (3,650 days), in words. */
const YEARS_IN_WORDS: Record<Locale, readonly string[]> = {
  en: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  fr: ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'],
};
const UNITS: Record<Locale, { year: [string, string]; day: [string, string] }> = {
  en: { year: ['year', 'years'], day: ['day', 'days'] },
  fr: { year: ['an', 'ans'], day: ['jour', 'jours'] },
};
const INTL_LOCALE: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * How long something is kept, as the policy says it: whole years in words ("two years",
 * « deux ans »; 730 days is two years), any other count in days with the language's digits
 * ("90 days", « 1 000 jours »). A number never breaks from its unit.
 */
export function durationInWords(days: number, locale: Locale): string {
  const unit = UNITS[locale];
  const years = days / 365;
  if (Number.isInteger(years) && years >= 1 && years <= YEARS_IN_WORDS[locale].length) {
    return `${YEARS_IN_WORDS[locale][years - 1]}\u00A0${unit.year[years === 1 ? 0 : 1]}`;
  }
  return `${new Intl.NumberFormat(INTL_LOCALE[locale]).format(days)}\u00A0${unit.day[days === 1 ? 0 : 1]}`;
}

/** A calendar date ("2026-11-26") written out: "November 26, 2026", « 26 novembre 2026 » (« 1er » for the first). */
export function dateInWords(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const written = new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return locale === 'fr' && date.getUTCDate() === 1 ? written.replace(/^1(?=\s)/, '1er') : written;
}

/**
 * A message as the page's in-place errors end, with a period: the spec's notices keep their own
 * words ("Please enter your email address"); said beside a field, every error ends the same way.
 */
export function sentence(text: string): string {
  return /[.!?…]\s*»?$/.test(text.trim()) ? text : `${text.trimEnd()}.`;
}

/**
 * The last two words of a paragraph joined by a no-break space (its last breaking space), so its
 * last line never holds one word alone, in any browser: `text-wrap: pretty` (app/index.css) does it
 * only for short paragraphs in Chromium, and nowhere in some browsers.
 */
export function keepLastWordsTogether(text: string): string {
  return text.replace(/ (?=[^ ]*$)/, '\u00A0');
}
