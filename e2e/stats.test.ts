/**
 * The firm's figures, counted in a real Chromium against the production server, on SQLite and on
 * PostgreSQL: a visit to / and one to /fr/, the demo scrolled into view, "Call Me" pressed (the
 * real voice SDK against the local stand-in of Vapi's API), the contact form sent. The counters
 * move by exactly those events; nothing of the counting is kept in the browser; the database holds
 * neither the visitor's address nor the browser's string; a headless browser and a crawler are not
 * counted.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/build';
import { type Store, createStore } from '../src/server/store';
import { dayOf } from '../src/server/core/calendar';
import { FONT_STORAGE_KEY } from '../src/web/lib/brand-font';
import { createDatabase, freePort, startPostgres, type RunningPostgres } from '../test/postgres';
import { storedBytes } from '../test/storage';
import { DEVICES, launchBrowser, STILL, waitForHydration } from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';
import { startVapiStandIn, type VapiStandIn } from '../test/vapi-stand-in';

const DIR = resolve('.tmp/e2e-stats');
const STATIC_DIR = `${DIR}-dist`;
const PRIVATE_KEY = 'vapi-private-key-e2e-stats-4d2a';
const ORG_ID = 'org-e2e-stats';
/** An ordinary desktop Chrome, as a visitor's says it (Playwright's own says HeadlessChrome). */
const ORDINARY = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
/** The visitor's address, as the proxy in front of the server reports it (TRUST_PROXY). */
const VISITOR_ADDRESS = '203.0.113.45';
const POLL = { timeout: 20_000, interval: 100 };

let standIn: VapiStandIn;
let browser: Browser;
let postgres: RunningPostgres;
let siteEnv: Record<string, string>;
let port: number;

beforeAll(async () => {
  standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY, orgId: ORG_ID });
  await rm(DIR, { recursive: true, force: true });
  await mkdir(DIR, { recursive: true });
  port = await freePort();
  siteEnv = {
    VAPI_PRIVATE_KEY: PRIVATE_KEY,
    VAPI_ASSISTANT_ID_EN: 'asst-stats-en',
    VAPI_ASSISTANT_ID_FR: 'asst-stats-fr',
    VAPI_API_BASE_URL: standIn.url,
    SITE_URL: `http://127.0.0.1:${port}`,
  };
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) if (key.startsWith('VAPI_') || key.startsWith('SITE_')) delete process.env[key];
  Object.assign(process.env, { NODE_ENV: 'production', ...siteEnv });
  try {
    await buildSite(STATIC_DIR, { quiet: true });
  } finally {
    process.env = saved;
  }
  postgres = await startPostgres();
  browser = await launchBrowser(['--use-fake-device-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await postgres?.stop();
  await standIn?.close();
});

