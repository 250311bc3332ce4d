import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ESTIMATED_HEIGHTS } from '../src/web/hydration/heights';
import { BELOW_THE_FOLD, type BelowTheFoldSection } from '../src/web/app/sections';
import { API_PATHS } from '../src/contracts/api';
import { openPage, pagesInOneBrowser, scrollSettled, STILL, waitForHydration } from './helpers/browser';

/**
 * Which code the page loads, and when: each section's as the visitor nears it (none for a section
 * with nothing to interact with), the forms' contract check once focus enters a form. Measured in a
 * real Chromium on the production build.
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
const { browser } = pagesInOneBrowser(baseUrl);

/** The JavaScript files the page has requested so far. */
function scriptsRequested(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) seen.push(new URL(request.url()).pathname);
  });
  return () => [...seen];
}

/** Reads down the page as a visitor would, three quarters of a screen at a time, pausing `pauseMs` at each step. */
async function readToTheEnd(page: Page, pauseMs: number) {
  const screen = await page.evaluate(() => innerHeight);
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 0.75 * screen) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(pauseMs);
  }
}

/** The name of the chunk a registry entry loads ("Faq" for `import('../sections/faq/Faq')`). */
const chunkOf = (entry: BelowTheFoldSection) => /\/sections\/[\w-]+\/(\w+)/.exec(entry.load.toString())![1]!;
const HYDRATED = BELOW_THE_FOLD.filter((entry) => entry.hydrates);
const KEPT_AS_PRERENDERED = BELOW_THE_FOLD.filter((entry) => !entry.hydrates);

describe('hydration in parts', () => {
  it('the menu, used before the sections below have their code, still lands on the section', async () => {
    const { page, context, errors } = await openPage(browser(), 'phone', STILL);
    // No section below the first screen gets its code: those sections are not laid out yet (index.css).
    await page.route(new RegExp(`/assets/(${HYDRATED.map(chunkOf).join('|')})-[^/]+\\.js$`), () => {});
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const button = page.locator('[data-nav="mobile"] button[aria-controls="mobile-menu"]');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.locator('#mobile-menu').getByRole('link', { name: 'FAQ' }).click();
    await scrollSettled(page);
    expect(Math.abs((await page.$eval('#faq', (faq) => faq.getBoundingClientRect().top)) - 60)).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a section is laid out only once the visitor nears it, hydrated or not, and keeps its real height from then on', async () => {
    const { page, context, errors } = await openPage(browser(), 'phone', STILL);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    // checkVisibility({ contentVisibilityAuto }) is false for what the browser skips rendering.
    const rendered = () => page.$eval('#faq h2', (heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    // Until then it holds the room measured for it.
    expect(await page.$eval('[data-section="faq"]', (part) => part.getBoundingClientRect().height)).toBe(ESTIMATED_HEIGHTS.faq!.mobile);
    await page.locator('[data-section="faq"]').scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
    const real = await page.$eval('#faq', (section) => section.getBoundingClientRect().height);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(rendered).toBe(false);
    expect(await page.$eval('[data-section="faq"]', (part) => part.getBoundingClientRect().height)).toBe(real);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sections with nothing to interact with cost no code: read to the end, they stay as prerendered', async () => {
    const { page, context, errors } = await openPage(browser(), 'phone', STILL);
    const requested = scriptsRequested(page);
    // What a part holds: its text and how many elements carry it.
    const parts = () =>
      page.$$eval('[data-section]', (elements) =>
        Object.fromEntries(elements.map((part) => [part.getAttribute('data-section'), `${part.querySelectorAll('*').length} ${part.textContent}`])),
      );
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const prerendered = await parts();
    await waitForHydration(page);
    await readToTheEnd(page, 100);
    const scripts = requested().join(' ');
    for (const entry of HYDRATED) expect(scripts).toContain(`/${chunkOf(entry)}-`);
    expect(KEPT_AS_PRERENDERED.length).toBeGreaterThan(0);
    for (const entry of KEPT_AS_PRERENDERED) expect(scripts).not.toContain(`/${chunkOf(entry)}-`);
    const now = await parts();
    for (const { id } of KEPT_AS_PRERENDERED) {
      expect(now[id], id).toBe(prerendered[id]);
      expect(now[id]!.length, id).toBeGreaterThan(300);
      // Nothing in them would need their code: a section that gains a control must hydrate again.
      const controls = `[data-section="${id}"] :is(button, input, select, textarea, details, [tabindex], [role="button"])`;
      expect(await page.locator(controls).count(), id).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a section’s code comes by its import alone: the only module preloads in the page are the first screen’s', async () => {
    const { page, context, errors } = await openPage(browser(), 'phone', STILL);
    const requested = scriptsRequested(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    const scripts = requested().join(' ');
    for (const code of [...HYDRATED.map(chunkOf), 'Toasts']) expect(scripts).toContain(`/${code}-`);
    // The chunks the inline loader preloads after the first paint (scripts/prerender.ts).
    const html = await (await fetch(`${baseUrl}/`)).text();
    const started = JSON.parse(/(\["\/assets\/[^\]]*\])\.forEach/.exec(html)![1]!) as string[];
    expect(started.length).toBeGreaterThan(1);
    const preloads = await page.$$eval('link[rel="modulepreload"]', (links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads.sort()).toEqual([...started].sort());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after load, the whole page hydrates without the visitor scrolling', async () => {
    const { page, context, errors } = await openPage(browser(), 'desktop', STILL);
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The chunks that hold zod's core (the forms' contract check), by what they hold. */
async function contractCheckChunks(): Promise<string[]> {
  const scripts = (await readdir(join(staticDir, 'assets'))).filter((file) => file.endsWith('.js'));
  const found: string[] = [];
  for (const file of scripts) if ((await readFile(join(staticDir, 'assets', file), 'utf8')).includes('$ZodCheck')) found.push(`/assets/${file}`);
  return found;
}

describe('code a visitor asks for', () => {
  it('the contact form’s contract check comes when focus first enters the form, not with the page, even read to the end', async () => {
    const check = await contractCheckChunks();
    expect(check).toHaveLength(1);
    const { page, context, errors } = await openPage(browser(), 'phone', STILL);
    const requested = scriptsRequested(page);
    await page.goto(`${baseUrl}/fr/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await readToTheEnd(page, 100);
    // Every section below the first screen has its code by now; not the check.
    for (const entry of HYDRATED) expect(requested().join(' ')).toContain(`/${chunkOf(entry)}-`);
    expect(requested()).not.toContain(check[0]);
    await page.locator('#contact-name').focus();
    await expect.poll(requested).toContain(check[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a submit that comes before the check has arrived waits for it, then names the fields it finds and sends nothing', async () => {
    const [check] = await contractCheckChunks();
    const { page, context, errors } = await openPage(browser(), 'desktop', STILL);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${check}`, async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('#contact-name').fill('Marie Tremblay');
    await page.locator('#contact-email').fill('CEO<x@evil.example>');
    await page.locator('#contact-form button[type="submit"]').click();
    await page.waitForTimeout(200);
    expect(await page.locator('#contact-email').getAttribute('aria-invalid')).toBeNull();
    release();
    await expect.poll(() => page.locator('#contact-email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#contact-phone').getAttribute('aria-invalid')).toBe('true');
    expect(posts.filter((url) => url.endsWith(API_PATHS.contact))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
