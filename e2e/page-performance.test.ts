import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '../scripts/lib/compile-hints';
import { BUDGETS, firstScreenEnd, measurePageWeight, type PageWeight } from '../scripts/lib/page-weight';
import { ESTIMATED_HEIGHTS } from '../src/web/hydration/heights';
import { BELOW_THE_FOLD, type BelowTheFoldSection } from '../src/web/app/sections';
import { API_PATHS } from '../src/contracts/api';
import { LOCALES } from '../src/contracts/locales';
import { pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, scrollSettled, waitForHydration, type DeviceName } from './helpers/browser';

/**
 * The page budgets' deterministic half (the timing half is `npm run bench`, a script: these machines are
 * noisy). Sizes of the test build, which is the production build with the default configuration.
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
let browser: Browser;
let weights: PageWeight[];

beforeAll(async () => {
  browser = await launchBrowser();
  weights = await measurePageWeight(staticDir);
});
afterAll(async () => {
  await browser?.close();
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('page weight (brotli)', () => {
  it('every prerendered page, in both languages, stays within the budgets: initial JS ≤ 72 KB (React included), CSS ≤ 12 KB, first-screen HTML ≤ 14 KB, the brand typeface’s file ≤ 16 KB', () => {
    const files = weights.map((weight) => weight.file);
    expect(files).toEqual(expect.arrayContaining(['index.html', 'fr/index.html', 'privacy/index.html', 'fr/confidentialite/index.html', '404.html']));
    const overBudget = weights.flatMap((weight) =>
      (['initialJs', 'css', 'firstScreenHtml', 'font'] as const)
        .filter((figure) => weight[figure] > BUDGETS[figure])
        .map((figure) => `${weight.file}: ${figure} ${kb(weight[figure])} > ${kb(BUDGETS[figure])}`),
    );
    console.info(
      weights.map((w) => `${w.file}: JS ${kb(w.initialJs)}, CSS ${kb(w.css)}, first screen ${kb(w.firstScreenHtml)}, font ${kb(w.font)}`).join('\n'),
    );
    // Every page names the brand typeface's file, fetched once it is idle (scripts/lib/brand-font.ts).
    for (const weight of weights) expect(weight.font, weight.file).toBeGreaterThan(0);
    expect(overBudget).toEqual([]);
  });

  it('the voice SDK and the sections below the fold are not part of any page’s initial JavaScript', async () => {
    for (const weight of weights) {
      for (const chunk of weight.initialJsFiles) {
        const code = await readFile(join(staticDir, chunk), 'utf8');
        expect(code, `${weight.file} loads ${chunk}`).not.toContain('daily-js');
        // Copy that only the sections below the fold show (the FAQ's title, in either language).
        expect(code, `${weight.file} loads ${chunk}`).not.toMatch(/Frequently Asked Questions|Questions fréquentes/);
      }
    }
    const home = weights.find((weight) => weight.file === 'index.html')!;
    expect(home.initialJsFiles.length).toBeGreaterThan(1);
  });

  it('each page starts a handful of modules: the entry, the code the sections share with it, the runtime and its copy', () => {
    // Without vite.config.ts's group, Rolldown splits the first screen's code into many modules, a dozen under 1 KB.
    for (const weight of weights) expect(weight.initialJsFiles, weight.file).toHaveLength(4);
  });

  it('the first screen is the navigation, the hero and the services under it, well inside the page', async () => {
    const html = await readFile(join(staticDir, 'index.html'), 'utf8');
    const end = firstScreenEnd(html);
    expect(end).toBeGreaterThan(html.indexOf('id="services"'));
    expect(end).toBeLessThan(html.indexOf('id="ai-caller"'));
  });
});

describe('script compilation', () => {
  it('the first screen’s scripts, as served, ask V8 to compile them off the main thread; no other script does', async () => {
    const initialChunks = new Set(weights.flatMap((weight) => weight.initialJsFiles.map((file) => file.replace(/^assets\//, ''))));
    const scripts = (await readdir(join(staticDir, 'assets'))).filter((file) => file.endsWith('.js'));
    const hinted: string[] = [];
    for (const file of scripts) {
      // As served: its brotli copy, or the file itself when compressing would not make it smaller.
      const path = join(staticDir, 'assets', file);
      const served = existsSync(`${path}.br`) ? brotliDecompressSync(await readFile(`${path}.br`)).toString() : await readFile(path, 'utf8');
      // Only a first line counts as a compile hint.
      if (served.startsWith(`${COMPILE_HINT}\n`)) hinted.push(file);
    }
    // Both ways: a chunk below the fold (a section, the forms' check, the voice SDK) compiled
    // eagerly, or one of the first screen's left to compile on the main thread, fails.
    expect(hinted.sort()).toEqual([...initialChunks].sort());
    expect(initialChunks.size).toBeGreaterThan(3);
    expect(scripts.length - hinted.length).toBeGreaterThan(10);
  });
});

describe('static assets on the wire', () => {
  it('hashed assets are sent precompressed and cached for a year; pages are brotli and revalidated', async () => {
    for (const locale of LOCALES) {
      const page = await fetch(`${baseUrl}${pagePath('home', locale)}`, { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))];
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of assets) {
        const brotli = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
        expect([asset, brotli.headers.get('content-encoding'), brotli.headers.get('cache-control')]).toEqual([
          asset,
          'br',
          'public, max-age=31536000, immutable',
        ]);
        const gzip = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(gzip.headers.get('content-encoding')).toBe('gzip');
        // Both decode to the file the build wrote.
        expect(await brotli.text()).toBe(await readFile(join(staticDir, asset), 'utf8'));
        expect(await gzip.text()).toBe(await readFile(join(staticDir, asset), 'utf8'));
      }
    }
  });
});

/** The first screen drawn with the page's inline critical CSS only, the full stylesheet held back. */
async function firstScreen(device: DeviceName, path: string, dark: boolean, fullCss: boolean): Promise<Buffer> {
  const { page, context } = await openPage(browser, device, { colorScheme: dark ? 'dark' : 'light', reducedMotion: 'reduce' });
  // Held, not failed: a stylesheet that fails to load has a fallback of its own (lib/critical-css.ts).
  if (!fullCss) await page.route(/\/assets\/.*\.css$/, () => {});
  // No script: what is drawn is exactly what the HTML and its CSS draw before hydration.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(`${baseUrl}${path}`, { waitUntil: fullCss ? 'load' : 'domcontentloaded' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const shot = await page.screenshot({ animations: 'disabled' });
  await context.close();
  return shot;
}

