import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { site } from '../../config/site';
import { getContent, type Locale } from '../content';
import { boot } from '../lib/boot';
import { App } from './App';
import { fillContent } from './content-context';

export type RenderedPage = { lang: Locale; head: string; html: string };

/** Renders the page for one locale to static HTML; scripts/prerender.ts writes it into dist/. */
export function render(locale: Locale): RenderedPage {
  const content = fillContent(getContent(locale), site);
  const html = renderToString(
    <StrictMode>
      <App content={content} />
    </StrictMode>,
  );
  const url = `${site.url}/`;
  const head = [
    `<title>${escapeHtml(content.meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(content.meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta name="theme-color" content="#4f46e5">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site.brand)}">`,
    `<meta property="og:title" content="${escapeHtml(content.meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(content.meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:locale" content="${locale === 'en' ? 'en_CA' : 'fr_CA'}">`,
  ].join('\n    ');
  return { lang: locale, head, html };
}

/** The inline script that sets theme and layout classes before the first paint (lib/boot.ts). */
export const bootScript = `(${boot.toString()})()`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
