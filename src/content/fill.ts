import type { Locale } from '../contracts/locales';
import type { SiteConfig } from '../config/site-schema';
import { keepTogether } from './typography';

/** A word French elides « de » before: a vowel or a mute h (« d’Atelier », « d’Hydro »). */
const FRENCH_ELISION = /^[aeiouyhàâäéèêëîïôöûüœ]/i;

export type Placeholders = Record<string, (site: SiteConfig, locale: Locale) => string>;

/**
 * The placeholders that take the configuration as it is, with no formatting code: the only ones
 * the first screen's copy may use (content.test.ts checks it), so that the page's first script
 * carries none of the formatting of phones, addresses, durations and dates (./index.ts has all).
 */
export const PLAIN_PLACEHOLDERS = {
  /** The brand, never split across two lines ("Atelier / IA"). */
  brand: (site) => keepTogether(site.brand),
  /** The brand as owner, as the language says it: "Atelier IA's" (before the noun), « d’Atelier IA », « de Studio IA » (after it). */
  possessiveBrand: (site, locale) =>
    locale === 'en' ? `${keepTogether(site.brand)}'s` : `${FRENCH_ELISION.test(site.brand) ? 'd’' : 'de '}${keepTogether(site.brand)}`,
  phoneHref: (site) => site.phoneHref,
  email: (site) => site.email,
  year: (site) => String(site.copyrightYear),
  city: (site) => site.address.city,
  privacyOfficerName: (site) => site.privacyOfficer.name,
  /** The officer's title as this language writes it (SITE_PRIVACY_OFFICER_TITLE_FR, _EN). */
  privacyOfficerTitle: (site, locale) => site.privacyOfficer.title[locale],
  privacyOfficerEmail: (site) => site.privacyOfficer.email,
  /** The database the leads are kept in, as the deployment chose it. */
  database: (site) => site.policy.database,
} satisfies Placeholders;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills the placeholders `placeholders` knows; an unknown `{name}` is left as it is (and fails the content tests). */
export function fillWith(placeholders: Placeholders, text: string, site: SiteConfig, locale: Locale): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(placeholders, key) ? placeholders[key]!(site, locale) : whole));
}

/** The same copy with `change` applied to each of its strings. */
export function mapText<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapText(item, change)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapText(item, change)])) as T;
  }
  return value;
}

/** The first screen's copy with its placeholders filled (PLAIN_PLACEHOLDERS), in the browser before the rest of the copy arrives. */
export function fillFirstScreen<T extends { locale: Locale }>(value: T, site: SiteConfig): T {
  return mapText(value, (text) => fillWith(PLAIN_PLACEHOLDERS, text, site, value.locale));
}
