import type { SiteConfig } from '../../config/site-schema';
import { COPYRIGHT_YEAR } from './catalog';
import { en } from './en';
import { fr } from './fr';
import type { Content, Locale } from './types';

export type { Content, Locale } from './types';

const contents: Record<Locale, Content> = { en, fr };

export const DEFAULT_LOCALE: Locale = 'en';

export function getContent(locale: Locale): Content {
  return contents[locale];
}

/** Fills the only placeholders copy may contain: {brand}, {phone}, {email}, {year}. */
export function fill(text: string, site: Pick<SiteConfig, 'brand' | 'phone' | 'email'>): string {
  return text.replace(/\{(brand|phone|email|year)\}/g, (_, key: string) => {
    if (key === 'year') return String(COPYRIGHT_YEAR);
    return site[key as 'brand' | 'phone' | 'email'];
  });
}
