import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '../src/contracts/locales';
import { pagesInOneBrowser, scrollSettled } from './helpers/browser';
import { fontSizes, lineCount, loneLastWords, showWholePage } from './helpers/layout';

/**
 * The design system's type and motion: paragraphs that end well, section titles on one line where
 * they fit, one type scale, sections kept close, and motion that rests off screen and under reduced
 * motion. Measured in a real Chromium on the production build.
 */
const { open } = pagesInOneBrowser(inject('baseUrl'));

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
