import type { Locale } from '../contracts/locales';
import { formatAddress, formatPhone } from '../config/address';
import type { SiteConfig } from '../config/site-schema';
import { PRIVACY_POLICY_UPDATED } from './catalog';
import { dateInWords, durationInWords } from './formats';

export type { BelowTheFoldContent, Content, FirstScreenContent, LanguageText } from './types';
export { languages } from './languages';
export { formatAddress, formatPhone };

/** A word French elides « de » before: a vowel or a mute h (« d’Atelier », « d’Hydro »). */
const FRENCH_ELISION = /^[aeiouyhàâäéèêëîïôöûüœ]/i;

/**
 * What copy may fill in from the site configuration, and nothing else, each as the language of the
 * copy writes it (the phone number, the address, durations and dates).
 */
export const PLACEHOLDERS = {
  brand: (site) => site.brand,
  /** The brand as owner, as the language says it: "Atelier IA's" (before the noun), « d’Atelier IA », « de Studio IA » (after it). */
  possessiveBrand: (site, locale) => (locale === 'en' ? `${site.brand}'s` : `${FRENCH_ELISION.test(site.brand) ? 'd’' : 'de '}${site.brand}`),
  phone: (site, locale) => formatPhone(site.phone, locale),
  phoneHref: (site) => site.phoneHref,
  email: (site) => site.email,
  year: (site) => String(site.copyrightYear),
  address: (site, locale) => formatAddress(site.address, locale),
  city: (site) => site.address.city,
  privacyOfficerName: (site) => site.privacyOfficer.name,
  privacyOfficerTitle: (site) => site.privacyOfficer.title,
  privacyOfficerEmail: (site) => site.privacyOfficer.email,
  /** How long contact requests are kept, in words ("two years"). */
  retention: (site, locale) => durationInWords(site.retentionDays, locale),
  /** The database the leads are kept in, as the deployment chose it. */
  database: (site) => site.policy.database,
  /** When the privacy policy last changed (content/catalog.ts). */
  policyDate: (_site, locale) => dateInWords(PRIVACY_POLICY_UPDATED, locale),
} satisfies Record<string, (site: SiteConfig, locale: Locale) => string>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills the placeholders of PLACEHOLDERS; an unknown `{name}` is left as it is (and fails the content tests). */
export function fill(text: string, site: SiteConfig, locale: Locale): string {
  return text.replace(PLACEHOLDER, (whole, key: string) =>
    Object.hasOwn(PLACEHOLDERS, key) ? PLACEHOLDERS[key as keyof typeof PLACEHOLDERS](site, locale) : whole,
  );
}

/**
 * Content with every {placeholder} filled from the site configuration, as its language writes it:
 * a page's copy says its language (`locale`); anything else is given it.
 */
export function fillContent<T extends { locale: Locale }>(value: T, site: SiteConfig): T;
export function fillContent<T>(value: T, site: SiteConfig, locale: Locale): T;
export function fillContent<T>(value: T, site: SiteConfig, locale?: Locale): T {
  const language = locale ?? (value as { locale: Locale }).locale;
  return mapText(value, (text) => fill(text, site, language));
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
