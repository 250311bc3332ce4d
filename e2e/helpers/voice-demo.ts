/**
 * The voice demo's browser tests' shared setup, in real Chromium with the real SDK, against the
 * production server and its CSP. The server has the demo configured as the firm would (a private
 * key, one assistant per language); the page holds no key: it asks the server for a session, and its
 * SDK sends its POST /call/web to the server, which places the call with a local stand-in of Vapi's
 * API (which wants the private key, as Vapi does, and records every call's key and body). Daily's
 * call machine (c.daily.co) cannot be reached offline: without more, every join fails after Daily's
 * retries (~6 s), the failure path a visitor may meet; `callMachine` serves a stand-in of it instead
 * (./daily-stand-in.ts), so a call connects and the agent's messages reach the SDK as they do in a
 * real call.
 *
 * A test file calls `startVoiceDemo()` at its top level; the bindings below are its stand-in, server
 * and browser once its beforeAll has run.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildSite } from '../../scripts/build';
import { freePort } from '../../test/postgres';
import { startVapiStandIn, type VapiStandIn } from '../../test/vapi-stand-in';
import { frenchTypography } from '../../src/content/typography';
import { E2E_DIR } from '../global-setup';
import { launchBrowser, SCREENSHOT_DIR, waitForHydration } from './browser';
import { standInDailyCallMachine } from './daily-stand-in';
import { startServer, type RunningServer } from './server';

/** Emptied with E2E_DIR by the global setup at each run: a build found here is this run's. */
export const DIR = join(E2E_DIR, 'voice');
export const STATIC_DIR = join(DIR, 'dist');
export const PRIVATE_KEY = 'vapi-private-key-e2e-7c1f9a';
export const ASSISTANT = { en: 'asst-e2e-en-0001', fr: 'asst-e2e-fr-0002' };
export const JOIN_FAILS_WITHIN = 30_000;
export const SERVER_SECRET = 'vapi-server-secret-e2e-0123456789abcdef';
/** Where the card's screenshots go for people to look at (outside the repository, never committed). */
export const SHOTS = SCREENSHOT_DIR && join(SCREENSHOT_DIR, 'voice');

export let standIn: VapiStandIn;
export let server: RunningServer;
export let browser: Browser;
export let sdkChunk: string;
/** Everything the firm's environment holds for the demo: the build sees it all, as under `npm start`. */
export let voiceEnv: Record<string, string>;
/** The environment the build saw: that of the file that built it (its stand-in's address among the rest). */
export let builtWith: Record<string, string>;
const contexts: BrowserContext[] = [];

