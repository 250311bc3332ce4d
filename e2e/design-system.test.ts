import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { openPage, scrollSettled, pagesInOneBrowser } from './helpers/browser';
import { box, fontSizes, lineCount, loneLastWords, overlap, showWholePage, type Box } from './helpers/layout';
import { monogram } from '../src/web/lib/monogram';

/**
 * One design system across the page: one card, one field, one accent, paragraphs that end well,
 * titles on one line where they fit, the skip link in the bar, a phone's menu that leads to the
 * demo and to a call, the contact section in reading order, and a form's outcome said once, clear
 * of the form; one type scale, sections kept close, motion that rests under reduced motion, only
 * the firm's own pictures, one accent, the visitor's theme before hydration. Measured in a real
 * Chromium on the production build.
 */
const baseUrl = inject('baseUrl');
const { open, browser } = pagesInOneBrowser(baseUrl);

const CARDS = '#services [data-service], #about [data-benefit], [data-delivery]';

describe('cards share one system', () => {
  it('services, benefits and deliverables: one card style and one width, on one column, at every width', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'fr', { colorScheme });
      await showWholePage(page);
      for (const width of [360, 768, 1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = await page.$$eval(CARDS, (items) =>
          items.map((item) => {
            const style = getComputedStyle(item);
            const rect = item.getBoundingClientRect();
            return {
              style: [
                style.borderTopLeftRadius,
                style.borderTopWidth,
                style.borderTopColor,
                style.backgroundColor,
                style.paddingTop,
                style.paddingLeft,
                style.boxShadow,
              ].join(' | '),
              width: Math.round(rect.width),
              list: item.parentElement!.getBoundingClientRect().toJSON() as Box,
            };
          }),
        );
        const where = `${colorScheme} at ${width} px`;
        expect(cards, where).toHaveLength(12);
        expect(new Set(cards.map((card) => card.style)), where).toHaveProperty('size', 1);
        expect(new Set(cards.map((card) => card.width)), `${where}: ${cards.map((card) => card.width).join(' ')}`).toHaveProperty('size', 1);
        // The three lists stand on one column: the same left and right edges.
        const edges = new Set(cards.map((card) => `${Math.round(card.list.left)}–${Math.round(card.list.right)}`));
        expect(edges, where).toHaveProperty('size', 1);
      }
      await context.close();
    }
  });

  it('in each row of cards the titles, the descriptions and the bottoms line up at 1024, 1280 and 1440 px, in both languages, whatever each title’s length', async () => {
    let unevenTitles = 0;
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const cards = await page.$$eval(CARDS, (items) => {
          const lists = [...new Set(items.map((item) => item.parentElement!))];
          // From each card's top (the cards come in moving, each at its own delay): where its title and
          // text start, and its height. The row is the card's place in the layout, untransformed.
          return items.map((item) => {
            const rect = item.getBoundingClientRect();
            const heading = item.querySelector('h3')!;
            const title = heading.getBoundingClientRect();
            const words = document.createRange();
            words.selectNodeContents(heading);
            return {
              row: `list ${lists.indexOf(item.parentElement!)}, top ${(item as HTMLElement).offsetTop}`,
              title: Math.round(title.top - rect.top),
              titleLines: new Set([...words.getClientRects()].map((line) => Math.round(line.top))).size,
              text: Math.round(item.querySelector('p')!.getBoundingClientRect().top - rect.top),
              bottom: Math.round(rect.height),
            };
          });
        });
        const rows = new Map<string, typeof cards>();
        for (const card of cards) rows.set(card.row, [...(rows.get(card.row) ?? []), card]);
        expect(rows.size, `${locale} at ${width} px`).toBeGreaterThanOrEqual(3);
        for (const [row, members] of rows) {
          const where = `${locale} at ${width} px, ${row}`;
          expect(members.length, where).toBeGreaterThan(1);
          for (const edge of ['title', 'text', 'bottom'] as const) {
            expect(new Set(members.map((card) => card[edge])), `${where}: ${edge}s ${members.map((card) => card[edge]).join(' ')}`).toHaveProperty('size', 1);
          }
          if (new Set(members.map((card) => card.titleLines)).size > 1) unevenTitles += 1;
        }
      }
      await context.close();
    }
    // Rows whose titles take one line and two: the check above has something to line up.
    expect(unevenTitles).toBeGreaterThan(0);
  });

  it('one icon style, and a benefit shows its figure where it has one, its icon where not, in a slot of the same height', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const tops = await page.$$eval(CARDS, (items) =>
        items.map((item) => {
          const slot = item.firstElementChild!;
          const tile = slot.querySelector('svg')?.parentElement;
          return {
            slot: Math.round(slot.getBoundingClientRect().height),
            tile: tile
              ? [getComputedStyle(tile).backgroundImage, getComputedStyle(tile).color, Math.round(tile.getBoundingClientRect().width)].join(' | ')
              : null,
            figure: slot.querySelector('svg') ? null : slot.textContent,
            title: Math.round(item.querySelector('h3')!.getBoundingClientRect().top - item.getBoundingClientRect().top),
          };
        }),
      );
      expect(new Set(tops.map((card) => card.slot)), locale).toHaveProperty('size', 1);
      // Every title starts as far down its card.
      expect(new Set(tops.map((card) => card.title)), locale).toHaveProperty('size', 1);
      const tiles = tops.flatMap((card) => (card.tile ? [card.tile] : []));
      expect(new Set(tiles), locale).toHaveProperty('size', 1);
      expect(tiles[0], locale).toContain('linear-gradient');
      const benefits = getContent(locale).benefits.items;
      expect(tops.slice(4, 8).map((card) => card.figure)).toEqual(benefits.map((item) => item.highlight ?? null));
      expect(
        benefits.some((item) => !item.highlight),
        'a benefit without a figure',
      ).toBe(true);
      await context.close();
    }
  });

  it('one accent: the deliverables’ closing line has the figures’ colour, the theme’s accent, in both themes', async () => {
    const seen: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await open('desktop', 'en', { colorScheme });
      await showWholePage(page);
      const colours = await page.evaluate(() => ({
        closing: getComputedStyle(document.querySelector('[data-section="delivery"] section > div > p')!).color,
        figure: getComputedStyle(document.querySelector('[data-benefit] > div > span')!).color,
        checks: [...document.querySelectorAll('#contact li svg')].map((icon) => getComputedStyle(icon).color),
      }));
      expect(colours.closing, colorScheme).toBe(colours.figure);
      expect(new Set(colours.checks), colorScheme).toEqual(new Set([colours.figure]));
      seen.push(colours.figure);
      await context.close();
    }
    expect(seen[0]).not.toBe(seen[1]);
  });
});

