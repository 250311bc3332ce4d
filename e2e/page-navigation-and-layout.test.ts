import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ANCHORS } from '../src/web/app/sections';
import { openPage, pagesInOneBrowser, scrollSettled, waitForHydration } from './helpers/browser';

/**
 * Getting around the page: the desktop bar, the phone's menu, the switch between the two layouts
 * (right from the first parse), and a page that reads and says what it needs without JavaScript.
 */
const baseUrl = inject('baseUrl');
const { browser } = pagesInOneBrowser(baseUrl);

const top = (page: Page, selector: string) => page.$eval(selector, (element) => Math.round(element.getBoundingClientRect().top));

describe('desktop navigation bar', () => {
  it('turns solid with a shadow at 51 px of scroll and transparent again at 50 px', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl });
    const style = () =>
      page.$eval('[data-nav="desktop"]', (element) => {
        const computed = getComputedStyle(element);
        return { background: computed.backgroundColor, shadow: computed.boxShadow };
      });
    // Once the scroll event has set the state, the colour transition (300 ms) runs: wait for its end.
    const at = async (y: number) => {
      await page.evaluate((target) => window.scrollTo({ top: target, behavior: 'instant' }), y);
      await page.waitForFunction((scrolled) => document.documentElement.classList.contains('scrolled') === scrolled, y > 50);
      await page.waitForFunction(() => document.querySelector('[data-nav="desktop"]')!.getAnimations().length === 0);
      return style();
    };
    expect((await at(0)).background).toBe('rgba(0, 0, 0, 0)');
    const solid = await at(51);
    expect(solid.background).toBe('rgb(255, 255, 255)');
    expect(solid.shadow).not.toBe('none');
    const back = await at(50);
    expect(back.background).toBe('rgba(0, 0, 0, 0)');
    expect(back.shadow).toBe('none');
    await context.close();
  });

  it('scrolls smoothly to a section below the fixed bar', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl });
    await waitForHydration(page);
    await page.click('[data-nav="desktop"] a[href="#faq"]');
    await scrollSettled(page);
    const faqTop = await top(page, '#faq');
    const navBottom = await page.$eval('[data-nav="desktop"]', (element) => element.getBoundingClientRect().bottom);
    expect(faqTop).toBeGreaterThanOrEqual(Math.floor(navBottom));
    expect(faqTop).toBeLessThan(120);
    await context.close();
  });
});

describe('mobile menu', () => {
  it('opens, scrolls to 60 px above a section (160 px for the contact form), highlights it and closes', async () => {
    const { page, context, errors } = await openPage(browser(), 'phone', { url: baseUrl });
    await waitForHydration(page);
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'About' }).click();
    await scrollSettled(page);
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(Math.abs((await top(page, '#about')) - 60)).toBeLessThanOrEqual(1);
    await button.click();
    expect(await menu.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('location');
    expect(await menu.locator('[aria-current]').count()).toBe(1);

    await menu.getByRole('link', { name: 'Contact' }).click();
    await scrollSettled(page);
    expect(Math.abs((await top(page, '#contact-form')) - 160)).toBeLessThanOrEqual(1);
    await button.click();
    expect(await menu.getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe('location');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes on a backdrop click and on Escape, returning focus to the menu button', async () => {
    const { page, context } = await openPage(browser(), 'phone', { url: baseUrl });
    await waitForHydration(page);
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');

    await button.click();
    await page.mouse.click(200, 700); // below the menu: the backdrop
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');

    await button.click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-nav="mobile"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');
    await context.close();
  });

  it('the hero call to action takes a phone to the contact form', async () => {
    const { page, context } = await openPage(browser(), 'phone', { url: baseUrl });
    await waitForHydration(page);
    await page.locator('[data-hero="mobile"]').getByRole('link', { name: 'Book a Free Call' }).click();
    await scrollSettled(page);
    expect(Math.abs((await top(page, '#contact-form')) - 160)).toBeLessThanOrEqual(1);
    await context.close();
  });
});

describe('layout', () => {
  it('switches between desktop and mobile when the window is resized', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl });
    await waitForHydration(page);
    expect(await page.isVisible('[data-nav="desktop"]')).toBe(true);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="mobile"]')).toBe(true);
    expect(await page.isVisible('[data-nav="desktop"]')).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="desktop"]')).toBe(true);
    // The layout threshold, as the boot script's media query reads it: under 768 px is mobile.
    await page.setViewportSize({ width: 767, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="mobile"]')).toBe(true);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(() => page.isVisible('[data-nav="desktop"]')).toBe(true);
    await context.close();
  });

  it('keeps the navigation solid when a reload opens the page scrolled down', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl });
    await waitForHydration(page);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('scrolled'))).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(50);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('scrolled'))).toBe(true);
    await context.close();
  });

  it('is already right when the body is first parsed: no desktop flash on a phone, no theme flash', async () => {
    for (const [device, expectedLayout] of [
      ['phone', 'layout-mobile'],
      ['desktop', 'layout-desktop'],
    ] as const) {
      const { page, context } = await openPage(browser(), device, { colorScheme: 'dark' });
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.body) {
            (window as unknown as { firstClasses: string }).firstClasses = document.documentElement.className;
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(baseUrl);
      const classes = await page.evaluate(() => (window as unknown as { firstClasses: string }).firstClasses);
      expect(classes.split(' ')).toEqual(expect.arrayContaining([expectedLayout, 'dark']));
      await context.close();
    }
  });

  it('reads fine without JavaScript: every section and every FAQ answer is in the HTML', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl, javaScriptEnabled: false });
    for (const id of ANCHORS) {
      expect(await page.isVisible(`#${id}`), id).toBe(true);
    }
    const answers = page.locator('.faq-panel');
    expect(await answers.count()).toBe(9);
    expect(await answers.first().isVisible()).toBe(true);
    await context.close();
  });

  it('without JavaScript, each form says it needs it, and sending one puts nothing typed in the address', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: `${baseUrl}/fr/`, javaScriptEnabled: false });
    const contact = page.locator('#contact-form form');
    expect(await contact.locator('.no-script-note').textContent()).toContain('Ce formulaire a besoin de JavaScript');
    expect(await contact.locator('.no-script-note').isVisible()).toBe(true);
    expect(await page.locator('#newsletter ~ .no-script-note').isVisible()).toBe(true);
    await contact.getByLabel('Nom complet').fill('Jeanne Roy');
    await contact.getByLabel('Numéro de téléphone').fill('514 555-0100');
    await contact.getByLabel('Courriel').fill('jeanne@example.com');
    await contact.getByLabel('Message ou demande').fill('Un message privé.');
    const sent = page.waitForRequest((request) => request.method() === 'POST');
    await contact.locator('button[type="submit"]').click();
    expect(new URL((await sent).url()).search).toBe('');
    await page.waitForLoadState('load');
    // Back on the form, which says again why it could not send.
    expect(page.url()).toBe(`${baseUrl}/fr/#contact-form`);
    expect(await contact.locator('.no-script-note').isVisible()).toBe(true);
    await context.close();
  });

  it('with JavaScript, the forms show no such note, not even before they hydrate', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl}/#contact-form`, { waitUntil: 'load' });
    const notes = page.locator('.no-script-note');
    expect(await notes.count()).toBe(2);
    for (const note of await notes.all()) expect(await note.isVisible()).toBe(false);
    await context.close();
  });
});
