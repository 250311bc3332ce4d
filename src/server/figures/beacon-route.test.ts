import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { DEFAULT_FIRM_TIME_ZONE, dayOf } from '../core/calendar';
import { HOUR_MS } from '../core/time';
import { ENGINES, type TestStorage, freshStorage, storedBytes, testConfig } from '../../../test/storage';
import { BEACONS_PER_MINUTE, BEACONS_PER_NETWORK_PER_MINUTE, floodGate } from './beacon-route';

const today = () => dayOf(new Date(), DEFAULT_FIRM_TIME_ZONE);
const WAIT = { timeout: 20_000, interval: 20 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for a figure to reach `expected` (the counts are written every 20 ms here), then checks it stays there. */
async function settled(read: () => Promise<number>, expected: number) {
  await vi.waitFor(async () => expect(await read()).toBeGreaterThanOrEqual(expected), WAIT);
  await pause(100);
  expect(await read()).toBe(expected);
}
/** A desktop Chrome, as a visitor's browser says it. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VISITOR = '203.0.113.77';

describe.each(ENGINES)('POST /api/stats on %s', (engine) => {
  let storage: TestStorage;
  let app: FastifyInstance;
  let inspect: Store;
  let visitor = 0;
  /** A new address for each test's beacons, in a network of its own (the flood caps count per client and per network). */
  const nextAddress = () => `203.0.${++visitor}.7`;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    app = await buildApp({ config: testConfig({ ...storage.env, LOG_LEVEL: 'silent', STATS_CAMPAIGNS: 'printemps-2026, automne-2026' }), statsFlushMs: 20 });
    inspect = await createStore(testConfig(storage.env));
  });
  afterAll(async () => {
    await app?.close();
    await inspect?.close();
    await storage?.dispose();
  });

  const send = (body: unknown, headers: Record<string, string> = {}, address = nextAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/stats',
      remoteAddress: address,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, 'sec-fetch-site': 'same-origin', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const count = async (event: string, where: Partial<Record<'locale' | 'device' | 'referrer' | 'campaign', string>> = {}) =>
    (await inspect.statsRows(today(), today()))
      .filter((row) => row.event === event && Object.entries(where).every(([key, value]) => row[key as keyof typeof where] === value))
      .reduce((sum, row) => sum + row.count, 0);

  it('counts a beacon once, under its day, event and dimensions, and answers 202', async () => {
    const answer = await send({ e: 'view_home', l: 'fr', d: 'phone', r: 'search', c: 'printemps-2026' });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ ok: true });
    await settled(() => count('view_home', { locale: 'fr', device: 'phone', referrer: 'search', campaign: 'printemps-2026' }), 1);
    await send({ e: 'view_home', l: 'fr', d: 'phone', r: 'search', c: 'printemps-2026' });
    await settled(() => count('view_home', { campaign: 'printemps-2026' }), 2);
  });

  it('does not count crawlers, headless browsers, agentless requests, or beacons another site sends', async () => {
    const before = await count('demo_seen');
    const beacon = { e: 'demo_seen', l: 'en', d: 'desktop', r: 'none' };
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ]) {
      expect((await send(beacon, { 'user-agent': agent })).statusCode).toBe(202);
    }
    expect((await send(beacon, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(202);
    // A visitor's beacon after them: once it is written, anything taken before it would be too.
    await send(beacon);
    await settled(() => count('demo_seen'), before + 1);
  });

  it('refuses what is not a beacon with 400 and counts nothing', async () => {
    const before = (await inspect.statsRows(today(), today())).length;
    for (const body of [
      'not json',
      { e: 'purchase', l: 'fr', d: 'phone', r: 'none' },
      { e: 'view_home', l: 'de', d: 'phone', r: 'none' },
      { e: 'view_home', l: 'fr', d: 'tablet', r: 'none' },
      { e: 'view_home', l: 'fr', d: 'phone', r: 'none', c: 'Not A Token!' },
      { e: 'view_home', l: 'fr', d: 'phone', r: 'none', ip: '203.0.113.5' },
    ]) {
      const answer = await send(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    expect((await send('x'.repeat(2000))).statusCode).toBe(413);
    await send({ e: 'view_404', l: 'en', d: 'phone', r: 'none' });
    await settled(() => count('view_404'), 1);
    expect((await inspect.statsRows(today(), today())).length).toBe(before + 1);
  });

  it('counts at most BEACONS_PER_MINUTE from one client a minute (the rest answered alike, uncounted), and other clients still count', async () => {
    const before = await count('call_pressed');
    const beacon = { e: 'call_pressed', l: 'en', d: 'desktop', r: 'site' };
    // The same client: one address, or another in its IPv6 /64.
    const answers = [];
    for (let i = 0; i < BEACONS_PER_MINUTE + 5; i++) answers.push((await send(beacon, {}, i % 2 ? '2001:db8:1:2::a' : '2001:db8:1:2::b')).statusCode);
    expect(answers.every((status) => status === 202)).toBe(true);
    expect((await send(beacon)).statusCode).toBe(202);
    // Exactly the cap and the other client's one (or, if the minute turned during the loop, up to twice the cap).
    await vi.waitFor(async () => expect(await count('call_pressed')).toBeGreaterThanOrEqual(before + BEACONS_PER_MINUTE + 1), WAIT);
    await pause(100);
    expect(await count('call_pressed')).toBeLessThanOrEqual(before + 2 * BEACONS_PER_MINUTE + 1);
  });

  it('counts at most BEACONS_PER_NETWORK_PER_MINUTE from one network a minute, however many of its /64s send, and other networks still count', async () => {
    const before = await count('view_privacy');
    const beacon = { e: 'view_privacy', l: 'fr', d: 'phone', r: 'none' };
    // 300 clients of one /48, one beacon each.
    for (let i = 0; i < 300; i++) expect((await send(beacon, {}, `2001:db8:77:${i.toString(16)}::1`)).statusCode).toBe(202);
    expect((await send(beacon, {}, '192.0.2.77')).statusCode).toBe(202);
    // The network's share and the other network's one (or, if the minute turned during the loop, up to twice the share).
    await vi.waitFor(async () => expect(await count('view_privacy')).toBeGreaterThanOrEqual(before + BEACONS_PER_NETWORK_PER_MINUTE + 1), WAIT);
    await pause(100);
    expect(await count('view_privacy')).toBeLessThanOrEqual(before + 2 * BEACONS_PER_NETWORK_PER_MINUTE + 1);
  });

  it('counts by name only the campaigns the firm named in STATS_CAMPAIGNS; any other (one made for a single recipient) as "other"', async () => {
    for (let i = 0; i < 30; i++) await send({ e: 'form_started', l: 'fr', d: 'phone', r: 'social', c: `pour-marie-tremblay-${i}` });
    await send({ e: 'form_started', l: 'fr', d: 'phone', r: 'social', c: 'printemps-2026' });
    await settled(() => count('form_started'), 31);
    const rows = (await inspect.statsRows(today(), today())).filter((row) => row.event === 'form_started');
    expect(new Set(rows.map((row) => row.campaign))).toEqual(new Set(['*', 'printemps-2026']));
    expect(await count('form_started', { campaign: '*' })).toBe(30);
    expect(await count('form_started', { campaign: 'printemps-2026' })).toBe(1);
    // Nothing of the made-up names is written anywhere.
    expect((await storedBytes(storage.env)).bytes.includes('marie-tremblay')).toBe(false);
  });

  it('keeps no address, no browser string and no hash of either in the database', async () => {
    await send({ e: 'view_privacy', l: 'en', d: 'desktop', r: 'none' }, {}, VISITOR);
    const stored = await storedBytes(storage.env);
    // PostgreSQL: every table was read (SQLite: the file, whole).
    expect(engine === 'sqlite' || stored.tables.includes('site_stats')).toBe(true);
    for (const needle of [VISITOR, BROWSER, 'Chrome/131', '198.51.100.', '2001:db8']) expect(stored.bytes.includes(needle), needle).toBe(false);
  });
});

describe('counts taken in memory', () => {
  it('are written when the server stops, before the database closes', async () => {
    const storage = await freshStorage('sqlite');
    const app = await buildApp({ config: testConfig({ ...storage.env, LOG_LEVEL: 'silent' }), statsFlushMs: HOUR_MS });
    for (let i = 0; i < 3; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/stats',
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
        payload: JSON.stringify({ e: 'view_privacy', l: 'fr', d: 'desktop', r: 'none' }),
      });
      expect(answer.statusCode).toBe(202);
    }
    await app.close();
    const store = await createStore(testConfig(storage.env));
    try {
      expect((await store.statsRows(today(), today())).map((row) => `${row.event} ${row.count}`)).toEqual(['view_privacy 3']);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});

describe('the flood cap', () => {
  it('starts again each minute and forgets every client then', () => {
    let now = 60_000 * 1000;
    const gate = floodGate(2, () => now);
    expect([gate.admit('a'), gate.admit('a'), gate.admit('a'), gate.admit('b')]).toEqual([true, true, false, true]);
    now += 60_000;
    expect(gate.admit('a')).toBe(true);
  });
});
