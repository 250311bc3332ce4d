import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BRAND_FONT, codePoint, fontCodePoints } from '../scripts/lib/brand-font';
import { LOCALES } from '../src/contracts/locales';
import { PAGE_IDS, pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';

/**
 * The brand typeface (issue 50, scripts/lib/brand-font.ts), on the production build: a subset that
 * has every character the pages show, served by the site itself, preloaded and used.
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every document of the build: each page and the 404 page, in each language. */
const PATHS = LOCALES.flatMap((locale) => [...PAGE_IDS.map((page) => pagePath(page, locale)), `${pagePath('home', locale)}no-such-page`]);

/** The font file each page preloads (one, the same on every page). */
async function preloadedFont(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((match) => match[1]!);
  expect(preloads, path).toHaveLength(1);
  return preloads[0]!;
}

describe('the brand typeface', () => {
  it('every page, in both languages, preloads the one subset file, served from /assets/ as woff2, immutable, with its licence beside it', async () => {
    const fonts = new Set(await Promise.all(PATHS.map(preloadedFont)));
    expect(fonts.size).toBe(1);
    const [href] = [...fonts] as [string];
    expect(href).toMatch(/^\/assets\/inter-[\w-]{8}\.woff2$/);
    const response = await fetch(`${baseUrl}${href}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([response.status, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
      200,
      'font/woff2',
      'public, max-age=31536000, immutable',
    ]);
    expect(existsSync(join(staticDir, href.replace(/\.woff2$/, '.LICENSE.txt')))).toBe(true);
    expect(await readFile(join(staticDir, href.replace(/\.woff2$/, '.LICENSE.txt')), 'utf8')).toContain('SIL Open Font License, Version 1.1');
  });

  it('has a glyph for every character of every page’s text, in both languages, as the browser sets it (upper case included)', async () => {
    const href = await preloadedFont('/');
    const cmap = await fontCodePoints(Buffer.from(await (await fetch(`${baseUrl}${href}`)).arrayBuffer()));
    const missing: string[] = [];
    for (const path of PATHS) {
      const { page, context } = await openPage(browser, 'desktop', { url: `${baseUrl}${path}` });
      // The text nodes of the body, both layouts and the parts still hidden (FAQ answers), as their
      // `text-transform` draws them, and the placeholders and buttons' values.
      const text = await page.evaluate(() => {
        const parts: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest('script, style, noscript, template')) continue;
          const transform = getComputedStyle(parent).textTransform;
          const value = node.textContent ?? '';
          parts.push(transform === 'uppercase' ? value.toUpperCase() : transform === 'lowercase' ? value.toLowerCase() : value);
        }
        for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[placeholder]')) parts.push(field.placeholder);
        for (const input of document.querySelectorAll<HTMLInputElement>('input[type="submit"], input[type="button"]')) parts.push(input.value);
        return parts.join(' ');
      });
      // Line breaks and tabs are not drawn.
      for (const character of new Set(text))
        if (character >= ' ' && !cmap.has(character.codePointAt(0)!)) missing.push(`${path}: ${codePoint(character)} ${character}`);
      // French typography's own characters are there to be checked.
      if (path.startsWith('/fr/')) expect(text, path).toMatch(/\u202f/);
      await context.close();
    }
    expect(missing).toEqual([]);
    // And the characters the issue names, whether or not today's copy uses each.
    const named = '\u2011\u202f\u00a0«»’…ÉÀÇŒœ×–—';
    expect([...named].filter((character) => !cmap.has(character.codePointAt(0)!)).map(codePoint)).toEqual([]);
  });

  it('is what the page is drawn with, from the first paint, with nothing moving and nothing fetched elsewhere', async () => {
    for (const path of ['/', '/fr/']) {
      for (const device of ['phone', 'desktop'] as const) {
        const { page, context, errors, externalRequests } = await openPage(browser, device, { reducedMotion: 'reduce' });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.assign(window, { shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[]) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const cdp = await context.newCDPSession(page);
        /** The fonts Chromium drew the headline, a paragraph and a link with (its own account, what DevTools shows). */
        const fontsUsed = async () => {
          await cdp.send('DOM.enable');
          await cdp.send('CSS.enable');
          const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
          const used = new Set<string>();
          for (const selector of ['h1', 'main p', 'main a']) {
            // The element and what it holds: its text may sit in a child.
            const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: `${selector}, ${selector} *` });
            for (const nodeId of nodeIds) {
              const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
              for (const font of fonts) used.add(`${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`);
            }
          }
          return [...used];
        };
        const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
        await waitForHydration(page);
        // A first visit: the face if it came in time for the first paint (`optional`), else the
        // system font for the whole visit (a loaded test machine can miss the moment): one or the other, never both.
        const first = await fontsUsed();
        expect(first, `${path} ${device}, first visit`).toHaveLength(1);
        expect(await shifts()).toEqual([]);
        // From the cache, it is always in time. The file names its family "Inter Variable".
        await page.reload({ waitUntil: 'load' });
        await waitForHydration(page);
        expect(await fontsUsed(), `${path} ${device}`).toEqual([`${BRAND_FONT.family} Variable (web font)`]);
        expect(await shifts()).toEqual([]);
        expect(errors).toEqual([]);
        expect(externalRequests).toEqual([]);
        await context.close();
      }
    }
  });
});
