/**
 * The voice demo in real Chromium, with the real SDK, against the production server and its CSP.
 * The server has the demo configured as the firm would (a private key, one assistant per
 * language); the page holds no key: it asks the server for a session, and its SDK sends its
 * POST /call/web to the server, which places the call with a local stand-in of Vapi's API (which
 * wants the private key, as Vapi does, and records every call's key and body). Daily's call machine
 * (c.daily.co) cannot be reached offline: without more, every join fails after Daily's retries
 * (~6 s), the failure path a visitor may meet; the caption tests serve a stand-in of the call
 * machine instead (helpers/daily-stand-in.ts), so a call connects and the agent's messages reach
 * the SDK as they do in a real call.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/build';
import { freePort } from '../test/postgres';
import { axeViolations, launchBrowser, SCREENSHOT_DIR, waitForHydration } from './helpers/browser';
import { fromAssistant, joinedRoom, meetingEnded, standInDailyCallMachine } from './helpers/daily-stand-in';
import { startServer, type RunningServer } from './helpers/server';
import { startVapiStandIn, type VapiStandIn } from '../test/vapi-stand-in';
import { getContent } from '../src/content/all';
import { frenchTypography } from '../src/content/typography';
import { STATUS_MAX_AGE_SECONDS } from '../src/server/voice/status-route';
import { callStarted, endOfCallReport } from '../test/vapi-messages';

const DIR = resolve('.tmp/e2e-voice');
const STATIC_DIR = `${DIR}-dist`;
const PRIVATE_KEY = 'vapi-private-key-e2e-7c1f9a';
const ASSISTANT = { en: 'asst-e2e-en-0001', fr: 'asst-e2e-fr-0002' };
const JOIN_FAILS_WITHIN = 30_000;
const SERVER_SECRET = 'vapi-server-secret-e2e-0123456789abcdef';
/** Where the card's screenshots go for people to look at (outside the repository, never committed). */
const SHOTS = SCREENSHOT_DIR && join(SCREENSHOT_DIR, 'voice');

let standIn: VapiStandIn;
let server: RunningServer;
let browser: Browser;
let sdkChunk: string;
const contexts: BrowserContext[] = [];

/** Everything the firm's environment holds for the demo: the build sees it all, as under `npm start`. */
let voiceEnv: Record<string, string>;

