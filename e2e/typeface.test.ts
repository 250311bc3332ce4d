import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BRAND_FONT, FALLBACK, codePoint, fontCodePoints } from '../scripts/lib/brand-font';
import { LOCALES } from '../src/contracts/locales';
import { FONT_BRAND_CLASS, FONT_STORAGE_KEY } from '../src/web/lib/brand-font';
import { PAGE_IDS, pagePath } from '../src/web/lib/pages';
import { axeViolations, launchBrowser, openPage, waitForHydration } from './helpers/browser';

/**
 * The brand typeface (issue 50, scripts/lib/brand-font.ts, src/web/lib/brand-font.ts), on the
 * production build: a subset that has every character the pages show, served by the site itself,
 * kept off the first paint's path (fetched once the page is idle) and drawn from the next page on.
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

/** The font file a page names (<html data-font>), after checking that it preloads none. */
async function fontOf(path: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  expect(html, `${path} preloads a font: a request before the largest paint`).not.toMatch(/<link[^>]*\bas="font"/);
  const href = /<html\b[^>]*\bdata-font="([^"]+)"/.exec(html)?.[1];
  expect(href, path).toBeDefined();
  return href!;
}

/**
 * The fonts Chromium drew the headline, a paragraph and a link with (its own account, what
 * DevTools shows). A face from local() is reported by the name of the font it found.
 */
async function fontsUsed(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
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
  await cdp.detach();
  return [...used];
}

/** Records, from the page's start, its layout shifts and the classes <html> has when the document is parsed. */
async function watch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watched = { shifts: [] as number[], parsedWith: '' };
    Object.assign(window, { watched });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number }[]) watched.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => (watched.parsedWith = document.documentElement.className));
  });
}
const watched = (page: Page) => page.evaluate(() => (window as unknown as { watched: { shifts: number[]; parsedWith: string } }).watched);

/** The page's requests for the font: when each started (ms after navigation), and the bytes that came over the network (0: the cache). */
const fontRequests = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => ({ start: entry.startTime, transferred: (entry as PerformanceResourceTiming).transferSize })),
  );

describe('the brand typeface', () => {
  it('every page, in both languages, names the one subset file and preloads none; the file is served from /assets/ as woff2, immutable, with its licence beside it', async () => {
    const fonts = new Set(await Promise.all(PATHS.map(fontOf)));
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
    const href = await fontOf('/');
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

  it('the local face that stands in for it sets the pages’ text within 1 % of Inter’s width, weight by weight', async () => {
    const ratios: Record<string, { inter: number; local: number }> = {};
    for (const path of ['/', '/fr/', pagePath('privacy', 'en'), pagePath('privacy', 'fr')]) {
      for (const device of ['phone', 'desktop'] as const) {
        const { page, context } = await openPage(browser, device, { url: `${baseUrl}${path}` });
        // Each text node's width in the two faces, at its weight and size, summed per weight.
        const widths = await page.evaluate(
          async ({ brand, local }) => {
            document.documentElement.classList.add('full-layout');
            await document.fonts.load(`1em ${brand}`);
            const context2d = document.createElement('canvas').getContext('2d')!;
            const sums: Record<string, { inter: number; local: number }> = {};
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement!;
              if (parent.closest('script, style, noscript, svg') || !node.textContent?.trim()) continue;
              const style = getComputedStyle(parent);
              const text = style.textTransform === 'uppercase' ? node.textContent.toUpperCase() : node.textContent;
              const width = (family: string) => {
                context2d.font = `${style.fontWeight} ${style.fontSize} ${family}`;
                return context2d.measureText(text.replace(/\s+/g, ' ')).width;
              };
              await document.fonts.load(`${style.fontWeight} 1em "${local}"`);
              const sum = (sums[style.fontWeight] ??= { inter: 0, local: 0 });
              sum.inter += width(brand);
              sum.local += width(`"${local}"`);
            }
            return sums;
          },
          { brand: BRAND_FONT.family, local: FALLBACK.family },
        );
        for (const [weight, { inter, local }] of Object.entries(widths)) {
          const sum = (ratios[weight] ??= { inter: 0, local: 0 });
          sum.inter += inter;
          sum.local += local;
        }
        await context.close();
      }
    }
    const off = Object.entries(ratios)
      .map(([weight, { inter, local }]) => [weight, inter / local] as const)
      .filter(([, ratio]) => Math.abs(ratio - 1) > 0.01)
      .map(([weight, ratio]) => `${weight}: Inter / local ${ratio.toFixed(4)} (FALLBACK's size-adjust × this)`);
    expect(Object.keys(ratios).sort()).toEqual(FALLBACK.weights.map(({ weight }) => String(weight)));
    expect(off).toEqual([]);
  });

  it('a first visit is drawn with the local face from its first paint to its end, fetches the file once after load, and moves nothing; the next page has it from its first paint, from the cache, and moves nothing', async () => {
    for (const path of ['/', '/fr/']) {
      for (const device of ['phone', 'desktop'] as const) {
        const { page, context, errors, externalRequests } = await openPage(browser, device, { reducedMotion: 'reduce' });
        await watch(page);
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
        await waitForHydration(page);
        const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
        await page.waitForFunction((key) => localStorage.getItem(key), FONT_STORAGE_KEY);
        // Time for a swap, were there one.
        await page.waitForTimeout(500);
        const first = await watched(page);
        expect(first.parsedWith, `${path} ${device}`).not.toContain(FONT_BRAND_CLASS);
        // Arial's or Liberation Sans's letters (and the system font's for the odd character they lack, U+202F), never Inter's.
        const used = await fontsUsed(page);
        expect(
          used.filter((font) => font.startsWith(BRAND_FONT.family)),
          `${path} ${device}, first visit: ${used.join(', ')}`,
        ).toEqual([]);
        const requests = await fontRequests(page);
        expect(requests, `${path} ${device}`).toHaveLength(1);
        expect(requests[0]!.start, `${path} ${device}: requested after load`).toBeGreaterThanOrEqual(loaded);
        expect(first.shifts, `${path} ${device}, first visit`).toEqual([]);

        await page.reload({ waitUntil: 'load' });
        await waitForHydration(page);
        const again = await watched(page);
        expect(again.parsedWith, `${path} ${device}, next page`).toContain(FONT_BRAND_CLASS);
        // The file names its family "Inter Variable".
        expect(await fontsUsed(page), `${path} ${device}, next page`).toEqual([`${BRAND_FONT.family} Variable (web font)`]);
        expect(await fontRequests(page), `${path} ${device}, next page`).toEqual([{ start: expect.any(Number), transferred: 0 }]);
        expect(again.shifts, `${path} ${device}, next page`).toEqual([]);
        if (device === 'phone') expect(await axeViolations(page), `${path}, drawn with the face`).toEqual([]);
        expect(errors).toEqual([]);
        expect(externalRequests).toEqual([]);
        await context.close();
      }
    }
  });

  it('is not fetched for a visitor who asked to save data', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000))));
    expect(await fontRequests(page)).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), FONT_STORAGE_KEY)).toBeNull();
    await context.close();
  });
});