/**
 * Pixels that differ visibly between two screenshots (channels summing to a difference over 24 of
 * 765): compositing leaves a few values off by 3 or 4 from one load to the next, which no one sees.
 * Decoded by the browser itself, to need no image library.
 */
/** Pixels two loads of the same screen may differ by at the anti-aliased rims of translucent layers. */
const EDGE_PIXELS = 16;

async function visiblyDifferentPixels(a: Buffer, b: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([left, right]) => {
        const [imageA, imageB] = (await Promise.all([left!, right!].map(async (src) => createImageBitmap(await (await fetch(src)).blob())))) as [
          ImageBitmap,
          ImageBitmap,
        ];
        if (imageA.width !== imageB.width || imageA.height !== imageB.height) return Number.POSITIVE_INFINITY;
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [imageA.width, imageA.height];
        const context = canvas.getContext('2d')!;
        context.drawImage(imageA, 0, 0);
        const pixelsA = context.getImageData(0, 0, canvas.width, canvas.height).data;
        context.drawImage(imageB, 0, 0);
        const pixelsB = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let differing = 0;
        for (let index = 0; index < pixelsA.length; index += 4) {
          const difference =
            Math.abs(pixelsA[index]! - pixelsB[index]!) +
            Math.abs(pixelsA[index + 1]! - pixelsB[index + 1]!) +
            Math.abs(pixelsA[index + 2]! - pixelsB[index + 2]!);
          if (difference > 24) differing++;
        }
        return differing;
      },
      [a, b].map((shot) => `data:image/png;base64,${shot.toString('base64')}`),
    );
  } finally {
    await page.close();
  }
}

