import { LOCALE_TAGS, type Locale } from '../contracts/locales';

/**
 * Durations and dates in words, as the privacy policy and the forms' notices say them: code the
 * first screen never needs (./fill.ts), so it comes with the copy below it.
 */

/** Numbers of years up to the configuration's ceiling (3,650 days), in words. */
const YEARS_IN_WORDS: Record<Locale, readonly string[]> = {
  en: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  fr: ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'],
};
const UNITS: Record<Locale, { year: [string, string]; day: [string, string] }> = {
  en: { year: ['year', 'years'], day: ['day', 'days'] },
  fr: { year: ['an', 'ans'], day: ['jour', 'jours'] },
};

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
  return `${new Intl.NumberFormat(LOCALE_TAGS[locale]).format(days)}\u00A0${unit.day[days === 1 ? 0 : 1]}`;
}

/** When a demo call's record at Vapi is deleted, after a number of days (0: at the next daily run once the call is settled). */
const CALL_RECORD_DELETED: Record<Locale, { after: string; atOnce: string }> = {
  en: { after: 'after', atOnce: 'within two days of the call' },
  fr: { after: 'après', atOnce: 'dans les deux jours suivant l’appel' },
};

/** "after 30 days", « après 30 jours », or within two days of the call for 0. */
export function callRecordDeletionInWords(days: number, locale: Locale): string {
  const words = CALL_RECORD_DELETED[locale];
  return days === 0 ? words.atOnce : `${words.after} ${durationInWords(days, locale)}`;
}

/** A calendar date ("2026-11-26") written out: "November 26, 2026", « 26 novembre 2026 » (« 1er » for the first). */
export function dateInWords(isoDate: string, locale: Locale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const written = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return locale === 'fr' && date.getUTCDate() === 1 ? written.replace(/^1(?=\s)/, '1er') : written;
}
