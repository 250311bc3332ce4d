import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { openPage, scrollSettled, pagesInOneBrowser } from './helpers/browser';
import { box, overlap, showWholePage, type Box } from './helpers/layout';

/**
 * The design system's bars and colours: the skip link in the bar, a phone's menu that leads to the
 * demo and to a call, one accent for every primary action, and the visitor's theme shown before
 * hydration. Measured in a real Chromium on the production build.
 */
const baseUrl = inject('baseUrl');
const { open, browser } = pagesInOneBrowser(baseUrl);

describe('the skip link shows inside the top bar', () => {
  it('when focused, it stands in the bar: over neither the headline nor the logo, on the home and privacy pages', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      for (const which of ['home', 'privacy'] as const) {
        for (const locale of LOCALES) {
          const { page, context } = await open(device, locale, { page: which });
          await page.keyboard.press('Tab');
          const link = await box(page, 'a[href="#main"]:focus');
          // The bar itself (the mobile layout's header also holds its menu, closed here).
          const bar = await box(page, which === 'privacy' ? 'header' : device === 'phone' ? '[data-nav="mobile"] > div' : '[data-nav="desktop"]');
          const headline = await page.$$eval(
            'h1',
            (headings) =>
              headings
                .find((heading) => heading.checkVisibility())!
                .getBoundingClientRect()
                .toJSON() as Box,
          );
          const logo = await page.$$eval(
            'header svg[viewBox="0 0 48 48"]',
            (marks) =>
              marks
                .find((mark) => mark.checkVisibility())!
                .getBoundingClientRect()
                .toJSON() as Box,
          );
          const where = `${device}, ${which}, ${locale}: link ${JSON.stringify(link)}, bar ${JSON.stringify(bar)}`;
          expect(link.top, where).toBeGreaterThanOrEqual(bar.top);
          expect(link.bottom, where).toBeLessThanOrEqual(bar.bottom);
          expect(overlap(link, headline), where).toBe(false);
          expect(overlap(link, logo), where).toBe(false);
          await context.close();
        }
      }
    }
  });
});

