import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '../src/contracts/api';
import { CHALLENGE_PATH, PROOF_ALGORITHM } from '../src/contracts/proof-of-work';
import { launchBrowser, openPage, STILL, waitForHydration } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/server';
import { LOCALES } from '../src/contracts/locales';
import { getContent } from '../src/content/all';
import { pagePath } from '../src/web/lib/pages';
import { STATS_BEACON_PATH } from '../src/contracts/stats';

/**
 * The forms' proof of work in the browser: each form makes its proof of work (ALTCHA, in a Web Worker) when the
 * visitor first focuses one of its fields, from one challenge of this server; the post carries it
 * in the widget's payload format; a submit that comes before the proof is ready shows "Sending..."
 * and goes once it is. Both forms, both languages, against the production server with its real
 * work factor; nothing goes to another origin.
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

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** The words each page shows, from its copy (French as typeset on the page). */
const LANGUAGES = Object.fromEntries(
  LOCALES.map((locale) => {
    const { contact, footer, toasts } = getContent(locale);
    const { fields } = contact.form;
    return [
      locale,
      {
        path: pagePath('home', locale),
        contact: {
          name: fields.name.label,
          phone: fields.phone.label,
          email: fields.email.label,
          message: fields.message.label,
          send: contact.form.submit,
          sending: contact.form.submitting,
          done: toasts.contact.success.title,
        },
        newsletter: {
          email: footer.newsletter.emailLabel,
          send: footer.newsletter.subscribe,
          sending: footer.newsletter.subscribing,
          done: toasts.newsletter.success,
        },
      },
    ];
  }),
);

/**
 * The voice card asks for a proof of its own when it comes into view (e2e/voice-demo-card-states.test.ts): set
 * aside here, so that the challenges counted are the forms' alone.
 */
async function setVoiceCardAside(page: Page) {
  // Through the CSSOM: the page's security policy refuses an inline style sheet.
  await page.evaluate(() => document.querySelector<HTMLElement>('#ai-caller')!.style.setProperty('display', 'none'));
}

/** The page's requests for challenges, and the JSON bodies of its form posts. */
function watch(page: Page) {
  const challenges: Request[] = [];
  const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === CHALLENGE_PATH) challenges.push(request);
    // The forms' posts (the counting beacon, docs/stats.md, is not one).
    if (request.method() === 'POST' && url.pathname.startsWith('/api/') && url.pathname !== STATS_BEACON_PATH)
      posts.push({ path: url.pathname, body: request.postDataJSON() as Record<string, unknown> });
  });
  return { challenges, posts };
}

