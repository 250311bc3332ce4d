import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { openPage, waitForHydration, pagesInOneBrowser } from './helpers/browser';
import { box, columns, overlap, shownBox, showWholePage, wrappedTexts, type Box } from './helpers/layout';

/**
 * The page's frame at the widths that matter, measured in a real Chromium on the production build:
 * bars that stay one line, a menu button that says what it opens, the skip link's room, and one
 * column and one edge at every width. Screenshots of every width, theme and language:
 * ./screenshots.test.ts.
 */
const baseUrl = inject('baseUrl');
const { open, browser } = pagesInOneBrowser(baseUrl);

describe('the bars, the menu and the skip link', () => {
  it('the desktop bar stays one line high from 768 px: neither the brand nor a link wraps, in both languages', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale, { viewport: { width: 768, height: 800 } });
      for (const width of [768, 800, 850, 900, 1024]) {
        await page.setViewportSize({ width, height: 800 });
        expect((await box(page, '[data-nav="desktop"]')).height, `${locale} at ${width} px`).toBeLessThanOrEqual(72);
        expect(await wrappedTexts(page, '[data-nav="desktop"] :is(a, button, span)'), `${locale} at ${width} px`).toEqual([]);
      }
      await context.close();
    }
  });

  it('the mobile bar stays one line high down to 320 px', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('phone', locale, { viewport: { width: 320, height: 640 } });
      // 56 px and its bottom border.
      expect((await box(page, '[data-nav="mobile"] > div')).height, locale).toBeLessThanOrEqual(57);
      expect(await wrappedTexts(page, '[data-nav="mobile"] > div :is(a, button, span)'), locale).toEqual([]);
      await context.close();
    }
  });

  it('the mobile menu button shows that it opens a menu, and the bar’s logo is not repeated under it', async () => {
    const { page, context } = await open('phone', 'en');
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    // Besides the logo, a menu glyph, drawn differently once the menu is open.
    const glyph = button.locator('svg:not([viewBox="0 0 48 48"])');
    expect(await glyph.count()).toBe(1);
    expect((await glyph.boundingBox())!.width).toBeGreaterThanOrEqual(16);
    const closed = await glyph.screenshot({ animations: 'disabled' });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.waitForTimeout(400);
    expect((await glyph.screenshot({ animations: 'disabled' })).equals(closed)).toBe(false);
    await button.click();

    // The small brand mark (the logo's 48-unit drawing under 100 px) shows once on the first screen.
    const smallLogos = await page.$$eval(
      'svg[viewBox="0 0 48 48"]',
      (logos) =>
        logos.filter((logo) => {
          const rect = logo.getBoundingClientRect();
          return logo.checkVisibility() && rect.bottom > 0 && rect.top < innerHeight && rect.width < 100;
        }).length,
    );
    expect(smallLogos).toBe(1);
    await context.close();
  });

  it('the focused skip link has room around its text and covers neither logo, on every page', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      for (const which of ['home', 'privacy'] as const) {
        const { page, context } = await open(device, 'fr', { page: which });
        await page.keyboard.press('Tab');
        const link = page.locator('a[href="#main"]');
        expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
        const { padding, rect } = await link.evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            padding: [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft].map(parseFloat),
            rect: element.getBoundingClientRect().toJSON() as Box,
          };
        });
        const where = `${device}, ${which}`;
        for (const side of padding) expect(side, `${where}: padding ${padding.join(' ')}`).toBeGreaterThanOrEqual(8);
        const logo = await shownBox(page, 'header svg[viewBox="0 0 48 48"]');
        expect(logo, where).not.toBeNull();
        expect(overlap(rect, logo!), `${where}: the link ${JSON.stringify(rect)} over the logo ${JSON.stringify(logo)}`).toBe(false);
        await context.close();
      }
    }
  });

  it('on a phone the theme switch is one button, no heavier than the language switch', async () => {
    const { page, context } = await open('phone', 'en');
    const controls = await page.$$eval('[data-nav="mobile"] > div :is([data-theme-switch], [role="group"] button)', (buttons) =>
      buttons.filter((button) => button.checkVisibility()).map((button) => button.getBoundingClientRect().width),
    );
    const language = await box(page, '[data-nav="mobile"] [data-language-switch]');
    expect(controls).toHaveLength(1);
    expect(controls[0]!).toBeLessThanOrEqual(language.width + 4);
    await context.close();
  });
});