describe('form fields share one corner radius', () => {
  it('the newsletter field is shaped as the contact form’s fields, on a phone and on a desktop', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      const { page, context } = await open(device, 'en');
      await showWholePage(page);
      const radii = await page.$$eval('#contact-form :is(input, textarea):not([name="website"]), #newsletter input:not([name="website"])', (fields) =>
        fields.map((field) => `${field.id}: ${getComputedStyle(field).borderTopLeftRadius} ${getComputedStyle(field).borderBottomRightRadius}`),
      );
      expect(radii.length, device).toBe(6);
      expect(new Set(radii.map((radius) => radius.split(': ')[1])), `${device}: ${radii.join(', ')}`).toHaveProperty('size', 1);
      await context.close();
    }
  });

  it('every message said beside a field ends with a period, in both languages', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await page.locator('#contact-email').fill('not an address');
      await page.locator('#contact-form button[type="submit"]').click();
      await page.locator('#contact-email-error').waitFor();
      // The newsletter's errors are said in their notices alone (features/newsletter): none beside its field.
      const messages = await page.$$eval('[id$="-error"]', (elements) => elements.map((element) => element.textContent ?? ''));
      expect(messages.length, locale).toBeGreaterThanOrEqual(4);
      for (const message of messages) expect(message, locale).toMatch(/\.$/);
      await context.close();
    }
  });
});

