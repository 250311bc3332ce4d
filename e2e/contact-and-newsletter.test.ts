import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPage, pagesInOneBrowser, STILL, waitForHydration } from './helpers/browser';
import { fillContact, toast, unique } from './helpers/forms';
import { startServer, type RunningServer } from './helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../test/receivers';

/**
 * The contact form and the newsletter sent as a visitor sends them, in a real Chromium: their
 * states while sending, their checks, the rows stored; and the newsletter's double opt-in when the
 * site sends e-mail (a server of its own, with an SMTP receiver).
 */
const baseUrl = inject('baseUrl');
const staticDir = inject('staticDir');
const { browser } = pagesInOneBrowser(baseUrl);
let db: Database.Database;

beforeAll(() => {
  db = new Database(inject('sqlitePath'), { readonly: true, fileMustExist: true });
});
afterAll(() => {
  db?.close();
});

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
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: baseUrl, ...STILL });
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
    const { page, context } = await openPage(browser(), 'phone', { url: baseUrl, ...STILL });
    await waitForHydration(page);
    const email = `mobile-${unique()}@example.com`;
    await fillContact(page, { name: 'Luc Gagnon', phone: '+1 418 555 0100', email, company: 'Clinique Beauport', message: 'Voice agent for bookings' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page, 'Message sent successfully!').waitFor();
    expect(db.prepare('SELECT company FROM contact_submissions WHERE email = ?').get(email)).toEqual({ company: 'Clinique Beauport' });
    await context.close();
  });

  it('enforces the required fields: each empty one says so beside it, focus goes to the first, nothing is sent', async () => {
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl, ...STILL });
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
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: baseUrl, ...STILL });
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
    const { page, context } = await openPage(browser(), 'desktop', { url: baseUrl, ...STILL });
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
    const { page, context } = await openPage(browser(), 'phone', { url: baseUrl, ...STILL });
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
    const { page, context, errors } = await openPage(browser(), 'desktop', { url: server.url, ...STILL });
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