beforeAll(async () => {
  standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-e2e-3b9e' });
  await rm(DIR, { recursive: true, force: true });
  await mkdir(DIR, { recursive: true });
  const port = await freePort();
  voiceEnv = {
    VAPI_PRIVATE_KEY: PRIVATE_KEY,
    VAPI_ASSISTANT_ID_EN: ASSISTANT.en,
    VAPI_ASSISTANT_ID_FR: ASSISTANT.fr,
    VAPI_API_BASE_URL: standIn.url,
    VAPI_SERVER_SECRET: SERVER_SECRET,
    SITE_URL: `http://127.0.0.1:${port}`,
  };
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith('VAPI_') || key.startsWith('SITE_')) delete process.env[key];
  // NODE_ENV: vitest sets 'test', which would make Vite bundle development builds.
  Object.assign(process.env, { NODE_ENV: 'production', ...voiceEnv });
  try {
    await buildSite(STATIC_DIR, { quiet: true });
  } finally {
    process.env = saved;
  }
  const assets = await readdir(join(STATIC_DIR, 'assets'));
  const chunks = await Promise.all(
    assets.filter((name) => name.endsWith('.js')).map(async (name) => ({ name, code: await readFile(join(STATIC_DIR, 'assets', name), 'utf8') })),
  );
  sdkChunk = chunks.find((chunk) => chunk.code.includes('c.daily.co/call-machine'))!.name;
  server = await startServer({
    ...voiceEnv,
    PORT: String(port),
    STATIC_DIR,
    SQLITE_PATH: join(DIR, 'leads.sqlite'),
    DATABASE_URL: '',
    // The tests start many calls from one address, each with a proof of work of its own; the limits
    // have their own server tests (and the card's states below, on a server of their own).
    RATE_LIMIT_VOICE: '1000/600',
    RATE_LIMIT_CHALLENGE: '1000/600',
    VOICE_MAX_CONCURRENT: '1000',
    VOICE_MINUTES_PER_DAY: '100000',
  });
  // A fake microphone; no fake permission UI, so a context that was not granted the microphone is refused.
  browser = await launchBrowser(['--use-fake-device-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await standIn?.close();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  standIn.release();
  standIn.requests.length = 0;
  standIn.refusals.length = 0;
});

type Visit = { page: Page; requested: string[]; cspViolations: () => Promise<string[]>; cspHeader: string };

async function visit(options: {
  microphone: boolean;
  path?: string;
  callMachine?: boolean;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
}): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  contexts.push(context);
  if (options.microphone) await context.grantPermissions(['microphone'], { origin: server.url });
  if (options.callMachine) await standInDailyCallMachine(context);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const response = await page.goto(`${server.url}${options.path ?? '/'}`, { waitUntil: 'load' });
  await waitForHydration(page);
  return {
    page,
    requested,
    cspHeader: response?.headers()['content-security-policy'] ?? '',
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

/** The demo's section: the part these tests change, and where their axe checks look (page.test checks the whole page). */
const CARD = '#ai-caller';
const demo = (page: Page) => page.locator(CARD);
const mainButton = (page: Page) =>
  demo(page).getByRole('button', { name: /Call Me|Connecting|End Call|Try again|Parler à l.agent|Connexion|Raccrocher|Réessayer/ });
/** A line of the copy as the page shows it: French typeset (’, no-break spaces), English as written. */
const typeset = (locale: 'en' | 'fr', text: string) => (locale === 'fr' ? frenchTypography(text) : text);
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]', { hasText: title });
const captions = (page: Page) => demo(page).getByRole('log');
const box = (page: Page) => demo(page).locator('[data-captions]');
/** Whether the captions box fades its top lines: only once lines have scrolled up out of it. */
const fadesTop = (page: Page) => box(page).evaluate((element) => getComputedStyle(element.querySelector('[role=log]')!.parentElement!).maskImage !== 'none');
const sessionRequests = (requested: string[]) => requested.filter((url) => url.endsWith('/api/voice/session'));
/** The captions' lines as a visitor reads them (no-break spaces read as spaces). */
const lines = (page: Page) =>
  captions(page)
    .locator('p:not([data-call-ended])')
    .evaluateAll((elements) => elements.map((element) => element.textContent!.replaceAll('\u00a0', ' ')));

describe('voice demo in Chromium', () => {
  it('holds no key of any kind in the built page, though the build saw them all', async () => {
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(html|js|css|json|xml|txt|webmanifest)$/.test(entry.name)) files.push(path);
      }
    };
    await walk(STATIC_DIR);
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const secret of [PRIVATE_KEY, SERVER_SECRET, standIn.url, ASSISTANT.en, ASSISTANT.fr])
        expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('loads the SDK chunk on intent only: not with the page, but on hover; and asks for no session before "Call Me"', async () => {
    const { page, requested } = await visit({ microphone: false });
    await page.waitForLoadState('networkidle');
    expect(requested.some((url) => url.endsWith(sdkChunk))).toBe(false);
    await mainButton(page).hover();
    await expect.poll(() => requested.some((url) => url.endsWith(sdkChunk))).toBe(true);
    expect(sessionRequests(requested)).toEqual([]); // a session counts against the budget
    expect(standIn.requests).toHaveLength(0); // loading is not calling
  });

  it('allows the voice origins in the CSP, and only them', async () => {
    const { cspHeader } = await visit({ microphone: false });
    const directive = (name: string) => cspHeader.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    // Daily, for the call itself; not Vapi's API (nor its stand-in): the server places the calls.
    expect(directive('connect-src')).toBe(`connect-src 'self' https://*.daily.co wss://*.wss.daily.co https://*.pluot.blue`);
    // The page's own inline scripts (boot, stylesheet loader, script starter) by hash, then the voice SDK's needs.
    expect(directive('script-src')).toMatch(/^script-src 'self'( 'sha256-[^']+'){3,} https:\/\/c\.daily\.co blob: 'wasm-unsafe-eval'$/);
    // The critical CSS of each page by hash; never 'unsafe-inline'.
    expect(directive('style-src')).toMatch(/^style-src 'self'( 'sha256-[^']+')+$/);
    expect(cspHeader).not.toContain("'unsafe-eval'");
    expect(cspHeader).not.toContain('vapi');
    expect(cspHeader).not.toContain('sentry');
  });

  it.each(
    (['en', 'fr'] as const).map((locale) => {
      const { voiceDemo } = getContent(locale);
      return [locale === 'en' ? '/' : '/fr/', locale, voiceDemo.connecting, voiceDemo.errors.startFailed.title] as const;
    }),
  )(
    'on %s "Call Me" has the server place exactly one call to the %s assistant, with its key and its body; the failed join is reported, and it works again',
    async (path, locale, connecting, failed) => {
      const { page, requested, cspViolations } = await visit({ microphone: true, path });
      // Every answer the browser gets from the site, to look for a key in it.
      const answers: string[] = [];
      const browserCalls: Array<{ authorization: string | undefined; body: string | null }> = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/voice/call/web')) browserCalls.push({ authorization: request.headers().authorization, body: request.postData() });
      });
      page.on('response', (response) => {
        if (response.url().startsWith(server.url))
          void response.text().then(
            (text) => answers.push(text),
            () => undefined,
          );
      });
      await mainButton(page).click();
      await expect.poll(() => mainButton(page).textContent()).toContain(connecting);
      expect(await mainButton(page).isDisabled()).toBe(true);
      const [request] = await standIn.waitForRequests(1);
      expect(request).toEqual({
        method: 'POST',
        path: '/call/web',
        authorization: `Bearer ${PRIVATE_KEY}`,
        origin: undefined,
        // The server's body: the language's assistant, the session the call belongs to, the configured length.
        body: {
          assistantId: ASSISTANT[locale],
          assistantOverrides: { metadata: { siteSession: expect.stringMatching(/^[\w-]{22}$/) }, maxDurationSeconds: 180 },
        },
      });
      expect(standIn.refusals).toEqual([null]);
      expect(sessionRequests(requested)).toHaveLength(1);
      // The page's SDK sent its call to the site, with the session as its key.
      const session = (request!.body as { assistantOverrides: { metadata: { siteSession: string } } }).assistantOverrides.metadata.siteSession;
      expect(browserCalls).toEqual([{ authorization: `Bearer ${session}`, body: expect.any(String) }]);
      expect(requested.some((url) => url.startsWith(standIn.url))).toBe(false);

      await toast(page, failed).waitFor({ timeout: JOIN_FAILS_WITHIN });
      expect(await mainButton(page).isEnabled()).toBe(true);
      expect(await demo(page).getByRole('status').textContent()).toBe('');

      await mainButton(page).click();
      await standIn.waitForRequests(2);
      expect(standIn.refusals).toEqual([null, null]);
      const second = standIn.requests[1]!.body as { assistantOverrides: { metadata: { siteSession: string } } };
      expect(second.assistantOverrides.metadata.siteSession).not.toBe(session); // a new call, a new session
      await page.waitForFunction(() => !document.querySelector('#ai-caller button')?.hasAttribute('disabled'), undefined, { timeout: JOIN_FAILS_WITHIN });
      expect(standIn.requests).toHaveLength(2);
      // No answer to the browser held a Vapi key or a way to act on the call.
      expect(answers.length).toBeGreaterThan(3);
      for (const answer of answers) {
        expect(answer).not.toContain(PRIVATE_KEY);
        expect(answer).not.toMatch(/controlUrl|listenUrl|\/control\//);
      }

      // Daily's call machine was allowed; only Daily's error telemetry is refused, on purpose.
      expect((await cspViolations()).filter((violation) => !violation.includes('.ingest.sentry.io'))).toEqual([]);
    },
  );

  it('"Cancel call" gives up a call still connecting, without an error, and takes no room of its own', async () => {
    const { page } = await visit({ microphone: true });
    const card = () =>
      demo(page)
        .locator('[data-call-card]')
        .evaluate((element) => element.getBoundingClientRect().height);
    const idle = await card();
    standIn.hold();
    await mainButton(page).click();
    await standIn.waitForRequests(1);
    const cancel = demo(page).getByRole('button', { name: 'Cancel call' });
    // It shows where the microphone note was: the card keeps its height, nothing under it moves.
    expect(await cancel.isVisible()).toBe(true);
    expect(await card()).toBe(idle);
    await cancel.click();
    expect(await mainButton(page).textContent()).toContain('Call Me');
    expect(await mainButton(page).isEnabled()).toBe(true);
    expect(await cancel.count()).toBe(0);

    standIn.release();
    // Daily gives up after its retries; the visitor, who cancelled, hears nothing of it.
    await page.waitForTimeout(8_000);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await mainButton(page).click();
    await standIn.waitForRequests(2);
  });

  it('tells a visitor who refuses the microphone how to allow it, and creates no call', async () => {
    const { page } = await visit({ microphone: false });
    await mainButton(page).click();
    await toast(page, 'Microphone access needed').waitFor();
    expect(await mainButton(page).isEnabled()).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });
});