describe('paragraphs end well', () => {
  const PARAGRAPHS = [
    'main [data-section]:not([data-section="voice-demo"]) p',
    'main [data-section]:not([data-section="voice-demo"]) li:not(:has(p, div, li))',
    'main h4 > button',
    '[data-hero] p',
    'footer p',
  ].join(', ');

  it('no paragraph, item or question of the sections leaves a word alone on its last line, at 360 and 1280 px, in both languages', async () => {
    for (const locale of LOCALES) {
      for (const [device, width] of [
        ['phone', 360],
        ['desktop', 1280],
      ] as const) {
        const { page, context } = await open(device, locale, { viewport: { width, height: 800 } });
        await showWholePage(page);
        // The answers too: every question open.
        await page.evaluate(() =>
          document.querySelectorAll<HTMLButtonElement>('[data-faq-item] button[aria-expanded="false"]').forEach((button) => button.click()),
        );
        await expect.poll(() => page.locator('[data-faq-item] button[aria-expanded="false"]').count()).toBe(0);
        await page.waitForTimeout(400); // the panels' 0.3 s opening
        expect(await loneLastWords(page, PARAGRAPHS), `${locale} at ${width} px`).toEqual([]);

        // The measure finds a word alone when there is one: the footer's line as it was, just too
        // narrow for its last word.
        await page
          .locator('footer p')
          .first()
          .evaluate((element) => {
            const probe = document.createElement('span');
            probe.style.whiteSpace = 'nowrap';
            probe.textContent = 'Actionable AI insights for real results. No fluff. No';
            element.replaceChildren(probe);
            const room = probe.getBoundingClientRect().width;
            element.textContent = 'Actionable AI insights for real results. No fluff. No spam.';
            (element as HTMLElement).style.cssText = `text-wrap: wrap; width: ${Math.ceil(room) + 1}px`;
          });
        expect(await loneLastWords(page, 'footer p'), 'the measure itself').toEqual([expect.stringContaining('“spam” alone under')]);
        await context.close();
      }
    }
  });
});

describe('section titles take one line where they fit', () => {
  it('every section title is on one line from 1280 to 1920 px, in both languages (« Ce que nous automatisons pour vous »)', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        const titles = await page.$$eval('main section > div > header h2', (headings) => headings.map((heading) => heading.id));
        expect(titles.length).toBeGreaterThanOrEqual(7);
        for (const id of titles) expect(await lineCount(page, `#${id}`), `${locale}, #${id} at ${width} px`).toBe(1);
      }
      await context.close();
    }
  });
});

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

