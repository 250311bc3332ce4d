import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locale } from '../src/web/content';
import { pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage } from './helpers/browser';

/**
 * Issue 22: how the page looks, measured. Each defect the issue lists has its test here; so do the
 * design rules it asks for (one type scale, the vertical rhythm, motion that rests under reduced
 * motion). Screenshots of every width, theme and language are in ./screenshots.test.ts.
 */
const baseUrl = inject('baseUrl');
const homeUrl = (locale: Locale) => `${baseUrl}${pagePath('home', locale)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('issue 22 defects', () => {
  it('9. a visitor who chose dark or light sees that choice pressed in the theme toggle before the page hydrates', async () => {
    for (const [stored, systemScheme] of [
      ['dark', 'light'],
      ['light', 'dark'],
    ] as const) {
      for (const device of ['desktop', 'phone'] as const) {
        const { page, context } = await openPage(browser, device, { colorScheme: systemScheme });
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), stored);
        // No script of the page's runs but the inline boot script: the page as it is before hydrating.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.goto(baseUrl, { waitUntil: 'load' });
        const bar = device === 'desktop' ? '[data-nav="desktop"]' : '[data-nav="mobile"]';
        const looks = await page.$$eval(`${bar} [data-theme-option]`, (options) =>
          options.map((option) => ({
            option: option.getAttribute('data-theme-option'),
            pressedLook: getComputedStyle(option).backgroundColor !== 'rgba(0, 0, 0, 0)',
            ariaPressed: option.getAttribute('aria-pressed'),
          })),
        );
        const where = `${device}, stored ${stored}, system ${systemScheme}`;
        expect(looks.filter((look) => look.pressedLook).map((look) => look.option), where).toEqual([stored]);
        // Nor does any other option tell a screen reader it is the one chosen.
        expect(looks.filter((look) => look.ariaPressed === 'true' && look.option !== stored), where).toEqual([]);
        await context.close();
      }
    }
  });
});
