import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALES, type Locale } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { monogram } from '../src/web/lib/monogram';
import { pagePath } from '../src/web/lib/pages';
import { launchBrowser, openPage, waitForHydration, type DeviceName } from './helpers/browser';
import { box, showWholePage, wrappedTexts, type Box } from './helpers/layout';

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

/**
 * Each text field's room for its placeholder (its content box) and the placeholder's width in the
 * field's own placeholder font, measured by the browser.
 */
function placeholderRoom(page: Page, selector: string) {
  return page.$$eval(selector, (fields) =>
    (fields as HTMLInputElement[]).map((field) => {
      const style = getComputedStyle(field, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      context.letterSpacing = style.letterSpacing === 'normal' ? '0px' : style.letterSpacing;
      const own = getComputedStyle(field);
      const room = field.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      return { placeholder: field.placeholder, room: Math.floor(room), needed: Math.ceil(context.measureText(field.placeholder).width) };
    }),
  );
}

async function open(device: DeviceName, locale: Locale, options: BrowserContextOptions = {}) {
  const opened = await openPage(browser, device, { url: homeUrl(locale), ...options });
  await waitForHydration(opened.page);
  return opened;
}

describe('issue 22 defects', () => {
  it('1. the chip graphic’s label stays inside the chip, in every theme and language, on a phone and a desktop', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      for (const locale of LOCALES) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page, context } = await open(device, locale, { colorScheme });
          await page.locator('#contact figure svg').scrollIntoViewIfNeeded();
          const fit = await page.$eval('#contact figure svg', (svg) => {
            const label = svg.querySelector('text')!.getBoundingClientRect();
            const middle = { x: label.left + label.width / 2, y: label.top + label.height / 2 };
            // The chip's innermost outline: the smallest shape drawn around the label's middle.
            const chip = [...svg.querySelectorAll('rect')]
              .map((rect) => rect.getBoundingClientRect())
              .filter((rect) => rect.left < middle.x && rect.right > middle.x && rect.top < middle.y && rect.bottom > middle.y)
              .sort((a, b) => a.width * a.height - b.width * b.height)[0]!;
            return { label: [label.left, label.right].map(Math.round), chip: [chip.left, chip.right].map(Math.round) };
          });
          const where = `${device}, ${locale}, ${colorScheme}`;
          expect(fit.label[0], where).toBeGreaterThanOrEqual(fit.chip[0]!);
          expect(fit.label[1], where).toBeLessThanOrEqual(fit.chip[1]!);
          await context.close();
        }
      }
    }
  });

  it('2. the footer’s newsletter field shows its whole placeholder on a desktop (1024 to 1920 px), in both languages', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('desktop', locale);
      for (const width of [1024, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator('#newsletter-email').scrollIntoViewIfNeeded();
        const [field] = await placeholderRoom(page, '#newsletter-email');
        expect(field!.room, `${locale} at ${width} px: "${field!.placeholder}"`).toBeGreaterThanOrEqual(field!.needed);
      }
      await context.close();
    }
  });

  it('3. the contact form’s placeholders are whole on a phone (390 and 320 px wide), in both languages', async () => {
    for (const locale of LOCALES) {
      for (const width of [390, 320]) {
        const { page, context } = await open('phone', locale, { viewport: { width, height: 700 } });
        await page.locator('#contact-form').scrollIntoViewIfNeeded();
        for (const field of await placeholderRoom(page, '#contact-form input[placeholder]')) {
          expect(field.room, `${locale} at ${width} px: "${field.placeholder}"`).toBeGreaterThanOrEqual(field.needed);
        }
        await context.close();
      }
    }
  });

  it('4. the desktop bar stays one line high from 768 px: neither the brand nor a link wraps, in both languages', async () => {
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

  it('4b. the mobile bar stays one line high down to 320 px', async () => {
    for (const locale of LOCALES) {
      const { page, context } = await open('phone', locale, { viewport: { width: 320, height: 640 } });
      // 56 px and its bottom border.
      expect((await box(page, '[data-nav="mobile"] > div')).height, locale).toBeLessThanOrEqual(57);
      expect(await wrappedTexts(page, '[data-nav="mobile"] > div :is(a, button, span)'), locale).toEqual([]);
      await context.close();
    }
  });

  it('5. the mobile layout on a tablet (768 px portrait, 1366 px landscape) keeps the bar and the hero to a readable column', async () => {
    for (const width of [768, 1366]) {
      const { page, context } = await openPage(browser, 'tablet', { url: baseUrl, viewport: { width, height: 1024 } });
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

  // Issue 30 moved notices to the bottom of the screen (a corner on a desktop), off the section titles:
  // a phone's notice, the screen's width, may then cover the button for its few seconds when the
  // banner is at the very bottom; never when the banner is where a reader has it.
  it('6. the banner’s pause button is beside the scrolling text, not on it, and no notification covers it', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await open(device, 'en');
      const button = page.getByRole('button', { name: 'Pause animation' });
      await button.scrollIntoViewIfNeeded();
      const track = await page.$eval('.marquee-track', (element) => {
        // What shows of the scrolling text: the box that clips it.
        let clip = element.parentElement!;
        while (getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement!;
        return clip.getBoundingClientRect().toJSON() as Box;
      });
      const control = await button.evaluate((element) => element.getBoundingClientRect().toJSON() as Box);
      const overlaps = control.left < track.right && control.right > track.left && control.top < track.bottom && control.bottom > track.top;
      expect(overlaps, `${device}: button ${JSON.stringify(control)} over the text ${JSON.stringify(track)}`).toBe(false);

      // A notification (the newsletter's "enter your address"), then the banner where a reader has it.
      await page.locator('#newsletter button[type="submit"]').click();
      await page.locator('[data-sonner-toast][data-mounted="true"]').first().waitFor();
      await page.waitForTimeout(500); // its entrance (400 ms) over: where it stays
      const viewport = page.viewportSize()!;
      for (const where of device === 'desktop' ? (['bottom', 'middle'] as const) : (['middle'] as const)) {
        await page.evaluate(
          ([place, height]) => {
            const banner = document.querySelector('[data-banner]')!.getBoundingClientRect();
            const target = place === 'bottom' ? height - 8 - banner.height : (height - banner.height) / 2;
            window.scrollBy({ top: banner.top - target, behavior: 'instant' });
            // A frame for the browser to render the sections now on screen (content-visibility).
            return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          },
          [where, viewport.height] as const,
        );
        const onTop = await button.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return hit === element || element.contains(hit) ? true : `${hit?.outerHTML.slice(0, 120)} at ${JSON.stringify(rect)}`;
        });
        expect(onTop, `${device}, banner at the ${where} of the screen`).toBe(true);
      }
      expect(await page.locator('[data-sonner-toast]').count(), 'the notification was still there').toBeGreaterThan(0);
      await context.close();
    }
  });

  it('7. the idle voice-demo card has no empty band under its button', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await open(device, 'en');
      await page.locator('#ai-caller').scrollIntoViewIfNeeded();
      const gap = await page.$eval('#ai-caller', (section) => {
        const button = [...section.querySelectorAll('button')].find((element) => element.textContent?.includes('Call Me'))!;
        const below = button.getBoundingClientRect().bottom;
        // The first thing drawn under the button: text with a box.
        const tops = [...section.querySelectorAll('p, a, button, span')]
          .filter((element) => !button.contains(element) && element.textContent?.trim() && element.getClientRects().length > 0)
          .map((element) => element.getBoundingClientRect().top)
          .filter((top) => top >= below);
        return Math.round(Math.min(...tops) - below);
      });
      expect(gap, device).toBeLessThanOrEqual(40);
      await context.close();
    }
  });

  it('8. the mobile menu button shows that it opens a menu, and the bar’s logo is not repeated under it', async () => {
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

/** Font sizes of the visible elements that hold text of their own, keyed by their place in the document. */
function fontSizes(page: Page) {
  return page.evaluate(() => {
    const sizes: Record<number, { size: number; what: string }> = {};
    [...document.querySelectorAll('body *')].forEach((element, index) => {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!ownText || !element.checkVisibility() || element.getBoundingClientRect().width <= 1) return;
      sizes[index] = {
        size: parseFloat(getComputedStyle(element).fontSize),
        what: `<${element.tagName.toLowerCase()}> ${element.textContent!.trim().slice(0, 40)}`,
      };
    });
    return sizes;
  });
}

describe('issue 22 design', () => {
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

  it('the hero’s emblem, the chip’s signals and the banner are in motion, and all stand still under reduced motion', async () => {
    const parts = { emblem: '[data-hero="desktop"] svg[viewBox="0 0 320 320"]', chip: '#contact figure svg', banner: '[data-banner]' };
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await open('desktop', 'en', { reducedMotion });
      await showWholePage(page);
      const running = await page.evaluate(
        (selectors) =>
          Object.fromEntries(
            Object.entries(selectors).map(([name, selector]) => [
              name,
              document
                .querySelector(selector)
                ?.getAnimations({ subtree: true })
                .filter((animation) => animation.playState === 'running').length ?? 0,
            ]),
          ),
        parts,
      );
      if (reducedMotion === 'reduce') expect(running).toEqual({ emblem: 0, chip: 0, banner: 0 });
      else {
        // Waves, orbit, float and the signal on the mark; a signal per trace and the chip's pulse; the text and the waves.
        expect(running.emblem).toBeGreaterThanOrEqual(6);
        expect(running.chip).toBeGreaterThanOrEqual(12);
        expect(running.banner).toBeGreaterThanOrEqual(2);
      }
      await context.close();
    }
  });

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
});
