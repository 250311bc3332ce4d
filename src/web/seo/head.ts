import type { SiteConfig } from '../../config/site-schema';
import { LOCALES, type Locale } from '../../contracts/locales';
import { escapeHtml } from '../../content/text';
import { absoluteUrl, pagePath, type PageId } from '../lib/pages';
import { SOCIAL_IMAGE, socialImagePath } from './social-image';

export type HeadInput = {
  site: SiteConfig;
  locale: Locale;
  page: PageId;
  title: string;
  description: string;
  imageAlt: string;
  /** Extra tags, e.g. the JSON-LD block. */
  extra?: string[];
};

const OG_LOCALE: Record<Locale, string> = { en: 'en_CA', fr: 'fr_CA' };

/**
 * The <head> tags of a page in one language: title, description, canonical address, the same
 * page in every language (hreflang, x-default = the default-language address), Open Graph and
 * Twitter card. Every URL is absolute, from the configured site address.
 */
export function headTags({ site, locale, page, title, description, imageAlt, extra = [] }: HeadInput): string {
  const url = absoluteUrl(site.url, pagePath(page, locale));
  const image = absoluteUrl(site.url, socialImagePath(locale));
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...LOCALES.map((other) => alternate(other, absoluteUrl(site.url, pagePath(page, other)))),
    alternate('x-default', absoluteUrl(site.url, pagePath(page, LOCALES[0]!))),
    meta('name', 'theme-color', '#4f46e5'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALE[locale]),
    ...LOCALES.filter((other) => other !== locale).map((other) => meta('property', 'og:locale:alternate', OG_LOCALE[other])),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', SOCIAL_IMAGE.type),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...extra,
  ];
  return tags.join('\n    ');
}

/** The 404 page: not to be indexed, no canonical address. */
export function notFoundHeadTags(title: string): string {
  return [`<title>${escapeHtml(title)}</title>`, meta('name', 'robots', 'noindex'), meta('name', 'theme-color', '#4f46e5')].join('\n    ');
}

function alternate(hreflang: string, href: string): string {
  return `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`;
}

function meta(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
}