/** What the voice card says around the captions, from the page's copy (French as typeset). */
function shown(locale: 'en' | 'fr') {
  const { voiceDemo } = getContent(locale);
  return { connected: voiceDemo.status.connected, endCall: voiceDemo.endCall, lasted: voiceDemo.captions.lasted, followUp: voiceDemo.captions.followUp.link };
}

describe("live captions in Chromium, from the SDK's own message events", () => {
  const SCRIPTS = {
    en: {
      path: '/',
      partial: 'Hi, and welcome',
      agent: "Hi, and welcome to Atelier IA! I'm the demo voice agent. What can I do for you?",
      caller: 'Tell me about your voice agents.',
      callerPartial: 'And how long',
      lines: ["Agent: Hi, and welcome to Atelier IA! I'm the demo voice agent. What can I do for you?", 'You: Tell me about your voice agents.'],
      ...shown('en'),
    },
    fr: {
      path: '/fr/',
      partial: 'Bonjour et bienvenue',
      agent: "Bonjour et bienvenue chez Atelier IA! Je suis l'agent vocal de démonstration.",
      caller: 'Parlez-moi de vos agents vocaux.',
      callerPartial: 'Et combien de',
      lines: ["Agent : Bonjour et bienvenue chez Atelier IA! Je suis l'agent vocal de démonstration.", 'Vous : Parlez-moi de vos agents vocaux.'],
      ...shown('fr'),
    },
  } as const;

  it.each(['en', 'fr'] as const)(
    '%s: final lines by speaker, the utterance in progress lighter and unannounced; axe finds nothing, in both themes; nothing moves',
    async (locale) => {
      const script = SCRIPTS[locale];
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, cspViolations } = await visit({ microphone: true, path: script.path, callMachine: true, colorScheme });
        // The card's size and what sits under the captions, relative to it: if neither moves, nothing below does.
        const layout = () =>
          page.evaluate(() => {
            const card = document.querySelector('[data-call-card]')!.getBoundingClientRect();
            return { card: card.height, notice: document.querySelector('#voice-privacy-notice')!.getBoundingClientRect().top - card.top };
          });
        await demo(page).scrollIntoViewIfNeeded();
        const before = await layout();
        await mainButton(page).click();
        expect(await joinedRoom(page)).toBe(standIn.roomUrl);
        expect(standIn.refusals).toEqual([null]);
        expect(standIn.requests[0]).toMatchObject({ body: { assistantId: ASSISTANT[locale] } });

        await fromAssistant(page, 'listening'); // the SDK's call-start
        await expect.poll(() => demo(page).getByRole('status').textContent()).toBe(script.connected);
        expect(await mainButton(page).textContent()).toContain(script.endCall);

        await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: script.partial });
        const partial = box(page).locator('[data-partial]');
        await expect.poll(() => partial.textContent()).toContain(script.partial);
        expect(await partial.getAttribute('aria-hidden')).toBe('true');
        expect(await lines(page)).toEqual([]);

        await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: script.agent });
        await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: script.caller });
        await fromAssistant(page, { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: script.callerPartial });
        await expect.poll(() => lines(page)).toEqual(script.lines);
        await expect.poll(() => partial.textContent()).toContain(script.callerPartial);
        // Lighter than the final lines, and readable: axe checks the contrast of both.
        const colours = await box(page).evaluate((element) => ({
          final: getComputedStyle(element.querySelector('[role=log] p')!).color,
          partial: getComputedStyle(element.querySelector('[data-partial]')!).color,
        }));
        expect(colours.partial).not.toBe(colours.final);
        expect(await axeViolations(page, CARD)).toEqual([]);
        // The captions came in without moving anything on the page.
        expect(await layout()).toEqual(before);
        expect((await cspViolations()).filter((violation) => !violation.includes('.ingest.sentry.io'))).toEqual([]);

        // The visitor hangs up: daily-js leaves the call, the lines stay with the call's length and a way on.
        await mainButton(page).click();
        await expect.poll(() => captions(page).textContent()).toContain(script.lasted);
        expect(await lines(page)).toEqual(script.lines);
        expect(await captions(page).getByRole('link', { name: script.followUp }).getAttribute('href')).toBe('#contact-form');
        expect(await box(page).locator('[data-partial]').count()).toBe(0);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.context().close();
        standIn.requests.length = 0;
        standIn.refusals.length = 0;
      }
    },
  );

  it.each([
    ['/', 'assistant-said-end-call-phrase', 'assistant'],
    ['/fr/', 'exceeded-max-duration', 'time-limit'],
    ['/', 'silence-timed-out', 'silence'],
  ] as const)('on %s a call Vapi ends (%s) shows the ended state with its reason, never the failure notice', async (path, endedReason, reason) => {
    const locale = path === '/' ? 'en' : 'fr';
    const { voiceDemo } = getContent(locale);
    const { page } = await visit({ microphone: true, path, callMachine: true });
    await mainButton(page).click();
    await joinedRoom(page);
    await fromAssistant(page, 'listening');
    await expect.poll(() => demo(page).getByRole('status').textContent()).toBe(voiceDemo.status.connected);
    // Vapi's status-update, then the room ended under the visitor: Daily's "Meeting has ended" error.
    await fromAssistant(page, { type: 'status-update', status: 'ended', endedReason });
    await meetingEnded(page);
    await expect.poll(() => captions(page).textContent()).toContain(voiceDemo.captions.lasted);
    const said = (await captions(page).textContent())!.replaceAll('\u00a0', ' ');
    expect(said).toContain(voiceDemo.captions.endReason[reason].replaceAll('\u00a0', ' '));
    expect(await mainButton(page).textContent()).toContain(voiceDemo.callMe);
    expect(await mainButton(page).isEnabled()).toBe(true);
    // A normal ending: no notification of any kind.
    await page.waitForTimeout(500);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await axeViolations(page, CARD)).toEqual([]);
  });

  it('animates new lines only without reduced motion, and clears them when a new call starts', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await visit({ microphone: true, callMachine: true, reducedMotion });
      await mainButton(page).click();
      await joinedRoom(page);
      await fromAssistant(page, 'listening');
      await fromAssistant(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hello!' });
      const line = captions(page).locator('p').first();
      await line.waitFor();
      expect(await line.evaluate((element) => getComputedStyle(element).animationName)).toBe(reducedMotion === 'reduce' ? 'none' : 'caption-in');
      await mainButton(page).click();
      await expect.poll(() => captions(page).textContent()).toContain('The call lasted');
      await mainButton(page).click(); // a new call
      await expect.poll(() => captions(page).textContent()).toBe('');
      await page.context().close();
    }
  });
});

