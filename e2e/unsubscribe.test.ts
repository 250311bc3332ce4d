import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runExport } from '../scripts/export';
import { axeViolations, launchBrowser, openPage, waitForHydration } from './helpers/browser';

const baseUrl = inject('baseUrl');
const sqlitePath = inject('sqlitePath');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The subscriber's signed link from the firm's export, pointed at the test server. */
async function exportedLink(email: string): Promise<string> {
  let json = '';
  const code = await runExport(
    ['newsletter', '--format', 'json'],
    { SQLITE_PATH: sqlitePath, SITE_URL: 'https://www.example.com' },
    { write: (text: string) => (json += text) },
    { write: () => 0 },
  );
  expect(code).toBe(0);
  const row = (JSON.parse(json) as Array<{ email: string; unsubscribe_url: string }>).find((entry) => entry.email === email);
  return row!.unsubscribe_url.replace('https://www.example.com', baseUrl);
}

describe('newsletter unsubscribe, in a browser', () => {
  it('sign up in the footer → exported link → confirm → unsubscribed; the pages pass axe in both themes', async () => {
    const email = `leaving-${Date.now().toString(36)}@example.com`;
    const home = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(home.page);
    await home.page.getByLabel('Email address').fill(email);
    await home.page.getByRole('button', { name: 'Subscribe' }).click();
    // The notice (the card also keeps the words once it has gone).
    await home.page.locator('[data-sonner-toast]').filter({ hasText: 'Successfully subscribed to our newsletter!' }).waitFor();
    await home.context.close();

    const link = await exportedLink(email);
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context, errors } = await openPage(browser, 'phone', { url: link, colorScheme });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Unsubscribe from the Atelier IA newsletter?');
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }

    const { page, context, errors } = await openPage(browser, 'desktop', { url: link });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const db = new Database(sqlitePath, { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('SELECT unsubscribed_at FROM newsletter_subscriptions WHERE email = ?').get(email) as { unsubscribed_at: string | null };
      expect(row.unsubscribed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      db.close();
    }
    // "Back to the site" leads home.
    await page.getByRole('link', { name: 'Back to the Atelier IA website' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
