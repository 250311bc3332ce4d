/**
 * The voice demo in real Chromium, with the real SDK, against the production server and its CSP.
 * Its own build has a Vapi key and points the SDK's API base URL at a local stand-in for
 * POST /call/web; Daily's call machine (c.daily.co) cannot be reached offline, so every join fails
 * after Daily's retries (~6 s), which is exactly the failure path a visitor may meet.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/build';
import { launchBrowser, waitForHydration } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { startVapiStandIn, type VapiStandIn } from './helpers/vapi-stand-in';

const DIR = resolve('.tmp/e2e-voice');
const STATIC_DIR = `${DIR}-dist`;
const KEY = 'pk-e2e-public-key';
const ASSISTANT = 'asst-e2e-demo';
const JOIN_FAILS_WITHIN = 30_000;

let standIn: VapiStandIn;
let server: RunningServer;
let browser: Browser;
let sdkChunk: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  standIn = await startVapiStandIn();
  await rm(DIR, { recursive: true, force: true });
  await mkdir(DIR, { recursive: true });
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith('VAPI_') || key.startsWith('SITE_')) delete process.env[key];
  // NODE_ENV: vitest sets 'test', which would make Vite bundle development builds.
  Object.assign(process.env, { NODE_ENV: 'production', VAPI_PUBLIC_KEY: KEY, VAPI_ASSISTANT_ID: ASSISTANT, VAPI_API_BASE_URL: standIn.url });
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
  server = await startServer({ STATIC_DIR, SQLITE_PATH: join(DIR, 'leads.sqlite'), DATABASE_URL: '' });
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
});

type Visit = { page: Page; requested: string[]; cspViolations: () => Promise<string[]>; cspHeader: string };

async function visit(options: { microphone: boolean }): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  if (options.microphone) await context.grantPermissions(['microphone'], { origin: server.url });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const response = await page.goto(server.url, { waitUntil: 'load' });
  await waitForHydration(page);
  return {
    page,
    requested,
    cspHeader: response?.headers()['content-security-policy'] ?? '',
    cspViolations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

const demo = (page: Page) => page.locator('#ai-caller');
const mainButton = (page: Page) => demo(page).getByRole('button', { name: /Call Me|Connecting|End Call/ });
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]', { hasText: title });

describe('voice demo in Chromium', () => {
  it('loads the SDK chunk on intent only: not with the page, but on hover', async () => {
    const { page, requested } = await visit({ microphone: false });
    await page.waitForLoadState('networkidle');
    expect(requested.some((url) => url.endsWith(sdkChunk))).toBe(false);
    await mainButton(page).hover();
    await expect.poll(() => requested.some((url) => url.endsWith(sdkChunk))).toBe(true);
    expect(standIn.requests).toHaveLength(0); // loading is not calling
  });

  it('allows the voice origins in the CSP, and only them', async () => {
    const { cspHeader } = await visit({ microphone: false });
    const directive = (name: string) => cspHeader.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';
    expect(directive('connect-src')).toBe(`connect-src 'self' ${standIn.url} https://*.daily.co wss://*.wss.daily.co https://*.pluot.blue`);
    // The page's own inline scripts (boot, stylesheet loader, script starter) by hash, then the voice SDK's needs.
    expect(directive('script-src')).toMatch(/^script-src 'self'( 'sha256-[^']+'){3,} https:\/\/c\.daily\.co blob: 'wasm-unsafe-eval'$/);
    // The critical CSS of each page by hash; never 'unsafe-inline'.
    expect(directive('style-src')).toMatch(/^style-src 'self'( 'sha256-[^']+')+$/);
    expect(cspHeader).not.toContain("'unsafe-eval'");
    expect(cspHeader).not.toContain('api.vapi.ai'); // the build points the SDK elsewhere
    expect(cspHeader).not.toContain('sentry');
  });

  it('"Call Me" creates the call at the API, reports the failed join, and works again', async () => {
    const { page, cspViolations } = await visit({ microphone: true });
    await mainButton(page).click();
    await expect.poll(() => mainButton(page).textContent()).toContain('Connecting...');
    expect(await mainButton(page).isDisabled()).toBe(true);
    const [request] = await standIn.waitForRequests(1);
    expect(request).toEqual({ method: 'POST', path: '/call/web', authorization: `Bearer ${KEY}`, body: { assistantId: ASSISTANT } });

    await toast(page, 'The call could not start').waitFor({ timeout: JOIN_FAILS_WITHIN });
    expect(await mainButton(page).textContent()).toContain('Call Me');
    expect(await mainButton(page).isEnabled()).toBe(true);
    expect(await demo(page).getByRole('status').textContent()).toBe('');

    await mainButton(page).click();
    await standIn.waitForRequests(2);
    await page.waitForFunction(() => !document.querySelector('#ai-caller button')?.hasAttribute('disabled'), undefined, { timeout: JOIN_FAILS_WITHIN });
    expect(await mainButton(page).textContent()).toContain('Call Me');

    // The API and Daily's call machine were allowed; only Daily's error telemetry is refused, on purpose.
    expect((await cspViolations()).filter((violation) => !violation.includes('.ingest.sentry.io'))).toEqual([]);
  });

  it('"Cancel call" gives up a call still connecting, without an error, and takes no room of its own', async () => {
    const { page } = await visit({ microphone: true });
    const card = () => demo(page).locator('[data-call-card]').evaluate((element) => element.getBoundingClientRect().height);
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
