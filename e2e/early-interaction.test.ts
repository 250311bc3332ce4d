import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';
import { STATS_BEACON_PATH } from '../src/contracts/stats';

/**
 * A visitor does not wait for the page to hydrate. What they click or submit before the part of
 * the page under their finger has its code is kept and done once it has (src/web/hydration/pending.ts):
 * nothing is lost, nothing is done twice, and a form never leaves the page on its own.
 */
const baseUrl = inject('baseUrl');
const sqlitePath = inject('sqlitePath');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Holds the scripts whose path matches until `release()` is called; `requested()` says whether one was asked for. */
async function holdScripts(page: Page, path: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(path, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}

describe('a click before the page has hydrated', () => {
  it('on a phone, before React has even started: the menu, the theme and an FAQ answer all respond once it has', async () => {
    const { page, context, errors } = await openPage(browser, 'phone');
    const entry = await holdScripts(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await expect.poll(entry.requested).toBe(true);

    const menu = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    await menu.click();
    // The phone bar's one theme switch: its first press leaves the system's (light) theme for dark.
    await page.locator('[data-nav="mobile"] [data-theme-switch]').click();
    const question = page.locator('[data-faq-item] h4 button').nth(1);
    await question.scrollIntoViewIfNeeded();
    await question.click();
    // Nothing could respond yet but the answer, which the page shows at once from the kept click.
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect.poll(() => answer.evaluate((element) => element.checkVisibility({ visibilityProperty: true }))).toBe(true);

    entry.release();
    await waitForHydration(page);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // Each was done once: the other FAQ answers stay closed, and the answer shown early stays open.
    expect(await page.locator('[data-faq-item] h4 button[aria-expanded="true"]').count()).toBe(1);
    expect(await answer.evaluate((element) => element.checkVisibility({ visibilityProperty: true }))).toBe(true);
    expect(await page.locator('[data-pending]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Call Me" pressed while the demo\'s code is on the way reads "Connecting..." at once, and asks for one session once the code is there', async () => {
    const { page, context } = await openPage(browser, 'desktop');
    const demo = await holdScripts(page, /\/assets\/VoiceDemo-[^/]+\.js$/);
    const sessions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/voice/session') sessions.push(request.url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const callMe = page.locator('#ai-caller button[aria-describedby="voice-privacy-notice"]');
    await callMe.scrollIntoViewIfNeeded();
    await expect.poll(demo.requested).toBe(true);
    await callMe.click();
    await callMe.click();
    // Said at once, to the eye and to a screen reader, while nothing has been asked of the server yet.
    await expect
      .poll(() => callMe.evaluate((element) => (element as HTMLElement).innerText + getComputedStyle(element, '::after').content))
      .toContain('Connecting...');
    expect(await page.getByRole('button', { name: 'Connecting...' }).count()).toBe(1);
    expect(sessions).toEqual([]);

    demo.release();
    await waitForHydration(page);
    // This test server has no voice demo: the one request says so, and the card shows it.
    await expect.poll(() => sessions.length).toBe(1);
    await expect.poll(() => page.locator('#ai-caller [data-unavailable]').count()).toBe(1);
    expect(await page.locator('[data-pending]').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(sessions.length).toBe(1);
    await context.close();
  });

  it('a contact form filled and sent while its code is still on the way is sent once it arrives, as typed, once', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    const contact = await holdScripts(page, /\/assets\/Contact-[^/]+\.js$/);
    const posts: string[] = [];
    page.on('request', (request) => {
      // The form's posts (the counting beacon, docs/stats.md, is not one).
      if (request.method() === 'POST' && new URL(request.url()).pathname !== STATS_BEACON_PATH) posts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await expect.poll(contact.requested).toBe(true);

    const email = `early-${Date.now()}@example.com`;
    await page.getByLabel('Full Name').fill('Hélène Early');
    await page.getByLabel('Phone Number').fill('514 555 0142');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Message or Inquiry').fill('Typed and sent before the form had its code.');
    const send = page.locator('#contact-form button[type="submit"]');
    await send.click();
    await send.click();
    await page.waitForTimeout(300);
    // Kept: the browser did not post the form itself (the details would have left the page).
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(posts).toEqual([]);

    contact.release();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Message sent successfully!' }).waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(posts).toEqual(['/api/contact']);
    const db = new Database(sqlitePath, { readonly: true });
    try {
      const rows = db.prepare('SELECT name, message FROM contact_submissions WHERE email = ?').all(email);
      expect(rows).toEqual([{ name: 'Hélène Early', message: 'Typed and sent before the form had its code.' }]);
    } finally {
      db.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