describe('the contact section reads in order', () => {
  it('on a phone the form follows the details and the illustration comes last; side by side, the two headings stand on one line', async () => {
    for (const locale of LOCALES) {
      const phone = await open('phone', locale, { viewport: { width: 360, height: 800 } });
      await showWholePage(phone.page);
      const details = await box(phone.page, '#contact header + div > div:first-child');
      const form = await box(phone.page, '#contact-form');
      const chip = await box(phone.page, '#contact figure');
      expect(form.top, locale).toBeGreaterThan(details.bottom);
      expect(chip.top, locale).toBeGreaterThan(form.bottom);
      await phone.context.close();

      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      for (const width of [1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const [left, right] = await Promise.all([box(page, '#contact header + div h3'), box(page, '#contact-form-title')]);
        expect(Math.abs(left.top - right.top), `${locale} at ${width} px`).toBeLessThanOrEqual(1);
        expect(right.left, `${locale} at ${width} px: side by side`).toBeGreaterThan(left.right);
      }
      await context.close();
    }
  });
});

/** The notice on screen now, once its entrance is over. */
async function notice(page: Page) {
  const shown = page.locator('[data-sonner-toast][data-mounted="true"]').first();
  await shown.waitFor();
  await page.waitForTimeout(500);
  return (await shown.evaluate((element) => element.getBoundingClientRect().toJSON())) as Box;
}

describe('a form’s outcome is said once, clear of the form', () => {
  it('a success: the notice, then the same words in the card once it has gone, never both at once', async () => {
    for (const locale of LOCALES) {
      const { toasts } = getContent(locale);
      const { page, context } = await open('phone', locale);
      await page.locator('#newsletter-email').fill(`once-${locale}-${Date.now().toString(36)}@example.com`);
      await page.locator('#newsletter button[type="submit"]').tap();
      await page.locator('[data-sonner-toast]').filter({ hasText: toasts.newsletter.success }).waitFor();
      expect(await page.locator('footer [data-sent]').count(), `${locale}: the card while the notice is on`).toBe(0);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
      expect(await page.locator('footer [data-sent]').textContent(), locale).toContain(toasts.newsletter.success);
      // Read once: the card's words are no second live announcement.
      expect(await page.locator('footer [data-sent]').getAttribute('role')).toBeNull();
      expect(await page.locator('footer [aria-live], footer [role="status"]').count()).toBe(0);
      // The next edit and the card says nothing of the last address.
      await page.locator('#newsletter-email').fill('n');
      expect(await page.locator('footer [data-sent]').count()).toBe(0);
      await context.close();
    }
  });

  it('a notice covers neither the form nor its caption, even when they are at the bottom of the screen', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      for (const width of device === 'phone' ? [360, 390] : [768, 1280]) {
        const { page, context } = await open(device, 'fr', { viewport: { width, height: 800 } });
        await showWholePage(page);
        // What the visitor has in view as the notice comes: the newsletter's field, button and
        // consent; the contact form's button and the notice under it (the form is taller than a phone).
        const forms = [
          {
            name: 'newsletter',
            form: '#newsletter',
            caption: '#newsletter-consent',
            clear: ['#newsletter-email', '#newsletter button[type="submit"]', '#newsletter-consent'],
          },
          {
            name: 'contact',
            form: '#contact-form form',
            caption: '#contact-privacy-notice',
            clear: ['#contact-form button[type="submit"]', '#contact-privacy-notice'],
          },
        ];
        for (const form of forms) {
          if (form.name === 'contact') {
            await page.locator('#contact-name').fill('Josée Tremblay');
            await page.locator('#contact-phone').fill('418 555-0199');
            await page.locator('#contact-email').fill(`clear-${width}-${Date.now().toString(36)}@example.com`);
            await page.locator('#contact-message').fill('Où vont les notifications?');
          } else await page.locator('#newsletter-email').fill('');
          // The caption's bottom at the screen's bottom: where a notice would come by default.
          await page.locator(form.caption).evaluate((caption) => caption.scrollIntoView({ block: 'end', behavior: 'instant' }));
          await page.locator(`${form.form} button[type="submit"]`).click();
          const toast = await notice(page);
          const where = `${device} at ${width} px, ${form.name}: notice ${JSON.stringify(toast)}`;
          expect(toast.bottom, where).toBeLessThanOrEqual(800);
          for (const selector of form.clear) expect(overlap(toast, await box(page, selector)), `${where} over ${selector}`).toBe(false);
          // Its close button inside it, not astride its corner; on a desktop the newsletter's notice clear of the footer.
          const close = await box(page, '[data-sonner-toast] [data-close-button]');
          expect(
            [close.left >= toast.left, close.right <= toast.right, close.top >= toast.top, close.bottom <= toast.bottom],
            `${where}: close ${JSON.stringify(close)}`,
          ).toEqual([true, true, true, true]);
          if (device === 'desktop' && form.name === 'newsletter') expect(overlap(toast, await box(page, 'footer')), `${where} over the footer`).toBe(false);
          await page.evaluate(() =>
            document.querySelectorAll<HTMLButtonElement>('[data-sonner-toast] [data-close-button]').forEach((button) => button.click()),
          );
          await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
        }
        await context.close();
      }
    }
  });
});