/** Whether this file is the one to build: the first to make the folder that says a build is under way. */
async function firstToBuild(): Promise<boolean> {
  await mkdir(DIR, { recursive: true });
  try {
    await mkdir(join(DIR, 'building'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * The environment another file's build saw, once that build is done. Waited for as long as this
 * file's hook may take (vitest.config.ts's hookTimeout): it started after the building file's
 * hook, which bounds the build, so a slow machine's build is never given up on here first.
 */
async function builtByAnother(record: string): Promise<Record<string, string>> {
  for (;;) {
    const built = await readFile(record, 'utf8').catch(() => undefined);
    if (built !== undefined) {
      const { env, error } = JSON.parse(built) as { env?: Record<string, string>; error?: string };
      if (error !== undefined) throw new Error(`the voice demo's build failed in another file: ${error}`);
      return env!;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * The site built with the demo's configuration once per run, by the first file to ask: a build takes
 * half a minute, and every file's servers can serve the same one. The others wait for its record.
 */
async function buildOnce(env: Record<string, string>): Promise<Record<string, string>> {
  const record = join(DIR, 'built.json');
  if (!(await firstToBuild())) return builtByAnother(record);
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith('VAPI_') || key.startsWith('SITE_')) delete process.env[key];
  // NODE_ENV: vitest sets 'test', which would make Vite bundle development builds.
  Object.assign(process.env, { NODE_ENV: 'production', ...env });
  let outcome: { env?: Record<string, string>; error?: string } = { env };
  try {
    await buildSite(STATIC_DIR, { quiet: true });
  } catch (error) {
    outcome = { error: String(error) };
    throw error;
  } finally {
    process.env = saved;
    // Written whole, then renamed: a waiting file never reads half of it.
    await writeFile(`${record}.part`, JSON.stringify(outcome));
    await rename(`${record}.part`, record);
  }
  return env;
}

/**
 * Registers the file's hooks: the Vapi stand-in, the demo's build (once per run), a server with the
 * demo configured (its database under DIR/`name`) and a browser with a fake microphone; after each
 * test, its pages closed and the stand-in's records cleared.
 */
export function startVoiceDemo(name: string) {
  beforeAll(async () => {
    standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: 'org-e2e-3b9e' });
    await mkdir(join(DIR, name), { recursive: true });
    const port = await freePort();
    voiceEnv = {
      VAPI_PRIVATE_KEY: PRIVATE_KEY,
      VAPI_ASSISTANT_ID_EN: ASSISTANT.en,
      VAPI_ASSISTANT_ID_FR: ASSISTANT.fr,
      VAPI_API_BASE_URL: standIn.url,
      VAPI_SERVER_SECRET: SERVER_SECRET,
      SITE_URL: `http://127.0.0.1:${port}`,
    };
    builtWith = await buildOnce(voiceEnv);
    const assets = await readdir(join(STATIC_DIR, 'assets'));
    const chunks = await Promise.all(
      assets.filter((file) => file.endsWith('.js')).map(async (file) => ({ name: file, code: await readFile(join(STATIC_DIR, 'assets', file), 'utf8') })),
    );
    sdkChunk = chunks.find((chunk) => chunk.code.includes('c.daily.co/call-machine'))!.name;
    server = await startServer({
      ...voiceEnv,
      PORT: String(port),
      STATIC_DIR,
      SQLITE_PATH: join(DIR, name, 'leads.sqlite'),
      DATABASE_URL: '',
      // The tests start many calls from one address, each with a proof of work of its own; the limits
      // have their own server tests (and the card's states, on a server of their own).
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
}

type Visit = { page: Page; requested: string[]; cspViolations: () => Promise<string[]>; cspHeader: string };

/** The file's server's page on a desktop, hydrated: the requests it made, its CSP header and the violations of it. */
export async function visit(options: {
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

/** A page of the site at `origin`, scrolled to the demo, with a microphone and the stand-in call machine. */
export async function open(origin: string, locale: 'en' | 'fr', width: number, colorScheme: 'light' | 'dark' = 'light') {
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
export const pageRequests = new WeakMap<Page, string[]>();

/** The demo's section: the part these tests change, and where their axe checks look (page-sections.test checks the whole page). */
export const CARD = '#ai-caller';
export const demo = (page: Page) => page.locator(CARD);
export const mainButton = (page: Page) =>
  demo(page).getByRole('button', { name: /Call Me|Connecting|End Call|Try again|Parler à l.agent|Connexion|Raccrocher|Réessayer/ });
/** A line of the copy as the page shows it: French typeset (’, no-break spaces), English as written. */
export const typeset = (locale: 'en' | 'fr', text: string) => (locale === 'fr' ? frenchTypography(text) : text);
export const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]', { hasText: title });
export const captions = (page: Page) => demo(page).getByRole('log');
export const box = (page: Page) => demo(page).locator('[data-captions]');
/** Whether the captions box fades its top lines: only once lines have scrolled up out of it. */
export const fadesTop = (page: Page) =>
  box(page).evaluate((element) => getComputedStyle(element.querySelector('[role=log]')!.parentElement!).maskImage !== 'none');
export const sessionRequests = (requested: string[]) => requested.filter((url) => url.endsWith('/api/voice/session'));
/** The captions' lines as a visitor reads them (no-break spaces read as spaces). */
export const lines = (page: Page) =>
  captions(page)
    .locator('p:not([data-call-ended])')
    .evaluateAll((elements) => elements.map((element) => element.textContent!.replaceAll('\u00a0', ' ')));