describe('critical CSS', () => {
  it.each([
    ['home', 'phone', 'en', false],
    ['home', 'phone', 'fr', true],
    ['home', 'desktop', 'en', true],
    ['home', 'desktop', 'fr', false],
    // Its lists are on the first screen: their spacing (Tailwind's space-y, a `:where()` rule) once came only with the full stylesheet.
    ['privacy', 'phone', 'en', false],
    ['privacy', 'desktop', 'fr', true],
  ] as const)('%s page on a %s, in %s (dark: %s): the first screen looks the same before the full stylesheet arrives', async (name, device, locale, dark) => {
    const path = pagePath(name, locale);
    const [critical, full] = await Promise.all([firstScreen(device, path, dark, false), firstScreen(device, path, dark, true)]);
    // A handful at most: the rim of the bar's pressed theme button, over the translucent bar, is
    // now and then composited a shade apart from one load to the next; a rule the critical CSS
    // misses moves thousands.
    expect(await visiblyDifferentPixels(critical, full)).toBeLessThanOrEqual(EDGE_PIXELS);
  });

  it('without the critical CSS the first screen would not look the same (the comparison can fail)', async () => {
    const { page, context } = await openPage(browser, 'desktop', { reducedMotion: 'reduce' });
    await page.route(/\/assets\/.*\.(css|js)$/, (route) => route.abort());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.querySelectorAll('style').forEach((style) => style.remove()));
    const unstyled = await page.screenshot({ animations: 'disabled' });
    await context.close();
    expect(await visiblyDifferentPixels(unstyled, await firstScreen('desktop', '/', false, true))).toBeGreaterThan(10_000);
  });
});

/** The JavaScript files the page has requested so far. */
function scriptsRequested(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) seen.push(new URL(request.url()).pathname);
  });
  return () => [...seen];
}

/** Reads down the page as a visitor would, three quarters of a screen at a time, pausing `pauseMs` at each step. */
async function readToTheEnd(page: Page, pauseMs: number) {
  const screen = await page.evaluate(() => innerHeight);
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 0.75 * screen) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(pauseMs);
  }
}

/** Starts recording the page's layout shifts (value and the nodes that moved); returns a reader. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources: { node?: Node }[] }[]) {
        shifts.push(`${entry.value.toFixed(5)} ${entry.sources.map((source) => source.node?.nodeName).join(',')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
}

/** Where the first part ends: after the page's header (the home page's two bars), before <main>. */
function afterTheHeader(html: string): number {
  const end = html.lastIndexOf('</header>', html.indexOf('<main'));
  if (end < 0) throw new Error('the page has no header before <main>');
  return end + '</header>'.length;
}

/**
 * A loopback server in front of the site that sends `path`'s HTML in two parts, the second `pauseMs`
 * after the first, which ends where `cut` says; everything else passes through as it is.
 */
async function pageInTwoParts(path: string, pauseMs: number, cut: (html: string) => number): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    void (async () => {
      // Every request as the page made it: the figures' beacon is a POST (when the browser is idle, so not in every run).
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const upstream = await fetch(`${baseUrl}${request.url}`, {
        method: request.method,
        headers: { 'accept-encoding': 'identity', 'content-type': request.headers['content-type'] ?? 'text/plain' },
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      if (request.url !== path) return response.end(body);
      const html = body.toString();
      const end = cut(html);
      response.write(html.slice(0, end));
      setTimeout(() => response.end(html.slice(end)), pauseMs);
    })().catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, close: () => server.close() };
}