/** A page of the site at `origin`, scrolled to the demo, with a microphone and the stand-in call machine. */
async function open(origin: string, locale: 'en' | 'fr', width: number, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 780 : 900 },
    colorScheme,
    ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
  });
  contexts.push(context);
  await context.grantPermissions(['microphone'], { origin });
  await standInDailyCallMachine(context);
  const page = await context.newPage();
  const requested: string[] = [];
  pageRequests.set(page, requested);
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${origin}${locale === 'fr' ? '/fr/' : '/'}`, { waitUntil: 'load' });
  await waitForHydration(page);
  await demo(page).scrollIntoViewIfNeeded();
  return page;
}
/** The paths each page of open() asked for, in order. */
const pageRequests = new WeakMap<Page, string[]>();
/** The server reads the day's holds at most every few seconds: a state changed by a report shows after that. */
const afterStatusAge = () => new Promise((done) => setTimeout(done, (STATUS_MAX_AGE_SECONDS + 0.5) * 1000));
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  // The fixed bar would stand over the section in its picture: set aside while it is taken (through
  // the CSSOM: the page's security policy refuses a style sheet of the test's).
  const bars = (visibility: string) =>
    page.evaluate((value) => document.querySelectorAll<HTMLElement>('[data-nav]').forEach((bar) => bar.style.setProperty('visibility', value)), visibility);
  await bars('hidden');
  await demo(page).screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
  await bars('');
};
describe("the card's states in Chromium, in both languages, at a phone's width and a desktop's", () => {
  /** One line (VOICE_MAX_CONCURRENT=1) and three minutes a day: one call fills it. */
  let states: RunningServer;
  /** No voice demo configured at all. */
  let off: RunningServer;
  const WIDTHS = [360, 1280] as const;

  beforeAll(async () => {
    // Every page here comes from one address (127.0.0.1), some 20 of them each asking a challenge and a
    // session: the per-client limits are raised so that they never answer instead of the state under
    // test. Those limits are tried in the routes' own tests (challenge.test.ts, voice-session.test.ts),
    // the shipped values in src/server/properties/lead-flood.test.ts.
    const common = { STATIC_DIR, DATABASE_URL: '', RATE_LIMIT_VOICE: '1000/600', RATE_LIMIT_CHALLENGE: '1000/600' };
    states = await startServer({
      ...voiceEnv,
      ...common,
      SQLITE_PATH: join(DIR, 'states.sqlite'),
      VOICE_MAX_CONCURRENT: '1',
      VOICE_MINUTES_PER_DAY: '3',
      VOICE_MAX_CALL_SECONDS: '180',
    });
    off = await startServer({ ...common, SQLITE_PATH: join(DIR, 'off.sqlite') });
    if (SHOTS) await mkdir(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await states?.stop();
    await off?.stop();
  });

  /** Vapi reporting a call to the states server. */
  const report = (message: object) =>
    fetch(`${states.url}/api/voice/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SERVER_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });

  it('idle, in a call with nine lines of captions (the newest six or more whole, none cut, nothing in the card shifting), and ended', async () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const width of WIDTHS) {
        const page = await open(server.url, locale, width);
        await page.evaluate(() => {
          const shifts: number[] = [];
          Object.assign(window, { __shifts: shifts });
          new PerformanceObserver((list) => {
            // Shifts of the demo's own elements that no input caused (CLS's own rule), the captions
            // box's lines included: they come in by scrolling, which is not a shift.
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
              const card = document.querySelector('#ai-caller')!;
              if (!entry.hadRecentInput && entry.sources.some((source) => source.node && card.contains(source.node))) shifts.push(entry.value);
            }
          }).observe({ type: 'layout-shift' });
        });
        await shot(page, `${locale}-${width}-idle`);
        // The card's frame: the captions box and the main button, where they are on the page.
        const frame = () =>
          page.evaluate(() =>
            ['#ai-caller [data-captions]', '#ai-caller button[aria-describedby="voice-privacy-notice"]'].map((selector) => {
              const rect = document.querySelector(selector)!.getBoundingClientRect();
              return [rect.top + scrollY, rect.left, rect.width, rect.height].map(Math.round);
            }),
          );
        const frameBefore = await frame();
        await mainButton(page).click();
        await joinedRoom(page);
        await fromAssistant(page, 'listening');
        for (let i = 1; i <= 9; i++) {
          const role = i % 2 ? 'assistant' : 'user';
          await fromAssistant(page, { type: 'transcript', role, transcriptType: 'final', transcript: `Line ${i} of the call.` });
        }
        await expect.poll(() => lines(page).then((all) => all.length)).toBe(9);
        // Once the newest line's entrance animation is over: it slides in from below.
        await box(page).evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
        const fit = await box(page).evaluate((element) => {
          const edges = element.querySelector('[role=log]')!.parentElement!.getBoundingClientRect();
          // The box's own top edge, under its padding: nothing shows above it.
          const visible = [...element.querySelectorAll<HTMLElement>('[data-line]')].filter((line) => line.checkVisibility({ visibilityProperty: true }));
          const rects = visible.map((line) => line.getBoundingClientRect());
          return {
            shown: visible.map((line) => line.textContent),
            whole: rects.every((rect) => rect.top >= edges.top - 0.5 && rect.bottom <= edges.bottom + 0.5),
          };
        });
        expect(fit.shown.length, `${locale} ${width}`).toBeGreaterThanOrEqual(6);
        expect(fit.whole).toBe(true);
        // The newest at the bottom; the oldest shown fade under the box's top edge.
        expect(fit.shown.at(-1)).toContain('Line 9 of the call.');
        expect(await fadesTop(page)).toBe(true);
        // Filling the box moves neither it nor the button (the card keeps its size).
        expect(await frame(), `${locale} ${width}`).toEqual(frameBefore);
        // Nothing in the card shifted during the call, as Chrome counts shifts (CLS 0).
        expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), `${locale} ${width}`).toEqual([]);
        await shot(page, `${locale}-${width}-call`);
        await mainButton(page).click();
        await expect.poll(() => captions(page).textContent()).toContain(locale === 'fr' ? 'L’appel a duré' : 'The call lasted');
        await shot(page, `${locale}-${width}-ended`);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.context().close();
        standIn.requests.length = 0;
        standIn.refusals.length = 0;
      }
    }
  }, 240_000);

  /**
   * The card as the server's state makes it before any press, in each language, width and theme:
   * which state, its button, the line under it, the firm's phone (written as the footer writes it)
   * and the contact form in the box, no axe violation, and no proof of work asked to learn it.
   */
  async function expectStateBeforePress(origin: string, state: 'ready' | 'unavailable' | 'budget-spent' | 'lines-busy', name: string) {
    for (const locale of ['en', 'fr'] as const) {
      const copy = getContent(locale).voiceDemo;
      for (const width of WIDTHS) {
        for (const colorScheme of width === 1280 ? (['light', 'dark'] as const) : (['light'] as const)) {
          const page = await open(origin, locale, width, colorScheme);
          const card = demo(page).locator('[data-call-card]');
          await expect.poll(() => pageRequests.get(page)!.includes('/api/voice/status')).toBe(true);
          await expect.poll(() => card.getAttribute('data-demo-state')).toBe(state);
          const requested = pageRequests.get(page)!;
          const button = demo(page).locator('button[aria-describedby~="voice-privacy-notice"]');
          if (state === 'ready') {
            expect(await button.textContent()).toBe(typeset(locale, copy.callMe));
            expect(await demo(page).locator('.animate-wave').count()).toBe(2);
            expect(await demo(page).getByText(typeset(locale, copy.microphoneNote)).isVisible()).toBe(true);
            // The proof of work for the press starts once the state is known to be ready, never to learn it.
            await expect.poll(() => requested.includes('/api/challenge')).toBe(true);
            expect(requested.indexOf('/api/voice/status')).toBeLessThan(requested.indexOf('/api/challenge'));
          } else {
            const words = copy.states[state];
            expect(await button.textContent()).toBe(typeset(locale, words.button));
            expect(await button.getAttribute('aria-disabled')).toBe(state === 'lines-busy' ? null : 'true');
            expect(await demo(page).locator('.animate-wave').count()).toBe(0);
            expect(await demo(page).getByText(typeset(locale, copy.microphoneNote)).isVisible()).toBe(false);
            expect(await demo(page).locator('#voice-demo-state').textContent()).toBe(typeset(locale, words.note));
            // Not a dead end: the firm's phone, as the footer writes it, and the contact form.
            const phone = box(page).locator('a[href^="tel:"]');
            expect(await phone.count()).toBe(1);
            const footerPhone = page
              .locator('footer li')
              .filter({ hasText: getContent(locale).footer.contactUs.phoneLabel })
              .locator('span.whitespace-nowrap');
            const written = (await footerPhone.textContent())!.trim();
            expect((await phone.textContent())!.trim()).toBe(written);
            const href = (await phone.getAttribute('href'))!;
            expect(href).toMatch(/^tel:\+?\d+$/);
            expect(href.endsWith(written.replace(/\D/g, ''))).toBe(true);
            expect(await box(page).locator('a[href="#contact-form"]').count()).toBe(1);
            expect(await box(page).locator('a[href="#contact-form"]').isVisible()).toBe(true);
            // Nothing was made ready for a press that could not start a call.
            await page.waitForTimeout(200);
            expect(requested.filter((path) => path === '/api/challenge' || path === '/api/voice/session')).toEqual([]);
          }
          expect(requested.filter((path) => path === '/api/voice/status')).toHaveLength(1);
          expect(await axeViolations(page, CARD), `${locale} ${width} ${colorScheme}`).toEqual([]);
          if (colorScheme === 'light') await shot(page, `${locale}-${width}-${name}`);
          await page.context().close();
        }
      }
    }
  }

  it("shows before any press: ready, then every line busy while one is in use, then the day's minutes spent once Vapi's report came; and a press on a card that showed ready shows what it met", async () => {
    await expectStateBeforePress(states.url, 'ready', 'before-ready');
    // A card shown ready; then another visitor's call starts (reported by Vapi): the one line is taken.
    const page = await open(states.url, 'en', 1280);
    await expect.poll(() => demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('ready');
    expect((await report(callStarted({ callId: 'call-e2e-other', assistantId: ASSISTANT.en }))).status).toBe(200);
    await mainButton(page).click();
    await expect.poll(() => captions(page).textContent()).toContain('All our lines are busy');
    expect(await demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('lines-busy');
    expect(await captions(page).locator('a[href^="tel:"]').count()).toBe(1);
    expect(await captions(page).locator('a[href="#contact-form"]').count()).toBe(1);
    expect(await mainButton(page).getAttribute('aria-disabled')).toBeNull();
    expect(standIn.requests).toHaveLength(0); // no call Vapi would refuse
    expect(await axeViolations(page, CARD)).toEqual([]);
    await page.context().close();

    await afterStatusAge();
    await expectStateBeforePress(states.url, 'lines-busy', 'busy');
    // It ends after 175 s: three minutes a day leave no room for another call of up to three.
    expect((await report(endOfCallReport({ callId: 'call-e2e-other', assistantId: ASSISTANT.en, seconds: 175 }))).status).toBe(200);
    await afterStatusAge();
    await expectStateBeforePress(states.url, 'budget-spent', 'budget-spent');
    // Pressed anyway: nothing is asked of the server.
    const spent = await open(states.url, 'fr', 360);
    await expect.poll(() => demo(spent).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('budget-spent');
    // Forced: Playwright waits for an aria-disabled button to be enabled.
    await demo(spent).locator('button[aria-describedby~="voice-privacy-notice"]').click({ force: true });
    await spent.waitForTimeout(300);
    expect(pageRequests.get(spent)!.filter((path) => path === '/api/voice/session' || path === '/api/challenge')).toEqual([]);
    expect(await spent.locator('[data-sonner-toast]').count()).toBe(0);
    expect(standIn.requests).toHaveLength(0);
  }, 600_000);

  it('without a voice demo: unavailable before any press, the button so named, the phone and a link to the contact form that leads there', async () => {
    await expectStateBeforePress(off.url, 'unavailable', 'unavailable');
    for (const locale of ['en', 'fr'] as const) {
      const page = await open(off.url, locale, 360);
      await expect.poll(() => demo(page).locator('[data-call-card]').getAttribute('data-demo-state')).toBe('unavailable');
      await demo(page).locator('[data-captions] a[href="#contact-form"]').click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#contact-form');
      await page.context().close();
    }
  }, 300_000);

  it("opens the privacy disclosure by keyboard, and the hero's second way in scrolls to the demo in both layouts", async () => {
    for (const locale of ['en', 'fr'] as const) {
      for (const width of WIDTHS) {
        const page = await open(server.url, locale, width);
        const summary = demo(page).locator('summary');
        expect(await summary.textContent()).toBe(getContent(locale).voiceDemo.privacyDetails.summary);
        await summary.focus();
        await page.keyboard.press('Enter');
        expect(
          await demo(page)
            .locator('details')
            .evaluate((element) => (element as HTMLDetailsElement).open),
        ).toBe(true);
        expect(await axeViolations(page, CARD)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator('[data-voice-way-in]:visible').click();
        await expect.poll(() => demo(page).evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(200);
        await page.context().close();
      }
    }
  });
});
