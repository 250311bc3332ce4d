import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPostgres, createDatabase, type RunningPostgres } from '../test/postgres';
import { openPage, pagesInOneBrowser, STILL, waitForHydration } from './helpers/browser';
import { fillContact, toast, unique } from './helpers/forms';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The forms when the server cannot store what they send: no storage configured, a visitor rate
 * limited, a disk below its reserve, a database that stops answering. Each on a server of its own;
 * the visitor keeps what was typed and is offered the phone.
 */
const staticDir = inject('staticDir');
const { browser } = pagesInOneBrowser(inject('baseUrl'));

describe('when the server cannot store anything', () => {
  let dir: string;
  let misconfigured: RunningServer;
  let limited: RunningServer;
  let reserve: RunningServer;
  let postgres: RunningPostgres;
  let failing: RunningServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e2e-faults-'));
    // A storage path that can never be opened (its "directory" is a file): the server still serves the page.
    await writeFile(join(dir, 'not-a-directory'), '');
    misconfigured = await startServer({ STATIC_DIR: staticDir, SQLITE_PATH: join(dir, 'not-a-directory', 'leads.sqlite'), DATABASE_URL: '' });
    limited = await startServer({ STATIC_DIR: staticDir, SQLITE_PATH: join(dir, 'limited.sqlite'), DATABASE_URL: '', RATE_LIMIT_CONTACT: '2/600' });
    // A disk with less free space than the reserve the firm keeps (more than this disk has).
    reserve = await startServer({ STATIC_DIR: staticDir, SQLITE_PATH: join(dir, 'reserve.sqlite'), DATABASE_URL: '', STORAGE_RESERVE: '1000000TB' });
    postgres = await startPostgres();
    const database = await createDatabase(postgres.adminUrl);
    failing = await startServer({ STATIC_DIR: staticDir, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await Promise.all([misconfigured?.stop(), limited?.stop(), reserve?.stop(), failing?.stop()]);
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('contact form: "Form temporarily unavailable" when storage is not configured, values kept', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: misconfigured.url, ...STILL });
    await waitForHydration(page);
    await fillContact(page, { name: 'Ana', phone: '514 555 0123', email: 'ana@example.com', message: 'Hello' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Form temporarily unavailable').waitFor();
    // Any 503 offers the phone, the way round it.
    expect(await toast(page, 'Configuration missing on the server. Please try again later. Or call us at +1 514-555-0142.').count()).toBe(1);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Ana');
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('Hello');
    await context.close();
  });

  it('contact form: a clear toast when the visitor is rate limited, values kept', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: limited.url, ...STILL });
    await waitForHydration(page);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await fillContact(page, { name: 'Busy', phone: '514 555 0123', email: `rate-${unique()}@example.com`, message: 'Hi' });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => toast(page, 'Message sent successfully!').count()).toBe(attempt + 1);
    }
    await fillContact(page, { name: 'Busy', phone: '514 555 0123', email: 'rate@example.com', message: 'Third' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const error = page.locator('[data-sonner-toast][data-type="error"]');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/too many/i);
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('Third');
    await context.close();
  });

  it("contact form: below the disk's reserve, the failure toast offers the phone, values kept", async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: reserve.url, ...STILL });
    await waitForHydration(page);
    await fillContact(page, { name: 'Full Disk', phone: '514 555 0123', email: 'disk@example.com', message: 'Still there' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').waitFor();
    expect(await toast(page, 'Please try again later. Or call us at +1 514-555-0142.').count()).toBe(1);
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('Still there');
    await context.close();
  });

  it('both forms: the failure toasts when the database stops answering, values kept, error logged', async () => {
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: failing.url, ...STILL });
    await waitForHydration(page);
    await postgres.stop();

    await fillContact(page, { name: 'Kept', phone: '514 555 0123', email: 'kept@example.com', message: 'Keep me' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').waitFor({ timeout: 20_000 });
    expect(await toast(page, 'Please try again later. Or call us at +1 514-555-0142.').count()).toBe(1);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Kept');
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('Keep me');

    await page.getByLabel('Email address').fill('later@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Failed to subscribe. Please try again.').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Email address').inputValue()).toBe('later@example.com');

    // Both failures are logged to the console.
    expect(errors.filter((error) => /Contact form submission failed|Newsletter sign-up failed/.test(error))).toHaveLength(2);
    await context.close();
  });
});