describe('one type scale, close sections, motion that rests', () => {
  it('holds one type scale from 320 to 1920 px: no size jumps at any breakpoint, and each heading level one size at a given width', async () => {
    const { page, context } = await open('desktop', 'en', { viewport: { width: 320, height: 800 } });
    await showWholePage(page);
    const jumps: string[] = [];
    for (const breakpoint of [640, 768, 1024, 1280, 1536]) {
      await page.setViewportSize({ width: breakpoint - 1, height: 800 });
      const before = await fontSizes(page);
      await page.setViewportSize({ width: breakpoint, height: 800 });
      const after = await fontSizes(page);
      for (const [index, { size, what }] of Object.entries(after)) {
        const was = before[Number(index)]?.size;
        if (was !== undefined && Math.abs(size - was) > 1) jumps.push(`${what}: ${was} → ${size} px at ${breakpoint} px`);
      }
    }
    expect(jumps).toEqual([]);

    for (const width of [320, 390, 768, 1024, 1366, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      // The sizes each heading level (and the cards' body text) comes in, among what is shown.
      const levels = await page.evaluate(
        (selectors) => {
          const sizes: Record<string, number[]> = {};
          for (const [level, selector] of Object.entries(selectors)) {
            const shown = [...document.querySelectorAll(selector)].filter((element) => element.checkVisibility());
            sizes[level] = [...new Set(shown.map((element) => parseFloat(getComputedStyle(element).fontSize)))];
          }
          return sizes;
        },
        { h1: 'h1', h2: 'main section > div > header h2', h3: '#services h3', body: '#services li p' },
      );
      for (const level of Object.values(levels)) expect(level, `${width} px: ${JSON.stringify(levels)}`).toHaveLength(1);
      const [h1, h2, h3, body] = [levels.h1![0]!, levels.h2![0]!, levels.h3![0]!, levels.body![0]!];
      expect(h1 > h2 && h2 > h3 && h3 > body, `${width} px: ${JSON.stringify(levels)}`).toBe(true);
    }
    await context.close();
  });

  it('keeps the sections close: at most 136 px between one section’s content and the next on a desktop, 100 px on a phone', async () => {
    for (const [device, most] of [
      ['desktop', 136],
      ['phone', 100],
    ] as const) {
      const { page, context } = await open(device, 'en', device === 'desktop' ? { viewport: { width: 1440, height: 900 } } : {});
      await showWholePage(page);
      const gaps = await page.evaluate(() => {
        // Each block's content: a section's centred column, the hero's column, the banner as a whole, the footer's first band.
        const blocks = [...document.querySelectorAll('[data-hero], main section, [data-banner], footer')]
          .filter((block) => block.checkVisibility() && !block.parentElement!.closest('main section'))
          .map((block) => ({
            name: block.id || block.getAttribute('aria-labelledby') || block.tagName.toLowerCase(),
            content: (block.hasAttribute('data-banner') ? block : block.firstElementChild!).getBoundingClientRect(),
          }));
        return blocks.slice(1).map((block, index) => ({
          between: `${blocks[index]!.name} → ${block.name}`,
          gap: Math.round(block.content.top - blocks[index]!.content.bottom),
        }));
      });
      expect(gaps.length).toBeGreaterThan(8);
      expect(
        gaps.filter(({ gap }) => gap > most),
        device,
      ).toEqual([]);
      await context.close();
    }
  });

  it('the hero’s emblem, the chip’s signals and the banner are in motion on screen, rest off screen, and stand still under reduced motion', async () => {
    const parts = { emblem: '[data-hero="desktop"] [data-emblem]', chip: '#contact figure svg', banner: '[data-banner]' };
    type Part = keyof typeof parts;
    /** Each part's running animations, and whether any of it is in the viewport. */
    const motion = (page: Page) =>
      page.evaluate(
        (selectors) =>
          Object.fromEntries(
            Object.entries(selectors).map(([name, selector]) => {
              const element = document.querySelector(selector)!;
              const { top, bottom } = element.getBoundingClientRect();
              const running = element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length;
              return [name, { running, inView: bottom > 0 && top < innerHeight }];
            }),
          ) as Record<Part, { running: number; inView: boolean }>,
        parts,
      );
    const runningBy = async (page: Page) =>
      Object.fromEntries(Object.entries(await motion(page)).map(([name, part]) => [name, part.running])) as Record<Part, number>;
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await open('desktop', 'en', { reducedMotion });
      // Every section styled, so each animation reports its state (a section far off screen is not styled at all).
      await showWholePage(page);
      if (reducedMotion === 'reduce') {
        for (const part of Object.keys(parts) as Part[]) {
          await page.locator(parts[part]).scrollIntoViewIfNeeded();
          await scrollSettled(page);
          expect(await runningBy(page), part).toEqual({ emblem: 0, chip: 0, banner: 0 });
        }
      } else {
        // Waves, orbit and, at 1280 px, the floating call card in the rings (the mark and its signal from
        // 768 to 1023 px); a signal per trace and the chip's pulse; the text and the waves.
        const least: Record<Part, number> = { emblem: 5, chip: 12, banner: 2 };
        for (const part of Object.keys(parts) as Part[]) {
          await page.locator(parts[part]).scrollIntoViewIfNeeded();
          await expect.poll(async () => (await runningBy(page))[part], { message: `${part} on screen` }).toBeGreaterThanOrEqual(least[part]);
          // The parts out of view meanwhile stand still: they cost the browser nothing.
          const away = Object.entries(await motion(page)).filter(([, { inView }]) => !inView);
          expect(away.length, `parts away from the ${part}`).toBeGreaterThan(0);
          await expect
            .poll(async () => Object.entries(await motion(page)).filter(([name, { running }]) => running > 0 && away.some(([other]) => other === name)))
            .toEqual([]);
        }
        // Back at the top, the emblem moves again.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(async () => (await runningBy(page)).emblem, { message: 'the emblem, back on screen' }).toBeGreaterThanOrEqual(least.emblem);
      }
      await context.close();
    }
  });
});

