import { renderToString } from 'react-dom/server';
import { site } from '../../config/site';
import { LOCALES, type Locale } from '../content';
import { getContent } from '../content/all';
import { privacyPolicies } from '../content/privacy';
import { boot } from '../lib/boot';
import { revealForms } from '../lib/deferred-forms';
import { HTML_LANG, PAGE_IDS, pagePath, type DocumentKind, type PageId } from '../lib/pages';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { PrivacyPage } from '../pages/privacy/PrivacyPage';
import { robotsTxt, sitemapXml } from '../seo/crawlers';
import { headTags, notFoundHeadTags } from '../seo/head';
import { homeStructuredData, jsonLdScript } from '../seo/structured-data';
import { App } from './App';
import { eagerSections } from './eager-sections';
import { fillContent } from './content-context';

/** `lang` and `page` go on <html>: the client reads them to hydrate the right page (lib/pages.ts). */
export type RenderedPage = { lang: string; page: DocumentKind; head: string; html: string };

/** Renders one page in one language to static HTML; scripts/prerender.ts writes it into dist/. */
export function render(locale: Locale, page: PageId = 'home'): RenderedPage {
  const content = fillContent(getContent(locale), site);
  const html = renderToString(
    page === 'privacy' ? <PrivacyPage content={content} /> : <App content={content} sections={eagerSections} />,
  );
  const common = { site, locale, page, imageAlt: content.meta.ogImageAlt };
  const head =
    page === 'home'
      ? headTags({ ...common, ...content.meta, extra: [jsonLdScript(homeStructuredData(site, content, locale))] })
      : headTags({ ...common, ...fillContent(privacyPolicies[locale].meta, site) });
  return { lang: HTML_LANG[locale], page, head, html };
}

/** The one 404 page, French first then English (pages/not-found). */
export function renderNotFound(): RenderedPage {
  const html = renderToString(<NotFoundPage />);
  const title = `${getContent('fr').notFound.title} | ${getContent('en').notFound.title} – ${site.brand}`;
  return { lang: HTML_LANG.fr, page: 'not-found', head: notFoundHeadTags(title), html };
}

/** Every document of the site, with its file under the build folder ("fr/index.html", "404.html"). */
export function renderAll(): { file: string; page: RenderedPage }[] {
  const pages = LOCALES.flatMap((locale) =>
    PAGE_IDS.map((page) => ({ file: `${pagePath(page, locale).slice(1)}index.html`, page: render(locale, page) })),
  );
  return [...pages, { file: '404.html', page: renderNotFound() }];
}

/** The files for search engines, with absolute addresses from the site configuration. */
export function crawlerFiles(): Record<'sitemap.xml' | 'robots.txt', string> {
  return { 'sitemap.xml': sitemapXml(site.url), 'robots.txt': robotsTxt(site.url) };
}

/** The inline script that sets language, theme and layout before the first paint (lib/boot.ts). */
export const bootScript = `(${boot.toString()})(${revealForms.toString()})`;
