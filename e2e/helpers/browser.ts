import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser } from '../../scripts/lib/chromium';
import type { Locale } from '../../src/contracts/locales';
import { pagePath, type PageId } from '../../src/web/lib/pages';

export { launchBrowser };

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_UA = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The three screens the issue names: a desktop, a phone, and a tablet-sized mobile device. */
export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  tablet: { viewport: { width: 1024, height: 768 }, userAgent: IPAD_UA, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

export type DeviceName = keyof typeof DEVICES;

export type OpenedPage = {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught exceptions seen so far. */
  errors: string[];
  /** Requests to anything but the loopback server. */
  externalRequests: string[];
};

/**
 * For the tests of what the forms, the servers and the code do, not of how the page looks or moves:
 * a headless Chromium draws every frame of an animation in software, and while one of the page's
 * endless decorative ones is in view (the emblem's orbit, the call button's waves, the banner's
 * marquee) the page keeps about a quarter of a core busy, taken from the other tests running beside
 * it. With reduced motion they draw once. The tests of the page's looks and motion keep the default.
 */
export const STILL = { reducedMotion: 'reduce' } as const satisfies BrowserContextOptions;

/** A fresh context (own storage) and page, watching for console errors and requests leaving localhost. */
export async function openPage(browser: Browser, device: DeviceName, options: BrowserContextOptions & { url?: string } = {}): Promise<OpenedPage> {
  const { url, ...contextOptions } = options;
  const context = await browser.newContext({ ...DEVICES[device], ...contextOptions });
  const page = await context.newPage();
  const errors: string[] = [];
  const externalRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const target = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(target.hostname) && target.protocol !== 'data:') externalRequests.push(request.url());
  });
  if (url) await page.goto(url, { waitUntil: 'load' });
  return { context, page, errors, externalRequests };
}

/**
 * axe-core violations (WCAG 2.2 A/AA and best practices), summarised one line each; `within` (a
 * selector) checks one part, for a test that changes only that part: a whole page takes 5 to 9 s on a
 * busy machine, the voice card under 1 s.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // Sections far from the viewport skip their style updates (content-visibility: auto), so a theme
  // switched a moment ago starts their colour transitions only when axe reads them, and axe would
  // read the old colour on the new background. Read every style first and let those transitions end.
  await page.evaluate(async (scope) => {
    for (const element of document.querySelectorAll(`${scope} *`)) getComputedStyle(element).getPropertyValue('color');
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  }, within ?? 'body');
  // axe.run in the page itself (legacy mode): the default runs axe in each frame and merges the
  // results in a blank page it opens, injecting axe twice, which only cross-origin frames need; the
  // site has none (its policy's default-src 'self' covers frames), and a check takes half the time.
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).setLegacyMode(true);
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Pictures for people to look at after a visual change, never compared: written only when
 * SCREENSHOTS names a folder (`SCREENSHOTS=e2e/screenshots npx vitest run --project e2e …`).
 * Encoding them is about half the screenshot file's time, which every run of the suite would pay.
 */
export const SCREENSHOT_DIR = process.env.SCREENSHOTS || undefined;

/** Lays the whole page out (`fullPage`), as a visitor who scrolled through sees it, and writes its picture if asked. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  // The whole page rendered: the browser skips painting sections far from the viewport (index.css).
  if (fullPage) await page.evaluate(() => document.documentElement.classList.add('full-layout'));
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

/** Waits until the page has hydrated (the app marks <html data-hydrated> once it is interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}

/** Waits for a smooth scroll to start (if it has to) and then to stand still for half a second. */
export async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = scrollY;
        let still = 0;
        const timer = setInterval(() => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 5) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
      }),
  );
}

/**
 * A test file's one Chromium (launched before its tests, closed after them: call this at the file's
 * top level) and `open(device, locale, { page })`: one of the site's pages in that language on a
 * device, hydrated, its context made with `defaults` (such as STILL) and then the call's options.
 * `browser()` for the file's other uses of the same Chromium.
 */
export function pagesInOneBrowser(baseUrl: string, defaults: BrowserContextOptions = {}) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = () => {
    if (!browser) throw new Error('the browser is launched before the tests run');
    return browser;
  };
  async function open(device: DeviceName, locale: Locale, options: BrowserContextOptions & { page?: PageId } = {}): Promise<OpenedPage> {
    const { page: which = 'home', ...rest } = options;
    const opened = await openPage(launched(), device, { url: `${baseUrl}${pagePath(which, locale)}`, ...defaults, ...rest });
    await waitForHydration(opened.page);
    return opened;
  }
  return { open, browser: launched };
}
