/**
 * Writes the prerendered site into the build folder: every page in every language (index.html,
 * fr/index.html, privacy/index.html, fr/confidentialite/index.html), the 404 page of each language
 * (404.html, fr/404.html), sitemap.xml and robots.txt, then brotli and gzip copies of every text file.
 *
 * Each page gets, besides its markup: the boot script inline before first paint; its first
 * screen's critical CSS inline, the full stylesheet loaded without blocking (lib/critical-css.ts);
 * the brand typeface's rules in that CSS and its file's address on <html data-font>, for the
 * client to load once the page is idle (lib/brand-font.ts);
 * its scripts started right after the first paint, the entry with preloads of its imports and of
 * the page language's copy, so these arrive together. csp.json lists the hashes the server's
 * Content-Security-Policy must allow for the pages' inline scripts and styles.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localeOfLang } from '../src/web/lib/pages';
import { visibleText, writeBrandFont } from './lib/brand-font';
import { criticalCss, inlineCriticalCss } from './lib/critical-css';
import { firstScreenSources } from './lib/first-screen';
import { DEFERRED_PART } from './lib/page-weight';
import { precompress } from './lib/precompress';

type ServerEntry = typeof import('../src/web/app/entry-server');
type RenderedPage = import('../src/web/app/entry-server').RenderedPage;
type Manifest = Record<string, { file: string; imports?: string[] }>;

export async function prerender(outDir: string, serverEntryPath: string): Promise<string> {
  const entry = (await import(pathToFileURL(serverEntryPath).href)) as ServerEntry;
  const template = await readFile(join(outDir, 'index.html'), 'utf8');
  for (const marker of ['<html lang="en">', '<!--app-boot-->', '<!--app-head-->', '<!--app-html-->', '</head>']) {
    if (!template.includes(marker)) throw new Error(`${outDir}/index.html has no ${marker}: was it built from index.html?`);
  }
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;

  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  const written: string[] = [];
  const pages = await entry.renderAll();
  // The brand typeface, subset to every page's text and the copy's (lib/brand-font.ts): its rules and address go into each page.
  const font = await writeBrandFont(outDir, [...pages.map(({ page }) => visibleText(page.html)), ...entry.allCopy()]);
  for (const { file, page } of pages) {
    let html = fillTemplate(template, page, entry.bootScript, font.href).replace(
      '</head>',
      `${modulePreloads(manifest, firstScreenSources(localeOfLang(page.lang)))}</head>`,
    );
    html = scriptsAfterFirstPaint(html);
    html = firstPaintWithWholeHero(html);
    const critical = await criticalCss(html, outDir);
    html = inlineCriticalCss(html, { ...critical, css: font.css + critical.css + page.css });
    for (const script of inlineScripts(html)) scriptHashes.add(cspHash(script));
    for (const style of inlineStyles(html)) styleHashes.add(cspHash(style));
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), html);
    written.push(`${file} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
  for (const [file, text] of Object.entries(entry.crawlerFiles())) await writeFile(join(outDir, file), text);
  // Only this step needs the manifest; it would otherwise be served to anyone.
  await rm(join(outDir, '.vite'), { recursive: true, force: true });

  // The voice demo's third-party origins are the server's to add, when it has the demo configured (src/server/voice/csp.ts).
  const cspExtras = { 'script-src': [...scriptHashes], 'style-src': [...styleHashes] };
  await writeFile(join(outDir, 'csp.json'), `${JSON.stringify(cspExtras, null, 2)}\n`);
  const compressed = await precompress(outDir);
  return `prerendered ${written.join(', ')} in ${outDir}; the typeface subset to ${font.characters} characters (${(font.bytes / 1024).toFixed(1)} KiB); ${compressed} brotli/gzip copies; CSP hashes: ${scriptHashes.size} scripts, ${styleHashes.size} styles`;
}

/**
 * index.html with a rendered page in it: its language and kind on <html> (and the brand typeface's
 * file, which `npm run dev` has not), the boot script, its head tags and its markup. The build's
 * pages and `npm run dev`'s (scripts/dev.ts) are made by it.
 */
export function fillTemplate(template: string, page: RenderedPage, bootScript: string, font?: string): string {
  return template
    .replace('<html lang="en">', `<html lang="${page.lang}" data-page="${page.page}"${font ? ` data-font="${font}"` : ''}>`)
    .replace('<!--app-boot-->', `<script>${bootScript}</script>`)
    .replace('<!--app-head-->', page.head)
    .replace('<!--app-html-->', page.html);
}

/** The page without the entry module and its preloads. */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');
}

/**
 * The entry module and its preloads, started by an inline script once the first contentful paint
 * is on screen instead of by tags in <head>. Chromium otherwise holds the first paint of a page
 * this size until the scripts it already fetches have arrived, and Lighthouse's simulation of a
 * slow phone charges to the first paint any download that began before it (its LCP then more than
 * doubles). The page's own paint-timing entry says when that paint was shown: the frame after which
 * the scripts would otherwise start (requestAnimationFrame, then a task) can end before its paint
 * reaches the screen, and their download is charged to it again. Browsers without paint timing use
 * that frame. Each element is added in a task of its own: starting a fetch costs a slow phone
 * several milliseconds, and together they made a long task.
 */
function scriptsAfterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('the page has no entry module script: was it built from index.html?');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
  const start =
    `(function(){function start(){setTimeout(function(){` +
    `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s);` +
    `${JSON.stringify(preloads)}.forEach(function(u){setTimeout(function(){var p=document.createElement("link");p.rel="modulepreload";p.href=u;document.head.appendChild(p)})})})}` +
    `var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
    `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(start)})})()`;
  return withoutScripts(html).replace('</body>', `<script>${start}</script></body>`);
}

/**
 * Holds the first paint until the parser has reached the first deferred part, the section under
 * the hero, so that the hero is whole (`<link rel=expect blocking=render>`, Chromium 124+; other
 * browsers ignore it). Without it, a parser that yields inside the hero paints the bars alone and
 * the hero a frame later: the scripts, started after the first frame, then begin before the
 * largest paint, and Lighthouse's simulation of a slow phone charges their download to it (in
 * some loads). A page without deferred parts (privacy, 404) is short:
 * nothing to hold.
 */
function firstPaintWithWholeHero(html: string): string {
  const wrapper = html.indexOf(DEFERRED_PART);
  if (wrapper < 0) return html;
  const id = /\bid="([^"]+)"/.exec(html.slice(wrapper))?.[1];
  if (!id) throw new Error('the first deferred part has no id to wait for');
  return html.replace('</head>', `<link rel="expect" href="#${id}" blocking="render"></head>`);
}

/** `<link rel=modulepreload>` for the chunks of these source modules and the chunks they import. */
function modulePreloads(manifest: Manifest, sources: string[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The contents of the inline scripts a browser would run: not external ones (src=, covered by
 * 'self') and not data blocks such as JSON-LD, which are never executed and need no hash.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The contents of the inline `<style>` elements (the critical CSS). */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
}