describe.each(['sqlite', 'postgres'] as const)('the figures on %s', (engine) => {
  let server: RunningServer;
  let store: Store;
  let storage: Record<string, string>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    storage =
      engine === 'sqlite' ? { SQLITE_PATH: join(DIR, 'leads.sqlite'), DATABASE_URL: '' } : { DATABASE_URL: (await createDatabase(postgres.adminUrl)).url };
    server = await startServer({
      ...siteEnv,
      ...storage,
      PORT: String(port),
      STATIC_DIR,
      // The visitor's address comes from the proxy's header, as behind Caddy.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_VOICE: '1000/600',
      // The firm's own campaign: counted by name.
      STATS_CAMPAIGNS: 'automne-2026',
      // With the demo on, the server counts the calls Vapi reports, signed with this secret.
      VAPI_SERVER_SECRET: 'stats-test-server-secret-0123456789abcdef',
    });
    store = await createStore({ sqlitePath: storage.SQLITE_PATH ?? '', databaseUrl: storage.DATABASE_URL || undefined });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await store?.close();
    await server?.stop();
  });

  async function open(device: keyof typeof DEVICES, userAgent: string, path: string): Promise<{ page: Page; context: BrowserContext }> {
    const context = await browser.newContext({ ...DEVICES[device], ...STILL, userAgent });
    contexts.push(context);
    // The visitor's address as the proxy reports it, on the requests to our server only (another
    // origin would refuse the extra header in a CORS preflight).
    await context.route(`${server.url}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': VISITOR_ADDRESS } }));
    await context.grantPermissions(['microphone'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await waitForHydration(page);
    return { page, context };
  }

  /** Today's counters, one line each: "event locale device referrer campaign = count". */
  async function counters(): Promise<string[]> {
    const today = dayOf(new Date(), 'America/Toronto');
    const rows = await store.statsRows(today, today);
    return rows.map((row) => `${row.event} ${row.locale} ${row.device || '-'} ${row.referrer || '-'} ${row.campaign || '-'} = ${row.count}`).sort();
  }
  const has = async (line: string) => (await counters()).includes(line);

  it('a visit to / and to /fr/, the demo seen, "Call Me", the form sent: the counters move by exactly those, and nothing of the counting is kept in the browser', async () => {
    const home = await open('desktop', ORDINARY, '/?utm_campaign=Automne%202026');
    await expect.poll(() => has('view_home en desktop none automne-2026 = 1'), POLL).toBe(true);

    await home.page.locator('#ai-caller').scrollIntoViewIfNeeded();
    await expect.poll(() => has('demo_seen en desktop none automne-2026 = 1'), POLL).toBe(true);

    const sessions = standIn.requests.length;
    await home.page.locator('#ai-caller').getByRole('button', { name: 'Call Me' }).click();
    await expect.poll(() => has('call_pressed en desktop none automne-2026 = 1'), POLL).toBe(true);
    // The call went to the stand-in of Vapi's API with the key the server signed.
    await expect.poll(() => standIn.requests.length, POLL).toBeGreaterThan(sessions);

    await home.page.getByLabel('Full Name').fill('Visiteur Compté');
    await home.page.getByLabel('Phone Number').fill('514 555 0199');
    await home.page.getByLabel('Email', { exact: true }).fill('compte@example.com');
    await home.page.getByLabel('Message or Inquiry').fill('Bonjour');
    await home.page.getByRole('button', { name: 'Send Message' }).click();
    await home.page.locator('[data-sonner-toast]').filter({ hasText: 'Message sent successfully!' }).waitFor({ timeout: 30_000 });

    const french = await open('phone', DEVICES.phone.userAgent, '/fr/');
    await expect.poll(() => has('view_home fr phone none - = 1'), POLL).toBe(true);

    // Long enough for anything else to be written (the server writes its counts every second), then exactly these.
    await new Promise((done) => setTimeout(done, 2_500));
    expect(await counters()).toEqual(
      [
        'view_home en desktop none automne-2026 = 1',
        'demo_seen en desktop none automne-2026 = 1',
        'call_pressed en desktop none automne-2026 = 1',
        'form_started en desktop none automne-2026 = 1',
        // From the database, when the lead was stored: its language only.
        'form_sent en - - - = 1',
        'view_home fr phone none - = 1',
      ].sort(),
    );

    for (const { page, context } of [home, french]) {
      expect(await context.cookies()).toEqual([]);
      // Nothing of the counting; at most the typeface's key: the address of the file this browser has (src/web/lib/brand-font.ts).
      const [kept, session] = await page.evaluate(() => [Object.entries(localStorage), Object.keys(sessionStorage)] as const);
      expect(kept.filter(([key, value]) => !(key === FONT_STORAGE_KEY && /^\/assets\/inter-[\w-]{8}\.woff2$/.test(value)))).toEqual([]);
      expect(session).toEqual([]);
    }
  });

  it('the database holds neither the visitor’s address nor the browser string, nor a hash of them', async () => {
    // On PostgreSQL the forms' and the voice demo's per-address rate limits keep their counters in
    // rate_counters (`rate:<route>:<address>`, for their window: src/server/core/plugins/rate-limit.ts); the counting
    // keeps none, which is what this looks at.
    const { bytes, tables } = await storedBytes(storage, { rate_counters: "key not like 'rate:%'" });
    expect(engine === 'sqlite' || tables.includes('site_stats')).toBe(true);
    expect(bytes.length).toBeGreaterThan(0);
    for (const needle of [VISITOR_ADDRESS, ORDINARY, 'Chrome/142.0.0.0', 'Windows NT 10.0', DEVICES.phone.userAgent, 'iPhone OS']) {
      expect(bytes.includes(needle), needle).toBe(false);
    }
  });

  it('a headless browser and a crawler are not counted', async () => {
    const before = await counters();
    for (const agent of [HEADLESS, CRAWLER]) {
      const { page } = await open('desktop', agent, '/');
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/stats'), { timeout: 20_000 });
      await page.locator('#ai-caller').scrollIntoViewIfNeeded();
      expect((await answered).status()).toBe(202);
    }
    await new Promise((done) => setTimeout(done, 2_500));
    expect(await counters()).toEqual(before);
  });
});