describe('the firm’s own pictures', () => {
  it('each service card shows its title, description, icon and colour gradient (the brand’s); each testimonial is signed with a monogram', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const content = getContent(locale);
      const cards = await page.$$eval('#services [data-service]', (items) =>
        items.map((item) => ({
          title: item.querySelector('h3')?.textContent,
          description: item.querySelector('p')?.textContent,
          icon: item.querySelector('svg') !== null,
          // Gradients as drawn: its icon's tile, in the brand's gradient as every card's (e2e/design-system.test.ts).
          gradients: [...item.querySelectorAll('span')]
            .map((span) => getComputedStyle(span).backgroundImage)
            .filter((image) => image.includes('linear-gradient')).length,
        })),
      );
      // The same words (the card keeps its text's last two words together with a no-break space).
      expect(cards.map((card) => ({ ...card, description: card.description?.replace(/\u00a0(?=\S+$)/, ' ') }))).toEqual(
        content.services.items.map((item) => ({ title: item.title, description: item.description, icon: true, gradients: expect.any(Number) })),
      );
      for (const card of cards) expect(card.gradients).toBe(1);

      const monograms = await page.$$eval('section[aria-labelledby="testimonials-title"] figcaption', (captions) =>
        captions.map((caption) => {
          const mark = caption.querySelector('[data-monogram]');
          return { initials: mark?.textContent, shown: mark !== null && mark.checkVisibility() && mark.getBoundingClientRect().width >= 40 };
        }),
      );
      expect(monograms).toEqual(content.testimonials.items.map((item) => ({ initials: monogram(item.name), shown: true })));
      await context.close();
    }
  });

  it('shows no picture that is not the firm’s own: no photographs, images, frames or remote drawings', async () => {
    const { page, context } = await open('desktop', 'en');
    await showWholePage(page);
    const foreign = await page.evaluate(() => [
      ...[...document.querySelectorAll('img, picture, video, object, embed, iframe, image, use[href]')].map((element) => element.outerHTML.slice(0, 80)),
      ...[...document.querySelectorAll('body *')].map((element) => getComputedStyle(element).backgroundImage).filter((image) => image.includes('url(')),
    ]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('each testimonial is signed with the initials of the person’s name, never of a title ("Dr")', async () => {
    const expected: Record<string, string> = { Tremblay: 'MT', Gagnon: 'JG', Lavoie: 'SL', Bouchard: 'MB' };
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      await showWholePage(page);
      const signed = await page.$$eval('section[aria-labelledby="testimonials-title"] figcaption', (captions) =>
        captions.map((caption) => ({ caption: caption.textContent ?? '', initials: caption.querySelector('[data-monogram]')?.textContent })),
      );
      expect(signed).toHaveLength(4);
      for (const { caption, initials } of signed) {
        const surname = Object.keys(expected).find((name) => caption.includes(name))!;
        expect(initials, `${locale}: ${caption}`).toBe(expected[surname]);
      }
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
