import { LOCALES } from '../../contracts/locales';
import { absoluteUrl, pagePath, PAGE_IDS } from '../lib/pages';

/**
 * sitemap.xml: every page in every language, each with its alternates (the same hreflang set as
 * the pages' <head>), so search engines pair the English and French versions.
 */
export function sitemapXml(siteUrl: string): string {
  const urls = PAGE_IDS.flatMap((page) => {
    const alternates = [
      ...LOCALES.map((locale) => [locale, absoluteUrl(siteUrl, pagePath(page, locale))] as const),
      ['x-default', absoluteUrl(siteUrl, pagePath(page, LOCALES[0]!))] as const,
    ];
    return LOCALES.map((locale) =>
      [
        '  <url>',
        `    <loc>${escapeXml(absoluteUrl(siteUrl, pagePath(page, locale)))}</loc>`,
        ...alternates.map(([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`),
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled except the API; where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
