import type { Locale } from '../contracts/locales';
import { formatAddress, formatPhone } from '../config/address';
import type { SiteConfig } from '../config/site-schema';
import { PRIVACY_POLICY_UPDATED } from './catalog';
import { callRecordDeletionInWords, dateInWords, durationInWords } from './dates';
import { PLAIN_PLACEHOLDERS, fillWith, mapText, type Placeholders } from './fill';

export type { BelowTheFoldContent, Content, FirstScreenContent, LanguageText } from './types';
export { languages } from './languages';
export { durationInWords, formatAddress, formatPhone, mapText };

/**
 * What copy may fill in from the site configuration, and nothing else, each as the language of the
 * copy writes it (the phone number, the address, durations and dates): the plain ones (./fill.ts),
 * and those with formatting code of their own, which the first screen's copy does not use.
 */
export const PLACEHOLDERS = {
  ...PLAIN_PLACEHOLDERS,
  phone: (site, locale) => formatPhone(site.phone, locale),
  address: (site, locale) => formatAddress(site.address, locale),
  /** How long contact requests are kept, in words ("two years"). */
  retention: (site, locale) => durationInWords(site.retentionDays, locale),
  /** How long the site's daily counts and the demo's call records are kept, in words. */
  statsRetention: (site, locale) => durationInWords(site.policy.statsRetentionDays, locale),
  /** How long after a demo call the server has Vapi delete its record, in words. */
  vapiRetention: (site, locale) => durationInWords(site.policy.vapiCallRetentionDays, locale),
  /** When a demo call's record at Vapi is deleted: "after 30 days", or "within two days of the call". */
  vapiDeletion: (site, locale) => callRecordDeletionInWords(site.policy.vapiCallRetentionDays, locale),
  /** When the privacy policy last changed (content/catalog.ts). */
  policyDate: (_site, locale) => dateInWords(PRIVACY_POLICY_UPDATED, locale),
} satisfies Placeholders;

/** Fills the placeholders of PLACEHOLDERS; an unknown `{name}` is left as it is (and fails the content tests). */
export function fill(text: string, site: SiteConfig, locale: Locale): string {
  return fillWith(PLACEHOLDERS, text, site, locale);
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
