/**
 * What each prerendered page of a build costs a visitor on the wire, in brotli bytes: the
 * JavaScript it loads before anything is asked of it, its CSS, and the part of its HTML that paints
 * the first screen. Sizes are deterministic, so e2e/page-weight.test.ts fails the build on them;
 * scripts/bench/page.ts prints them beside Lighthouse's figures.
 *
 * It reads the HTML, not the bundler's manifest: every script a page names (in `<script src>`,
 * `<link rel=modulepreload>` or the inline script that starts them after the first paint), plus the
 * static imports of those chunks, is initial JavaScript. Dynamic `import()`s (the voice SDK, below-the-fold sections) are not: they load on
 * intent or when the browser is idle.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * Budgets, in brotli bytes. The initial JavaScript includes React DOM (about 58 KB of it); 72 KB
 * leaves the first screen no room for code only the sections below, the forms or the other pages
 * use (docs/performance.md). The font: its woff2 bytes, fetched once the page is idle.
 */
export const BUDGETS = { initialJs: 72 * 1024, css: 12 * 1024, firstScreenHtml: 14 * 1024, font: 16 * 1024 } as const;

export type PageWeight = {
  /** The HTML file, relative to the build folder ("index.html", "fr/index.html", "404.html"). */
  file: string;
  /** Every chunk loaded at start-up, with its static imports, each counted once. */
  initialJs: number;
  initialJsFiles: string[];
  /**
   * The stylesheets the page loads (the full one, which holds every rule). The critical CSS inlined
   * in the page is a copy of some of its rules and is counted in `firstScreenHtml`.
   */
  css: number;
  /** The HTML up to the end of the first screen, with its inline critical CSS and scripts. */
  firstScreenHtml: number;
  /** The brand typeface's file the page loads (<html data-font>, scripts/lib/brand-font.ts), as sent: woff2 is compressed already. */
  font: number;
};

/**
 * Where the first screen ends in a prerendered document: after the first section below the fold
 * (src/web/hydration/Slot.tsx wraps each one), the services, whose top shows under the hero on a
 * tall screen. A page without such sections is all first screen.
 */
export function firstScreenEnd(html: string): number {
  const first = html.indexOf(DEFERRED_PART);
  const second = first < 0 ? -1 : html.indexOf(DEFERRED_PART, first + DEFERRED_PART.length);
  return second < 0 ? html.length : second;
}

/** How the wrapper of each section below the fold starts in the prerendered HTML. */
export const DEFERRED_PART = '<div data-section=';

export function brotliSize(data: string | Buffer): number {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export async function measurePageWeight(distDir: string): Promise<PageWeight[]> {
  const files = (await listFiles(distDir)).filter((file) => file.endsWith('.html')).sort();
  const sizes = new Map<string, number>();
  const sizeOf = async (file: string) => {
    if (!sizes.has(file)) sizes.set(file, brotliSize(await readFile(join(distDir, file))));
    return sizes.get(file)!;
  };

  const pages: PageWeight[] = [];
  for (const file of files) {
    const html = await readFile(join(distDir, file), 'utf8');
    const js = await initialScripts(distDir, html);
    const stylesheets = [...new Set(attributeValues(html, 'link', 'href', (tag) => /\brel=["']?stylesheet/i.test(tag)))];
    // The loader script names the full stylesheet in a string rather than a <link>.
    for (const match of html.matchAll(/["'](\/assets\/[^"']+\.css)["']/g)) if (!stylesheets.includes(match[1]!)) stylesheets.push(match[1]!);

    let css = 0;
    for (const href of stylesheets) css += await sizeOf(toFile(href));
    let initialJs = 0;
    for (const chunk of js) initialJs += await sizeOf(chunk);
    let font = 0;
    for (const href of attributeValues(html, 'html', 'data-font')) font += (await stat(join(distDir, toFile(href)))).size;
    pages.push({ file, initialJs, initialJsFiles: js, css, firstScreenHtml: brotliSize(html.slice(0, firstScreenEnd(html))), font });
  }
  return pages;
}

/** The scripts the page names, then every chunk they import statically. */
async function initialScripts(distDir: string, html: string): Promise<string[]> {
  const queue = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => toFile(match[1]!));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(join(distDir, file), 'utf8');
    // `import … from "./x.js"` and `import "./x.js"`, never `import("./x.js")`.
    for (const match of code.matchAll(/\bimport\s*(?:[\w$*{][^;()]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
      queue.push(posix.join(posix.dirname(file), match[1]!));
    }
  }
  return [...seen];
}

function attributeValues(html: string, tag: string, attribute: string, accept: (tag: string) => boolean = () => true): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'gi'))) {
    const value = new RegExp(`\\b${attribute}=["']?([^"'\\s>]+)`, 'i').exec(match[0])?.[1];
    if (value && accept(match[0])) values.push(value);
  }
  return values;
}

/** "/assets/x.js" → "assets/x.js" (the site is served from the root of the build folder). */
function toFile(url: string): string {
  return url.replace(/^\//, '');
}

async function listFiles(dir: string, root = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))])),
  );
  return nested.flat();
}