describe('one column and one edge at every width', () => {
  it('the mobile layout on a tablet (768 px portrait, 1366 px landscape) keeps the bar and the hero to a readable column', async () => {
    for (const width of [768, 1366]) {
      const { page, context } = await openPage(browser(), 'tablet', { url: baseUrl, viewport: { width, height: 1024 } });
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('layout-mobile'))).toBe(true);
      const cta = await box(page, '[data-hero="mobile"] a[href="#contact-form"]');
      expect(cta.width, `"Book a Free Call" at ${width} px`).toBeLessThanOrEqual(480);
      // The bar's content, from the menu button to the theme switch.
      const menuButton = await box(page, '[data-nav="mobile"] button[aria-controls="mobile-menu"]');
      const toggle = await box(page, '[data-nav="mobile"] [data-theme-switch]');
      expect(toggle.right - menuButton.left, `the bar's content at ${width} px`).toBeLessThanOrEqual(768);
      const menu = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
      await menu.click();
      const list = await box(page, '#mobile-menu ul');
      expect(list.width, `the open menu at ${width} px`).toBeLessThanOrEqual(480);
      // Beside the list is the backdrop: a tap there closes the menu.
      await page.mouse.click(list.right + 40, list.top + 20);
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      await context.close();
    }
  });

  it('nav, hero, sections and footer share one left and one right edge from 1024 to 1920 px', async () => {
    const { page, context } = await open('desktop', 'en');
    await showWholePage(page);
    for (const width of [1024, 1280, 1366, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      // Each block: the element whose left edge it starts at, and the one whose right edge it ends at.
      const edges = await page.evaluate(
        (blocks) =>
          Object.fromEntries(
            Object.entries(blocks).map(([name, [start, end]]) => [
              name,
              {
                left: Math.round(document.querySelector(start)!.getBoundingClientRect().left),
                right: end ? Math.round(document.querySelector(end)!.getBoundingClientRect().right) : undefined,
              },
            ]),
          ),
        {
          'nav (logo to theme switch)': ['[data-nav="desktop"] a[href="#top"]', '[data-nav="desktop"] [role="group"]'],
          'hero headline': ['[data-hero="desktop"] h1', ''],
          'service cards': ['#services li:first-child', '#services li:last-child'],
          'contact columns': ['#contact header + div', '#contact header + div'],
          'footer sign-up band': ['footer > div', 'footer > div'],
          'footer copyright': ['footer > div:last-child p', ''],
        } as Record<string, [string, string]>,
      );
      const lefts = new Set(Object.values(edges).map((edge) => edge.left));
      const rights = new Set(Object.values(edges).flatMap((edge) => (edge.right === undefined ? [] : [edge.right])));
      expect(lefts.size, `${width} px: ${JSON.stringify(edges)}`).toBe(1);
      expect(rights.size, `${width} px: ${JSON.stringify(edges)}`).toBe(1);
    }
    await context.close();
  });

  it('the privacy pages have one left edge: header, text and footer', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale, { page: 'privacy' });
      for (const width of [390, 1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const lefts = await page.evaluate(
          (selectors) => selectors.map((selector) => Math.round(document.querySelector(selector)!.getBoundingClientRect().left)),
          ['header a', 'main h1', 'main section p', 'footer p'],
        );
        expect(new Set(Object.values(lefts)).size, `${locale} at ${width} px: ${JSON.stringify(lefts)}`).toBe(1);
      }
      await context.close();
    }
  });

  it('from 1024 px the privacy page’s contents are a side column beside the text, still in view halfway down', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale, { page: 'privacy' });
      for (const width of [1024, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const contents = await box(page, 'main nav');
        const text = await box(page, 'main section p');
        const table = await box(page, '[data-kept-table]');
        const column = await box(page, 'main article');
        const where = `${locale} at ${width} px`;
        // Beside the text, on the column's right edge, with the table of what is kept as wide as the text's column.
        expect(contents.left, where).toBeGreaterThan(text.right);
        expect(Math.round(contents.right), where).toBe(Math.round(column.right));
        expect(table.right, where).toBeLessThan(contents.left);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        const held = await box(page, 'main nav');
        expect(held.top >= 0 && held.bottom <= 900, `${where}: ${JSON.stringify(held)}`).toBe(true);
      }
      await context.close();
    }
  });

  it('services and benefits are two by two from 768 px until four fit; four titles never take three lines', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [768, 1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        for (const list of ['#services ul > li', '#about ul > li']) {
          const count = await columns(page, list);
          expect(count, `${locale}, ${list} at ${width} px`).toBe(width < 1280 ? 2 : 4);
        }
        const titles = await page.$$eval('#services li h3, #about li h3', (headings) =>
          headings.map((heading) => ({
            text: heading.textContent,
            lines: Math.round(heading.getBoundingClientRect().height / parseFloat(getComputedStyle(heading).lineHeight)),
          })),
        );
        expect(
          titles.filter((title) => title.lines > 2),
          `${locale} at ${width} px`,
        ).toEqual([]);
      }
      await context.close();
    }
  });
});