describe('layout stability', () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`on a ${device} with a 4x slower CPU, nothing moves while the page loads and hydrates`, async () => {
      const { page, context, errors } = await openPage(browser, device);
      const shifts = await recordLayoutShifts(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await waitForHydration(page);
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('on a phone, a jump a few screens down right after load lands still: no section keeps a height it took before the full stylesheet', async () => {
    // The voice demo sits within the screens the browser lays out with the first frame: before the
    // full stylesheet, it came out 190 px short and kept that height until the visitor came near.
    const { page, context, errors } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.$eval('#about', (about) => scrollTo({ top: about.getBoundingClientRect().top + scrollY - 100, behavior: 'instant' }));
    const landed = await page.$eval('#about', (about) => about.getBoundingClientRect().top);
    await page.waitForTimeout(300);
    // Sections laid out on the way take their real heights, and the browser's scroll anchoring keeps
    // #about in place, in whole pixels: what is left is under one pixel (0.6 px measured), no more.
    const moved = Math.abs((await page.$eval('#about', (about) => about.getBoundingClientRect().top)) - landed);
    expect(moved).toBeLessThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should the full stylesheet fail to load, the sections below the first screen are still shown', async () => {
    const { page, context } = await openPage(browser, 'phone');
    await page.route(/\/assets\/.*\.css$/, (route) => route.abort());
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.locator('#faq').scrollIntoViewIfNeeded();
    expect(await page.$eval('#faq h2', (heading) => heading.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    await context.close();
  });

  it('on a desktop with classic scrollbars, nothing moves when the header is painted before the rest arrives', async () => {
    // The first paint has no scrollbar yet; the page's content brings one, 15 px wide. The privacy
    // policy: the home page holds its first paint for the whole first screen (see 'first paint').
    const site = await pageInTwoParts('/privacy/', 400, afterTheHeader);
    const desktop = await launchBrowser([], { scrollbars: true });
    try {
      const { page, errors } = await openPage(desktop, 'desktop');
      const shifts = await recordLayoutShifts(page);
      await page.goto(site.url, { waitUntil: 'load' });
      await waitForHydration(page);
      expect(await page.evaluate(() => innerWidth - document.documentElement.clientWidth)).toBeGreaterThan(0);
      expect(await shifts()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await desktop.close();
      site.close();
    }
  });
});

describe('first paint', () => {
  it('shows the whole first screen at once, even when the HTML stops arriving in the middle of the hero', async () => {
    const site = await pageInTwoParts('/', 400, (html) => html.indexOf('</h1>') + '</h1>'.length);
    try {
      const { page, context } = await openPage(browser, 'phone');
      await page.addInitScript(() => {
        const paints: Record<string, number> = {};
        Object.assign(window, { paints });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints[entry.name] = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints.largest = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(site.url, { waitUntil: 'load' });
      await waitForHydration(page);
      const paints = await page.evaluate(() => (window as unknown as { paints: Record<string, number> }).paints);
      // Nothing painted while half the hero was there; then the hero, largest element included, in one frame.
      expect(paints['first-contentful-paint']).toBeGreaterThan(400);
      expect(paints.largest).toBe(paints['first-contentful-paint']);
      await context.close();
    } finally {
      site.close();
    }
  });

  it('comes before any script is even requested', async () => {
    const { page, context } = await openPage(browser, 'phone', { url: `${baseUrl}/` });
    await waitForHydration(page);
    const { contentful, scripts } = await page.evaluate(() => ({
      contentful: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThan(contentful!);
    await context.close();
  });
});

describe('reading the layout', () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`on a ${device}, the page's script never reads the layout in an animation-frame callback, where the frame's style and layout are still to do`, async () => {
      const { page, context, errors } = await openPage(browser, device);
      await page.addInitScript(recordLayoutReads);
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.locator('#about').scrollIntoViewIfNeeded();
      await scrollSettled(page);
      const reads = () => page.evaluate(() => (window as unknown as { layoutReads: LayoutReads }).layoutReads);
      // The navigation's section tracking read the layout, after each frame.
      await expect.poll(async () => (await reads()).afterFrames).toBeGreaterThan(0);
      expect((await reads()).inFrameCallbacks).toEqual([]);
      if (device === 'phone') {
        await page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]').click();
        expect(await page.locator('#mobile-menu').getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('location');
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/** Reads of the layout by the page's script: those inside a requestAnimationFrame callback (which one), and how many outside. */
type LayoutReads = { inFrameCallbacks: string[]; afterFrames: number };

/** An init script (runs in the page before its own): counts the page's reads of the layout. */
function recordLayoutReads() {
  const reads: LayoutReads = { inFrameCallbacks: [], afterFrames: 0 };
  (window as unknown as { layoutReads: LayoutReads }).layoutReads = reads;
  let inFrameCallback = 0;
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      inFrameCallback++;
      try {
        callback(time);
      } finally {
        inFrameCallback--;
      }
    });
  const record = (name: string) => {
    if (inFrameCallback) reads.inFrameCallbacks.push(name);
    else reads.afterFrames++;
  };
  const wrap = (target: object, name: string, kind: 'value' | 'get') => {
    let owner = target;
    while (!Object.hasOwn(owner, name)) owner = Object.getPrototypeOf(owner) as object;
    const descriptor = Object.getOwnPropertyDescriptor(owner, name)!;
    const original = descriptor[kind] as (this: unknown, ...args: unknown[]) => unknown;
    Object.defineProperty(owner, name, {
      ...descriptor,
      [kind](this: unknown, ...args: unknown[]) {
        record(name);
        return original.apply(this, args);
      },
    });
  };
  for (const name of ['getBoundingClientRect', 'getClientRects']) wrap(Element.prototype, name, 'value');
  for (const name of ['clientWidth', 'clientHeight', 'scrollWidth', 'scrollHeight', 'scrollTop', 'scrollLeft']) wrap(Element.prototype, name, 'get');
  for (const name of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft']) wrap(HTMLElement.prototype, name, 'get');
  wrap(window, 'getComputedStyle', 'value');
}

/** The name of the chunk a registry entry loads ("Faq" for `import('../sections/faq/Faq')`). */
const chunkOf = (entry: BelowTheFoldSection) => /\/sections\/[\w-]+\/(\w+)/.exec(entry.load.toString())![1]!;
const HYDRATED = BELOW_THE_FOLD.filter((entry) => entry.hydrates);
const KEPT_AS_PRERENDERED = BELOW_THE_FOLD.filter((entry) => !entry.hydrates);

describe('hydration in parts', () => {
  it('the menu, used before the sections below have their code, still lands on the section', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    // No section below the first screen gets its code: those sections are not laid out yet (index.css).
    await page.route(new RegExp(`/assets/(${HYDRATED.map(chunkOf).join('|')})-[^/]+\\.js$`), () => {});
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#mobile-menu').getByRole('link', { name: 'FAQ' }).click();
    await scrollSettled(page);
    expect(Math.abs((await page.$eval('#faq', (faq) => faq.getBoundingClientRect().top)) - 60)).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a section is laid out only once the visitor nears it, hydrated or not, and keeps its real height from then on', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    // checkVisibility({ contentVisibilityAuto }) is false for what the browser skips rendering.
    const rendered = () => page.$eval('#faq h2', (heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    // Until then it holds the room measured for it.
    expect(await page.$eval('[data-section="faq"]', (part) => part.getBoundingClientRect().height)).toBe(ESTIMATED_HEIGHTS.faq!.mobile);
    await page.locator('[data-section="faq"]').scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
    const real = await page.$eval('#faq', (section) => section.getBoundingClientRect().height);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(rendered).toBe(false);
    expect(await page.$eval('[data-section="faq"]', (part) => part.getBoundingClientRect().height)).toBe(real);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sections with nothing to interact with cost no code: read to the end, they stay as prerendered', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    const requested = scriptsRequested(page);
    // What a part holds: its text and how many elements carry it.
    const parts = () =>
      page.$$eval('[data-section]', (elements) =>
        Object.fromEntries(elements.map((part) => [part.getAttribute('data-section'), `${part.querySelectorAll('*').length} ${part.textContent}`])),
      );
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const prerendered = await parts();
    await waitForHydration(page);
    await readToTheEnd(page, 100);
    const scripts = requested().join(' ');
    for (const entry of HYDRATED) expect(scripts).toContain(`/${chunkOf(entry)}-`);
    expect(KEPT_AS_PRERENDERED.length).toBeGreaterThan(0);
    for (const entry of KEPT_AS_PRERENDERED) expect(scripts).not.toContain(`/${chunkOf(entry)}-`);
    const now = await parts();
    for (const { id } of KEPT_AS_PRERENDERED) {
      expect(now[id], id).toBe(prerendered[id]);
      expect(now[id]!.length, id).toBeGreaterThan(300);
      // Nothing in them would need their code: a section that gains a control must hydrate again.
      const controls = `[data-section="${id}"] :is(button, input, select, textarea, details, [tabindex], [role="button"])`;
      expect(await page.locator(controls).count(), id).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a section’s code comes by its import alone: the only module preloads in the page are the first screen’s', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    const requested = scriptsRequested(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    const scripts = requested().join(' ');
    for (const code of [...HYDRATED.map(chunkOf), 'Toasts']) expect(scripts).toContain(`/${code}-`);
    // The chunks the inline loader preloads after the first paint (scripts/prerender.ts).
    const html = await (await fetch(`${baseUrl}/`)).text();
    const started = JSON.parse(/(\["\/assets\/[^\]]*\])\.forEach/.exec(html)![1]!) as string[];
    expect(started.length).toBeGreaterThan(1);
    const preloads = await page.$$eval('link[rel="modulepreload"]', (links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads.sort()).toEqual([...started].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after load, the whole page hydrates without the visitor scrolling', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The chunks that hold zod's core (the forms' contract check), by what they hold. */
async function contractCheckChunks(): Promise<string[]> {
  const scripts = (await readdir(join(staticDir, 'assets'))).filter((file) => file.endsWith('.js'));
  const found: string[] = [];
  for (const file of scripts) if ((await readFile(join(staticDir, 'assets', file), 'utf8')).includes('$ZodCheck')) found.push(`/assets/${file}`);
  return found;
}

describe('code a visitor asks for', () => {
  it('the contact form’s contract check comes when focus first enters the form, not with the page, even read to the end', async () => {
    const check = await contractCheckChunks();
    expect(check).toHaveLength(1);
    const { page, context, errors } = await openPage(browser, 'phone');
    const requested = scriptsRequested(page);
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await readToTheEnd(page, 100);
    // Every section below the first screen has its code by now; not the check.
    for (const entry of HYDRATED) expect(requested().join(' ')).toContain(`/${chunkOf(entry)}-`);
    expect(requested()).not.toContain(check[0]);
    await page.locator('#contact-name').focus();
    await expect.poll(requested).toContain(check[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a submit that comes before the check has arrived waits for it, then names the fields it finds and sends nothing', async () => {
    const [check] = await contractCheckChunks();
    const { page, context, errors } = await openPage(browser, 'desktop');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${check}`, async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('#contact-name').fill('Marie Tremblay');
    await page.locator('#contact-email').fill('CEO<x@evil.example>');
    await page.locator('#contact-form button[type="submit"]').click();
    await page.waitForTimeout(200);
    expect(await page.locator('#contact-email').getAttribute('aria-invalid')).toBeNull();
    release();
    await expect.poll(() => page.locator('#contact-email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contact-phone').getAttribute('aria-invalid')).toBe('true');
    expect(posts.filter((url) => url.endsWith(API_PATHS.contact))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