/** Holds the answers to the challenge requests until `release()`. */
async function holdChallenges(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${CHALLENGE_PATH}`, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** What the post carried in `altcha`: the ALTCHA widget's payload, base64 of `{ challenge, solution }`. */
function decodedProof(body: Record<string, unknown>) {
  expect(typeof body.altcha).toBe('string');
  return JSON.parse(Buffer.from(String(body.altcha), 'base64').toString('utf8')) as {
    challenge: { parameters: { algorithm: string; expiresAt: number }; signature: string };
    solution: { counter: number; derivedKey: string };
  };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe.each(Object.entries(LANGUAGES))('proof of work on the %s page', (_language, words) => {
  it('contact form: focusing a field asks for one challenge; the post, once the proof is ready, carries it and is stored', async () => {
    const { page, context, errors, externalRequests } = await openPage(browser, 'desktop', { url: `${baseUrl}${words.path}`, ...STILL });
    await waitForHydration(page);
    await setVoiceCardAside(page);
    const seen = watch(page);
    expect(seen.challenges).toHaveLength(0);

    const email = `proof-${unique()}@example.com`;
    await page.getByLabel(words.contact.name).fill('Proof Visitor');
    await expect.poll(() => seen.challenges.length).toBe(1);
    await page.getByLabel(words.contact.phone).fill('514 555 0142');
    await page.getByLabel(words.contact.email, { exact: true }).fill(email);
    await page.getByLabel(words.contact.message).fill('Sent with a proof of work.');
    // Long enough for the worker to be done (about a quarter of a second here).
    await page.waitForTimeout(1_500);
    await page.getByRole('button', { name: words.contact.send }).click();
    await toast(page, words.contact.done).waitFor();

    expect(seen.challenges).toHaveLength(1);
    expect(seen.posts.map((post) => post.path)).toEqual(['/api/contact']);
    const proof = decodedProof(seen.posts[0]!.body);
    expect(proof.challenge.parameters.algorithm).toBe(PROOF_ALGORITHM);
    expect(proof.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.solution.derivedKey).toMatch(/^[0-9a-f]+$/);
    const db = new Database(sqlitePath, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM contact_submissions WHERE email = ?').get(email)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
    expect(externalRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contact form: a submit before the proof is ready shows "Sending...", waits, then succeeds', async () => {
    const { page, context, errors, externalRequests } = await openPage(browser, 'phone', { url: `${baseUrl}${words.path}`, ...STILL });
    await waitForHydration(page);
    await setVoiceCardAside(page);
    const seen = watch(page);
    const release = await holdChallenges(page);
    await page.getByLabel(words.contact.name).fill('Early Sender');
    await page.getByLabel(words.contact.phone).fill('514 555 0142');
    await page.getByLabel(words.contact.email, { exact: true }).fill(`early-proof-${unique()}@example.com`);
    await page.getByLabel(words.contact.message).fill('Pressed Send at once.');
    await page.getByRole('button', { name: words.contact.send }).click();

    const busy = page.getByRole('button', { name: words.contact.sending });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.waitForTimeout(500);
    // Nothing posted while the proof is not there.
    expect(seen.posts).toEqual([]);
    release();
    await toast(page, words.contact.done).waitFor();
    expect(seen.challenges).toHaveLength(1);
    expect(seen.posts).toHaveLength(1);
    decodedProof(seen.posts[0]!.body);
    expect(externalRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('newsletter: focusing the field asks for one challenge; an early submit waits for the proof, and the sign-up carries it', async () => {
    const { page, context, errors, externalRequests } = await openPage(browser, 'desktop', { url: `${baseUrl}${words.path}`, ...STILL });
    await waitForHydration(page);
    await setVoiceCardAside(page);
    const seen = watch(page);
    const release = await holdChallenges(page);
    const field = page.getByLabel(words.newsletter.email);
    await field.focus();
    await expect.poll(() => seen.challenges.length).toBe(1);
    await field.fill(`reader-${unique()}@example.com`);
    await page.getByRole('button', { name: words.newsletter.send }).click();
    await page.getByRole('button', { name: words.newsletter.sending }).waitFor();
    await page.waitForTimeout(300);
    expect(seen.posts).toEqual([]);
    release();
    await toast(page, words.newsletter.done).waitFor();
    expect(seen.challenges).toHaveLength(1);
    expect(seen.posts.map((post) => post.path)).toEqual(['/api/newsletter']);
    decodedProof(seen.posts[0]!.body);
    expect(externalRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the voice card: its state asked with no challenge when it comes into view; one challenge then, only if the demo can be tried, and no other when "Call Me" is hovered or focused', async () => {
    for (const answer of ['ready', 'server'] as const) {
      const { page, context, errors } = await openPage(browser, 'desktop', { url: `${baseUrl}${words.path}`, ...STILL });
      const seen = watch(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === API_PATHS.voiceStatus) asked.push(request.url());
      });
      // This server has no voice demo: its own answer, or one of a server whose demo can be tried.
      if (answer === 'ready') await page.route(`**${API_PATHS.voiceStatus}?*`, (route) => route.fulfill({ json: { state: 'ready' } }));
      await waitForHydration(page);
      await page.waitForTimeout(500);
      expect(seen.challenges).toHaveLength(0);
      expect(asked).toHaveLength(0);
      await page.locator('#ai-caller').scrollIntoViewIfNeeded();
      await expect.poll(() => asked.length).toBe(1);
      const callMe = page.locator('#ai-caller button[aria-describedby="voice-privacy-notice"]');
      if (answer === 'ready') await expect.poll(() => seen.challenges.length).toBe(1);
      else await expect.poll(() => page.locator('#ai-caller [data-call-card]').getAttribute('data-demo-state')).toBe('unavailable');
      await callMe.hover();
      await callMe.focus();
      await page.waitForTimeout(1_000);
      expect(seen.challenges, answer).toHaveLength(answer === 'ready' ? 1 : 0);
      expect(asked).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('PROOF_OF_WORK=off (spam filtered in front of the server)', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e2e-no-proof-'));
    server = await startServer({ STATIC_DIR: inject('staticDir'), SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '', PROOF_OF_WORK: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('both forms: the challenge route says no proof is needed, the posts go without one, and the console stays clean', async () => {
    const words = LANGUAGES.en!;
    const { page, context, errors, externalRequests } = await openPage(browser, 'desktop', { url: `${server.url}${words.path}`, ...STILL });
    await waitForHydration(page);
    const seen = watch(page);
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === CHALLENGE_PATH) answers.push(response.status());
    });
    await page.getByLabel(words.contact.name).fill('No Proof');
    await page.getByLabel(words.contact.phone).fill('514 555 0142');
    await page.getByLabel(words.contact.email, { exact: true }).fill(`no-proof-${unique()}@example.com`);
    await page.getByLabel(words.contact.message).fill('Sent without a proof of work.');
    await page.getByRole('button', { name: words.contact.send }).click();
    await toast(page, words.contact.done).waitFor();
    await page.getByLabel(words.newsletter.email).fill(`no-proof-${unique()}@example.com`);
    await page.getByRole('button', { name: words.newsletter.send }).click();
    await toast(page, words.newsletter.done).waitFor();

    expect(seen.posts.map((post) => [post.path, 'altcha' in post.body])).toEqual([
      ['/api/contact', false],
      ['/api/newsletter', false],
    ]);
    // Asked, and answered without an HTTP error (a 404 here would be a "Failed to load resource" in the console on every form).
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(errors).toEqual([]);
    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
