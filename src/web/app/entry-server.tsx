import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { site } from '../../config/site';
import { LOCALES, type Locale } from '../../contracts/locales';
import { getContent } from '../../content/all';
import { fillContent, mapText } from '../../content';
import { privacyPolicy } from '../../content/privacy';
import { heightRules } from '../hydration/heights';
import { capturePending } from '../hydration/pending';
import { pageParts } from '../hydration/Slot';
import { boot } from '../lib/boot';
import { HTML_LANG, PAGE_IDS, pagePath, type DocumentKind, type PageId } from '../lib/pages';
import { NotFoundPage } from '../pages/not-found/NotFoundPage';
import { PrivacyPage } from '../pages/privacy/PrivacyPage';
import { robotsTxt, sitemapXml } from '../seo/crawlers';
import { headTags, notFoundHeadTags } from '../seo/head';
import { homeStructuredData, jsonLdScript } from '../seo/structured-data';
import { App } from './App';
import { BELOW_THE_FOLD } from './sections';
import { Toasts } from './Toasts';

/**
 * `lang` and `page` go on <html>: the client reads them to hydrate the right page (lib/pages.ts).
 * `css`: rules of the page's own to inline with its critical CSS (the sections' estimated heights).
 */
export type RenderedPage = { lang: string; page: DocumentKind; head: string; html: string; css: string };

/**
 * The whole tree to static HTML, once every part has loaded (react-dom/static): the same tree the
 * browser hydrates, Suspense boundaries included (hydration/Slot.tsx). Each boundary is written in
 * place: React would otherwise move a large one after the rest of the page, to be put in place by
 * an inline script, so that the page would need JavaScript to show it.
 */
async function toHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  // `<!--$?-->`: a boundary written out of place; `<!--$!-->`: one the server gave up on.
  if (/<!--\$[?!]-->/.test(html)) throw new Error('a part of the page did not render in place on the server');
  return html;
}

/** Renders one page in one language to static HTML; scripts/prerender.ts writes it into dist/. */
export async function render(locale: Locale, page: PageId = 'home'): Promise<RenderedPage> {
  const content = fillContent(getContent(locale), site);
  const parts = pageParts(
    BELOW_THE_FOLD,
    () => Promise.resolve(content),
    () => Promise.resolve(Toasts),
  );
  const html = await toHtml(page === 'privacy' ? <PrivacyPage content={content} /> : <App content={content} parts={parts} />);
  const common = { site, locale, page, imageAlt: content.meta.ogImageAlt };
  const head =
    page === 'home'
      ? headTags({ ...common, ...content.meta, extra: [jsonLdScript(homeStructuredData(site, content, locale))] })
      : headTags({ ...common, ...privacyPolicy(locale, site).meta });
  return { lang: HTML_LANG[locale], page, head, html, css: page === 'home' ? heightRules(BELOW_THE_FOLD) : '' };
}

/** The 404 page of one language (pages/not-found): the server sends it for unknown addresses under that language's path. */
export async function renderNotFound(locale: Locale): Promise<RenderedPage> {
  const content = fillContent(getContent(locale), site);
  const html = await toHtml(<NotFoundPage content={content} />);
  return { lang: HTML_LANG[locale], page: 'not-found', head: notFoundHeadTags(`${content.notFound.title} – ${site.brand}`), html, css: '' };
}

/**
 * Every document of the site, with its file under the build folder ("fr/index.html"), the 404
 * pages in each language's folder ("404.html", "fr/404.html").
 */
export async function renderAll(): Promise<{ file: string; page: RenderedPage }[]> {
  const pages = [];
  for (const locale of LOCALES) {
    for (const page of PAGE_IDS) pages.push({ file: `${pagePath(page, locale).slice(1)}index.html`, page: await render(locale, page) });
    pages.push({ file: `${pagePath('home', locale).slice(1)}404.html`, page: await renderNotFound(locale) });
  }
  return pages;
}

/**
 * Every string of the copy, in every language, the page's and the privacy policy's: what a page may
 * show once the visitor acts (a notice, an error, a button's other state), which its prerendered
 * HTML does not hold. The build subsets the brand typeface to it and to the pages' text
 * (scripts/lib/brand-font.ts).
 */
export function allCopy(): string[] {
  const texts: string[] = [];
  const collect = (text: string) => {
    texts.push(text);
    return text;
  };
  for (const locale of LOCALES) {
    mapText(fillContent(getContent(locale), site), collect);
    mapText(privacyPolicy(locale, site), collect);
  }
  return texts;
}

/** The files for search engines, with absolute addresses from the site configuration. */
export function crawlerFiles(): Record<'sitemap.xml' | 'robots.txt', string> {
  return { 'sitemap.xml': sitemapXml(site.url), 'robots.txt': robotsTxt(site.url) };
}

/** The inline script that sets language, theme and layout before the first paint (lib/boot.ts), and keeps early clicks (hydration/pending.ts). */
export const bootScript = `(${boot.toString()})();(${capturePending.toString()})()`;
