import { describe, expect, inject, it } from 'vitest';
import { openPage, pagesInOneBrowser, waitForHydration } from './helpers/browser';

/** The page's controls and motion: the FAQ's answers, the theme toggle, the banner and the cards' entrances, the keyboard's focus. */
const baseUrl = inject('baseUrl');
const { browser } = pagesInOneBrowser(baseUrl);

describe('FAQ', () => {
  it('opens several answers at once and toggles only the one clicked', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl });
    await waitForHydration(page);
    const questions = page.locator('#faq [data-faq-item] h4 button');
    expect(await questions.count()).toBe(9);
    const first = questions.nth(0);
    const fifth = questions.nth(4);
    const panel = async (question: typeof first) => page.locator(`#${await question.getAttribute('aria-controls')}`);
    // The answers' text as prerendered (never hydrated: sections/faq/Faq.tsx), to find whole after the clicks.
    const answers = () => page.locator('#faq .faq-panel').allTextContents();
    const prerendered = await answers();
    expect(prerendered.every((text) => text.trim().length > 40)).toBe(true);

    await first.click();
    await fifth.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await fifth.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await panel(first)).isVisible()).toBe(true);
    await expect.poll(async () => (await panel(fifth)).isVisible()).toBe(true);

    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await fifth.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await panel(first)).isVisible()).toBe(false);
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
    // The animation lasts 0.3 s.
    expect(await (await panel(fifth)).evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.3s');
    expect(await answers()).toEqual(prerendered);
    await context.close();
  });
});

describe('theme', () => {
  it('the toggle sets dark on <html>, and the choice survives a reload without a flash', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const { page, context } = await openPage(browser(), device, { url: baseUrl, colorScheme: 'light' });
      await waitForHydration(page);
      // A desktop's three buttons; a phone's one switch, each press changing what shows: system (light) → dark → light → system.
      const nav = device === 'desktop' ? '[data-nav="desktop"]' : '[data-nav="mobile"]';
      const chosen = async () =>
        device === 'desktop'
          ? page.getAttribute(`${nav} [data-theme-option="dark"]`, 'aria-pressed')
          : page.getAttribute(`${nav} [data-theme-switch]`, 'aria-label');
      await page.click(device === 'desktop' ? `${nav} [data-theme-option="dark"]` : `${nav} [data-theme-switch]`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await chosen()).toBe(device === 'desktop' ? 'true' : 'Theme, Dark');

      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.body) {
            (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse = document.documentElement.classList.contains('dark');
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      expect(await page.evaluate(() => (window as unknown as { darkAtFirstParse: boolean }).darkAtFirstParse)).toBe(true);
      await waitForHydration(page);
      expect(await chosen()).toBe(device === 'desktop' ? 'true' : 'Theme, Dark');

      if (device === 'desktop') await page.click(`${nav} [data-theme-option="system"]`);
      else for (let press = 0; press < 2; press += 1) await page.click(`${nav} [data-theme-switch]`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      await context.close();
    }
  });
});

/** The entrance delays of the service cards once they are in view. */
async function serviceCardDelays(reducedMotion: 'reduce' | 'no-preference'): Promise<string[]> {
  const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl, reducedMotion });
  await page.locator('#services').scrollIntoViewIfNeeded();
  await page.waitForSelector('[data-section="services"] [data-inview]');
  const found = await page.$$eval('#services [data-service]', (cards) => cards.map((card) => getComputedStyle(card).animationDelay));
  await context.close();
  return found;
}

describe('motion and focus', () => {
  it('stops the banner and decorations under reduced motion, and the banner can be paused', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl, reducedMotion: 'reduce' });
    await waitForHydration(page);
    expect(await page.$eval('.marquee-track', (element) => getComputedStyle(element).animationName)).toBe('none');
    await context.close();

    const moving = await openPage(browser(), 'desktop', { url: baseUrl });
    await waitForHydration(moving.page);
    const track = moving.page.locator('.marquee-track');
    // It moves while on screen (lib/motion.ts rests it elsewhere).
    await track.scrollIntoViewIfNeeded();
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('running');
    const phrases = await moving.page.locator('[data-banner] li').allTextContents();
    expect(phrases.length).toBeGreaterThan(0);
    await moving.page.getByRole('button', { name: 'Pause animation' }).click();
    expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');
    // The band is never hydrated (sections/banner/BrandBanner.tsx): the button's new state leaves it whole.
    expect(await moving.page.locator('[data-banner] li').allTextContents()).toEqual(phrases);
    await moving.context.close();
  });

  it('the service cards come in one after the other (0.1 to 0.4 s), and at once under reduced motion', async () => {
    expect(await serviceCardDelays('no-preference')).toEqual(['0.1s', '0.2s', '0.3s', '0.4s']);
    expect(await serviceCardDelays('reduce')).toEqual(['0s', '0s', '0s', '0s']);
  });

  it('keyboard focus is always visible and never hidden under the fixed bar', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      // Reduced motion makes focus scrolling instant, so each position is read where it ends, not mid-glide.
      const { page, context } = await openPage(browser(), device, { url: baseUrl, reducedMotion: 'reduce' });
      await waitForHydration(page);
      const navSelector = device === 'desktop' ? '[data-nav="desktop"]' : '[data-nav="mobile"] > div';
      for (let index = 0; index < 60; index += 1) {
        await page.keyboard.press('Tab');
        const state = await page.evaluate((selector) => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const bar = document.querySelector(selector)!.getBoundingClientRect();
          const rect = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return {
            name: element.outerHTML.slice(0, 80),
            // The bars themselves and fixed overlays (the skip link) sit above the page by design.
            inBar: Boolean(element.closest('header')) || style.position === 'fixed',
            top: rect.top,
            bottom: rect.bottom,
            barBottom: bar.bottom,
            outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
            hidden: element.closest('[aria-hidden="true"]') !== null,
          };
        }, navSelector);
        if (!state || state.hidden) continue;
        expect(state.outline, `focus ring on ${state.name}`).toBe(true);
        if (!state.inBar) expect(state.top, `${state.name} below the bar on ${device}`).toBeGreaterThanOrEqual(state.barBottom - 1);
      }
      await context.close();
    }
  });
});
