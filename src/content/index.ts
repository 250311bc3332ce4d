import { formatAddress } from '../config/address';
import type { SiteConfig } from '../config/site-schema';
import { COPYRIGHT_YEAR } from './catalog';

export type { BelowTheFoldContent, Content, FirstScreenContent, LanguageText } from './types';
export { languages } from './languages';
export { formatAddress };

/** What copy may fill in from the site configuration, and nothing else. */
export const PLACEHOLDERS = {
  brand: (site) => site.brand,
  phone: (site) => site.phone,
  phoneHref: (site) => site.phoneHref,
  email: (site) => site.email,
  year: () => String(COPYRIGHT_YEAR),
  address: (site) => formatAddress(site.address),
  privacyOfficerName: (site) => site.privacyOfficer.name,
  privacyOfficerTitle: (site) => site.privacyOfficer.title,
  privacyOfficerEmail: (site) => site.privacyOfficer.email,
  retentionDays: (site) => String(site.retentionDays),
} satisfies Record<string, (site: SiteConfig) => string>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Fills the placeholders of PLACEHOLDERS; an unknown `{name}` is left as it is (and fails the content tests). */
export function fill(text: string, site: SiteConfig): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(PLACEHOLDERS, key) ? PLACEHOLDERS[key as keyof typeof PLACEHOLDERS](site) : whole));
}

/** Content with every {placeholder} filled from the site configuration. */
export function fillContent<T>(value: T, site: SiteConfig): T {
  if (typeof value === 'string') return fill(value, site) as T;
  if (Array.isArray(value)) return value.map((item) => fillContent(item, site)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillContent(item, site)])) as T;
  }
  return value;
}
