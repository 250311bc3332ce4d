import Database from 'better-sqlite3';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPostgres, createDatabase, type RunningPostgres } from '../test/postgres';
import { launchBrowser, openPage, waitForHydration } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../test/receivers';

const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
let browser: Browser;
let db: Database.Database;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new Database(inject('sqlitePath'), { readonly: true, fileMustExist: true });
});
afterAll(async () => {
  db?.close();
  await browser?.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function fillContact(page: Page, values: { name: string; phone: string; email: string; company?: string; message: string }) {
  await page.getByLabel('Full Name').fill(values.name);
  await page.getByLabel('Phone Number').fill(values.phone);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.company !== undefined) await page.getByLabel('Company (optional)').fill(values.company);
  await page.getByLabel('Message or Inquiry').fill(values.message);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Holds every request to `path` until `release()` is called, so the submitting state can be seen. */
async function holdRequests(page: Page, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

describe('contact form', () => {
  it('sends, shows "Sending..." while submitting, clears itself, toasts success and stores the row', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    const email = `lead-${unique()}@example.com`;
    await fillContact(page, { name: '  Marie Tremblay ', phone: '514-555-0199', email, company: '', message: 'We miss calls at lunch.' });
    const release = await holdRequests(page, '/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();

    const busy = page.getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await toast(page, 'Message sent successfully!').waitFor();
    expect(await toast(page, "We'll get back to you soon.").count()).toBe(1);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);

    const row = db.prepare('SELECT name, email, phone, company, message FROM contact_submissions WHERE email = ?').get(email);
    expect(row).toEqual({ name: 'Marie Tremblay', email, phone: '514-555-0199', company: null, message: 'We miss calls at lunch.' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stores the company when given, on a phone too', async () => {
    const { page, context } = await openPage(browser, 'phone', { url: baseUrl });
    await waitForHydration(page);
    const email = `mobile-${unique()}@example.com`;
    await fillContact(page, { name: 'Luc Gagnon', phone: '+1 418 555 0100', email, company: 'Clinique Beauport', message: 'Voice agent for bookings' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!').waitFor();
    expect(db.prepare('SELECT company FROM contact_submissions WHERE email = ?').get(email)).toEqual({ company: 'Clinique Beauport' });
    await context.close();
  });

  it('enforces the required fields: each empty one says so beside it, focus goes to the first, nothing is sent', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) sent += 1;
    });
    await page.getByLabel('Full Name').fill('Only a name');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const label of ['Phone Number', 'Message or Inquiry']) {
      await expect.poll(() => page.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(label).evaluate((field) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent)).toBe(
        'This field is required.',
      );
    }
    expect(await page.getByLabel('Full Name').getAttribute('aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-phone');
    await page.waitForTimeout(300);
    expect(sent).toBe(0);
    await context.close();
  });
});

describe('newsletter', () => {
  it('subscribes: "Subscribing..." disables the field and button, then clears it and stores the row', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    const email = `reader-${unique()}@example.com`;
    const input = page.getByLabel('Email address');
    await input.fill(`  ${email}  `);
    const release = await holdRequests(page, '/api/newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const busy = page.getByRole('button', { name: 'Subscribing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await input.isDisabled()).toBe(true);
    release();
    await toast(page, 'Successfully subscribed to our newsletter!').waitFor();
    expect(await input.inputValue()).toBe('');
    expect(db.prepare('SELECT email FROM newsletter_subscriptions WHERE email = ?').get(email)).toEqual({ email });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when the address is already subscribed, whatever its case', async () => {
    const { page, context } = await openPage(browser, 'desktop', { url: baseUrl });
    await waitForHydration(page);
    const email = `twice-${unique()}@example.com`;
    const input = page.getByLabel('Email address');
    await input.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Successfully subscribed to our newsletter!').waitFor();
    await input.fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'This email is already subscribed to our newsletter').waitFor();
    expect(await input.inputValue()).toBe(email.toUpperCase());
    expect(db.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email_normalized = ?').get(email)).toEqual({ n: 1 });
    await context.close();
  });

  it.each([
    ['   ', 'Please enter your email address'],
    ['not an email', 'Please enter a valid email address'],
    ['someone@example', 'Please enter a valid email address'],
    // A final dot: the relay refused it (501) after the server had taken it, and retried it for hours.
    ['someone@example.com.', 'Please enter a valid email address'],
  ])('checks %j before any request: "%s"', async (value, message) => {
    const { page, context } = await openPage(browser, 'phone', { url: baseUrl });
    await waitForHydration(page);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/newsletter')) sent += 1;
    });
    await page.getByLabel('Email address').fill(value);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, message).waitFor();
    expect(sent).toBe(0);
    await context.close();
  });
});

describe('newsletter when the site sends e-mail (double opt-in)', () => {
  let dir: string;
  let smtp: SmtpReceiver;
  let server: RunningServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e2e-opt-in-'));
    smtp = await startSmtpReceiver();
    server = await startServer({
      STATIC_DIR: staticDir,
      SQLITE_PATH: join(dir, 'leads.sqlite'),
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'ventes@firm.example',
      MAIL_FROM: 'Atelier IA <site@firm.example>',
      DELIVERY_POLL: '200ms',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the success title and asks to confirm from the inbox; the e-mailed link confirms', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop', { url: server.url });
    await waitForHydration(page);
    const email = `confirm-${unique()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const success = toast(page, 'Successfully subscribed to our newsletter!');
    await success.waitFor();
    expect(await success.textContent()).toContain('To confirm, open the link in the e-mail we just sent you.');

    await expect.poll(() => smtp.messages.filter((mail) => mail.envelope.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.messages.find((received) => received.envelope.to.includes(email))!;
    // The link is on SITE_URL, the site's public address: followed here on the test server.
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(mail.message.text ?? '')![0]);
    const stored = new Database(join(dir, 'leads.sqlite'), { readonly: true });
    const subscribed = () => stored.prepare('SELECT consent_method FROM newsletter_subscriptions WHERE email = ?').get(email);
    try {
      expect(subscribed()).toBeUndefined();
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      expect(subscribed()).toBeUndefined();
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await page.getByRole('heading', { name: 'Your subscription is confirmed' }).waitFor();
      expect(subscribed()).toEqual({ consent_method: 'email_link' });
    } finally {
      stored.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

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
    const { page, context } = await openPage(browser, 'desktop', { url: misconfigured.url });
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
    const { page, context } = await openPage(browser, 'desktop', { url: limited.url });
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
    const { page, context } = await openPage(browser, 'desktop', { url: reserve.url });
    await waitForHydration(page);
    await fillContact(page, { name: 'Full Disk', phone: '514 555 0123', email: 'disk@example.com', message: 'Still there' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Failed to send message').waitFor();
    expect(await toast(page, 'Please try again later. Or call us at +1 514-555-0142.').count()).toBe(1);
    expect(await page.getByLabel('Message or Inquiry').inputValue()).toBe('Still there');
    await context.close();
  });

  it('both forms: the failure toasts when the database stops answering, values kept, error logged', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop', { url: failing.url });
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