describe('the phone’s menu', () => {
  it('keeps the four sections in order under its logo button, then leads to the demo and, as a primary action, to a call', async () => {
    for (const locale of LOCALES) {
      const content = getContent(locale);
      const { page, context, errors } = await open('phone', locale);
      const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
      expect(await button.locator('svg[viewBox="0 0 48 48"]').count(), 'the logo opens the menu').toBe(1);
      await button.click();
      const menu = page.locator('#mobile-menu');
      expect(await menu.locator('ul').first().locator('a').allTextContents()).toEqual([
        content.nav.services,
        content.nav.about,
        content.nav.contact,
        content.nav.faq,
      ]);
      const demo = menu.getByRole('link', { name: content.menu.demo });
      const call = menu.getByRole('link', { name: content.hero.cta });
      expect(await demo.getAttribute('href')).toBe('#ai-caller');
      expect(await call.getAttribute('href')).toBe('#contact-form');
      // The call is the one accent's pill, as the hero's.
      const [callColour, heroColour] = await Promise.all([
        call.evaluate((element) => getComputedStyle(element).backgroundColor),
        page.locator('[data-hero="mobile"] a[href="#contact-form"]').evaluate((element) => getComputedStyle(element).backgroundColor),
      ]);
      expect(callColour).toBe(heroColour);
      // The whole menu fits a phone's screen.
      expect((await box(page, '#mobile-menu > div')).bottom).toBeLessThanOrEqual(800);

      await demo.click();
      await scrollSettled(page);
      expect(await menu.isVisible()).toBe(false);
      expect(Math.abs((await box(page, '#ai-caller')).top - 60), 'the demo, 60 px under the top').toBeLessThanOrEqual(1);
      await button.click();
      await call.click();
      await scrollSettled(page);
      expect(Math.abs((await box(page, '#contact-form')).top - 160), 'the form, 160 px under the top').toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('one accent, the visitor’s theme', () => {
  it('every primary action has the one accent, the same indigo in both themes; the FAQ’s group headings and the figures carry it as text in both', async () => {
    const primary = {
      'Book a Free Call': '[data-hero="desktop"] a[href="#contact"]',
      'Call Me': '#ai-caller button[aria-describedby="voice-privacy-notice"]',
      'Send Message': '#contact-form button[type="submit"]',
      Subscribe: '#newsletter button[type="submit"]',
      'Contact Our Experts': '#faq a[href="#contact"]',
    };
    const seen: Record<string, string> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'en', { colorScheme });
      // "Call Me" as it is when the demo can be tried (this server has none: the card would say it is unavailable).
      await page.route('**/api/voice/status?*', (route) => route.fulfill({ json: { state: 'ready' } }));
      await showWholePage(page);
      const colours = await page.evaluate(
        (selectors) =>
          Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, getComputedStyle(document.querySelector(selector)!).backgroundColor])),
        primary,
      );
      expect(new Set(Object.values(colours)).size, `${colorScheme}: ${JSON.stringify(colours)}`).toBe(1);
      seen[colorScheme] = Object.values(colours)[0]!;
      // As text the accent takes the theme's shade (indigo 700 on light, 400 on dark): the FAQ's group
      // headings have the figures' colour, an indigo (blue well above red and green), not the body's.
      const text = await page.evaluate(() => ({
        headings: [...document.querySelectorAll('[data-faq-group] > h3')].map((heading) => getComputedStyle(heading).color),
        figure: getComputedStyle(document.querySelector('[data-benefit] > div > span')!).color,
        body: getComputedStyle(document.body).color,
      }));
      expect(text.headings.length, colorScheme).toBeGreaterThan(0);
      expect(new Set(text.headings), colorScheme).toEqual(new Set([text.figure]));
      expect(text.figure, colorScheme).not.toBe(text.body);
      const [red, green, blue] = text.figure.match(/\d+/g)!.map(Number);
      expect(blue! - Math.max(red!, green!), `${colorScheme}: ${text.figure}`).toBeGreaterThan(60);
      await context.close();
    }
    expect(seen.light, 'the primary actions’ background in light and in dark').toBe(seen.dark);
  });

  it('a visitor who chose dark or light sees that choice pressed in the theme toggle before the page hydrates', async () => {
    for (const [stored, systemScheme] of [
      ['dark', 'light'],
      ['light', 'dark'],
    ] as const) {
      for (const device of ['desktop', 'phone'] as const) {
        const { page, context } = await openPage(browser(), device, { colorScheme: systemScheme });
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), stored);
        // No script of the page's runs but the inline boot script: the page as it is before hydrating.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.goto(baseUrl, { waitUntil: 'load' });
        const where = `${device}, stored ${stored}, system ${systemScheme}`;
        if (device === 'phone') {
          // The phone's one switch shows the icon of the choice in force, and only that one.
          const shown = await page.$$eval('[data-nav="mobile"] [data-theme-switch] [data-theme-icon]', (icons) =>
            icons.filter((icon) => icon.checkVisibility()).map((icon) => icon.getAttribute('data-theme-icon')),
          );
          expect(shown, where).toEqual([stored]);
          await context.close();
          continue;
        }
        const looks = await page.$$eval('[data-nav="desktop"] [data-theme-option]', (options) =>
          options.map((option) => ({
            option: option.getAttribute('data-theme-option'),
            pressedLook: getComputedStyle(option).backgroundColor !== 'rgba(0, 0, 0, 0)',
            ariaPressed: option.getAttribute('aria-pressed'),
          })),
        );
        expect(
          looks.filter((look) => look.pressedLook).map((look) => look.option),
          where,
        ).toEqual([stored]);
        // Nor does any other option tell a screen reader it is the one chosen.
        expect(
          looks.filter((look) => look.ariaPressed === 'true' && look.option !== stored),
          where,
        ).toEqual([]);
        await context.close();
      }
    }
  });
});
