import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, screenshot, waitForHydration } from './helpers/browser';

/**
 * The home page at common widths (a small and a usual phone, a tablet, laptops, a desktop), in both
 * themes and languages, and the other pages (privacy policy, 404) at a phone's and a desktop's
 * width. Phones below 768 px, desktops from 768 px. Each must fit its width: nothing scrolls sideways.
 * With SCREENSHOTS=<folder>, each is written there for people to look at (not committed):
 * home-<width>-<theme>-<locale>.png and <page>-<width>-<theme>-<locale>.png, under reduced motion so
 * the pictures are the same from one run to the next.
 */
const baseUrl = inject('baseUrl');
const WIDTHS = [320, 390, 768, 1024, 1366, 1440, 1920];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(WIDTHS)('the home page at %i px', (width) => {
  it.each(['light', 'dark'] as const)('in the %s theme, in both languages, fits its width', async (colorScheme) => {
    const device = width < 768 ? 'phone' : 'desktop';
    // One device pixel per CSS pixel: the pictures are for looking at, and twice the pixels take twice as long.
    const { page, context, errors } = await openPage(browser, device, {
      viewport: { width, height: device === 'phone' ? 800 : 900 },
      deviceScaleFactor: 1,
      colorScheme,
      reducedMotion: 'reduce',
    });
    for (const locale of LOCALES) {
      await page.goto(`${baseUrl}${pagePath('home', locale)}`, { waitUntil: 'load' });
      await waitForHydration(page);
      // Every section laid out and shown, as a visitor who scrolled through would see it.
      await page.evaluate(() => {
        document.documentElement.classList.add('full-layout');
        for (const section of document.querySelectorAll('[data-reveal]')) section.setAttribute('data-inview', '');
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow, `${locale}: wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${width}-${colorScheme}-${locale}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

const OTHER_PAGES: Record<string, (locale: Locale) => string> = {
  privacy: (locale) => pagePath('privacy', locale),
  'not-found': (locale) => `${pagePath('home', locale)}nothing-here`,
};

describe.each([390, 1440])('the other pages at %i px', (width) => {
  it.each(['light', 'dark'] as const)('in the %s theme, in both languages, fit their width', async (colorScheme) => {
    const device = width < 768 ? 'phone' : 'desktop';
    const { page, context, errors } = await openPage(browser, device, {
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
      colorScheme,
      reducedMotion: 'reduce',
    });
    for (const [name, path] of Object.entries(OTHER_PAGES)) {
      for (const locale of LOCALES) {
        await page.goto(`${baseUrl}${path(locale)}`, { waitUntil: 'load' });
        await waitForHydration(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect(overflow, `${name}, ${locale}: wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
        await screenshot(page, `${name}-${width}-${colorScheme}-${locale}`);
      }
    }
    // The 404 pages' own status is the one failed load the console reports.
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
