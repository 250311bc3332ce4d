import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectWithProof, proofFrom } from '../../../test/proof';
import { callStarted, endOfCallReport } from '../../../test/vapi-messages';
import { VOICE_ENV, voiceHarness } from '../../../test/voice-calls';
import { ENGINES, type TestStorage, captureLogs, freshStorage, storageRows, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { SESSION_SECONDS } from './budget';
import { budgetDay } from './budget-day';

/**
 * POST /api/voice/session: a key that places one call with one language's assistant, within the
 * per-client limit and the day's budget. The calls themselves: ./voice-call.test.ts.
 */

const VOICE = VOICE_ENV;

describe.each(ENGINES)('voice sessions on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;
  let app: FastifyInstance | undefined;
  let logs: ReturnType<typeof captureLogs>;

  // Each test its own database: the day's count must start from zero.
  beforeEach(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig(storage.env));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await store.close();
    await storage.dispose();
  });

  async function start(env: Record<string, string> = VOICE) {
    logs = captureLogs();
    app = await buildApp({ config: testConfig({ ...storage.env, ...env }), store, logger: logs.logger });
    return app;
  }
  /** A session asked for as the page does: with a solved proof of work. */
  const ask = (payload: Record<string, unknown>, remoteAddress = '203.0.113.7') => injectWithProof(app!, { url: '/api/voice/session', payload, remoteAddress });
  const askWithout = (payload: unknown, remoteAddress = '203.0.113.7') =>
    app!.inject({ method: 'POST', url: '/api/voice/session', payload: payload as object, remoteAddress });

  it('gives each language a session key of its own, never cached, and no Vapi key', async () => {
    await start({ ...VOICE, VOICE_MINUTES_PER_DAY: '1000' });
    const keys = new Set<string>();
    for (const locale of ['fr', 'en']) {
      const response = await ask({ locale });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ ok: true, session: expect.stringMatching(/^[\w-]{22}$/) });
      expect(response.body).not.toContain(VOICE.VAPI_PRIVATE_KEY);
      keys.add(response.json<{ session: string }>().session);
    }
    expect(keys.size).toBe(2);
    const holds = await store.voiceHolds(budgetDay(new Date(), testConfig().notifications.timeZone).day);
    expect(holds.map((hold) => hold.expiresAt - Date.now())).toEqual([expect.any(Number), expect.any(Number)]);
    for (const hold of holds) expect(hold.expiresAt - Date.now()).toBeLessThanOrEqual(SESSION_SECONDS * 1000);
    expect(logs.text()).not.toContain(VOICE.VAPI_PRIVATE_KEY);
  });

  it('refuses an unknown or missing language, or a missing or spent proof of work, with 400, and holds nothing', async () => {
    await start({ ...VOICE, VOICE_MINUTES_PER_DAY: '1000' });
    for (const payload of [{ locale: 'de' }, {}, { locale: 'fr', extra: true }, ['fr']]) {
      const response = await askWithout(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
    expect((await ask({ locale: 'de' })).json()).toEqual({ ok: false, error: 'invalid_request', fields: { locale: 'invalid' } });
    // No proof, or a proof already spent: 400 invalid_proof.
    expect((await askWithout({ locale: 'fr' })).json()).toMatchObject({ ok: false, error: 'invalid_proof' });
    const altcha = await proofFrom(app!);
    expect((await askWithout({ locale: 'fr', altcha })).statusCode).toBe(201);
    expect((await askWithout({ locale: 'fr', altcha }, '198.51.100.9')).json()).toMatchObject({ ok: false, error: 'invalid_proof' });
    expect(await store.voiceHolds(budgetDay(new Date(), testConfig().notifications.timeZone).day)).toHaveLength(1);
  });

  it('answers 503 not_configured without credentials, or for a language without an assistant', async () => {
    await start({});
    for (const locale of ['fr', 'en']) {
      const response = await ask({ locale });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, error: 'not_configured' });
    }
    // The CSP allows no voice origin while the demo is off.
    expect((await app!.inject({ url: '/api/health' })).headers['content-security-policy']).not.toContain('daily.co');
    await app!.close();

    await start({ ...VOICE, VAPI_ASSISTANT_ID_EN: '' });
    expect((await ask({ locale: 'fr' })).statusCode).toBe(201);
    expect((await ask({ locale: 'en' })).json()).toEqual({ ok: false, error: 'not_configured' });
    // The page reaches Daily for the call, never Vapi's API: the server places the calls.
    const csp = String((await app!.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://*.daily.co");
    expect(csp).not.toContain('vapi');
  });

  it('limits each client (RATE_LIMIT_VOICE: an IPv4 address, an IPv6 /64) with 429 and Retry-After', async () => {
    await start({ ...VOICE, RATE_LIMIT_VOICE: '3/600', VOICE_MINUTES_PER_DAY: '100000', VOICE_MAX_CONCURRENT: '1000' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask({ locale: 'fr' }, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await ask({ locale: 'en' }, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(refused.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    // Another address is not affected.
    expect((await ask({ locale: 'fr' }, '198.51.100.2')).statusCode).toBe(201);
    // Addresses of one IPv6 /64 are one client.
    const v6 = [];
    for (let i = 1; i <= 4; i++) v6.push((await ask({ locale: 'fr' }, `2001:db8:5:7::${i}`)).statusCode);
    expect(v6).toEqual([201, 201, 201, 429]);
  });
});

describe.each(ENGINES)('the voice budget on %s (two instances on one database)', (engine) => {
  const demo = voiceHarness(engine);
  afterEach(() => demo.close());
  const start = (env: Record<string, string>) => demo.start({ RATE_LIMIT_VOICE: '3/600', ...env });
  const { ask, report } = demo;

  it('34 addresses of one /24, and 34 /64s of one /56, taking sessions without calling leave a visitor from another network able to start a call', async () => {
    await start({});
    const burst = [
      ...Array.from({ length: 34 }, (_, i) => `203.0.113.${i + 1}`),
      ...Array.from({ length: 34 }, (_, i) => `2001:db8:77:ab${(i + 16).toString(16)}::1`),
    ];
    const statuses: number[] = [];
    for (const [i, address] of burst.entries()) for (let n = 0; n < 3; n++) statuses.push((await ask(address, i % 2)).statusCode);
    // Each network holds at most its share of the lines (2 of 10); the rest are told the lines are busy.
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 503)).toHaveLength(burst.length * 3 - 4);
    const { callId } = await demo.call('198.51.100.23', 1);
    expect(callId).toBe('stand-in-call-1');
    // Sessions never used hold nothing once their minute is over: the day spent nothing.
    const holds = await demo.stores[0]!.voiceHolds(demo.today());
    const later = Date.now() + (SESSION_SECONDS + 1) * 1000;
    expect(holds.filter((hold) => hold.callId === null && hold.expiresAt > later)).toEqual([]);
    // The database keeps networks only in the day's holds, never in the calls.
    expect(new Set(holds.map((hold) => hold.network))).toEqual(new Set(['203.0.113.0/24', '2001:0db8:0077:0000:0000:0000:0000:0000/48', '198.51.100.0/24']));
  });

  it('counts the minutes of the calls Vapi reports, at their real length, then says the day is spent until midnight', async () => {
    // 10 minutes a day, calls of at most 3: a network may spend 3 minutes, 3 are kept for networks not yet seen.
    await start({ VOICE_MINUTES_PER_DAY: '10', VOICE_MAX_CALL_SECONDS: '180' });
    const lengths = [170, 175, 100];
    const ids: string[] = [];
    for (const [i, seconds] of lengths.entries()) {
      const { callId } = await demo.call(`198.51.${100 + i}.7`, i % 2);
      ids.push(callId);
      expect((await report(callStarted({ callId, assistantId: 'asst-fr-1' }), (i + 1) % 2)).statusCode).toBe(200);
      expect((await report(endOfCallReport({ callId, assistantId: 'asst-fr-1', seconds }), i % 2)).statusCode).toBe(200);
    }
    // 445 s spent: one more call of up to 180 s would pass 600.
    const refused = await ask('192.0.2.44', 1);
    expect(refused.statusCode).toBe(503);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(refused.json()).toEqual({ ok: false, error: 'daily_budget_spent', retryAfter });
    const { secondsLeft } = budgetDay(new Date(), testConfig().notifications.timeZone);
    expect(Math.abs(retryAfter - secondsLeft)).toBeLessThanOrEqual(5);
    // What the figures read: one row per call, its language, length and cost, nothing about the caller.
    const rows = await storageRows<Record<string, unknown>>(demo.storage.env, 'select * from voice_calls order by call_id');
    expect(rows.map((row) => [row.call_id, row.locale, Number(row.duration_seconds), row.ended_reason, Number(row.cost)])).toEqual(
      lengths.map((seconds, i) => [ids[i], 'fr', seconds, 'customer-ended-call', 0.21]),
    );
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'call_id',
      'callback',
      'cost',
      'duration_seconds',
      'ended_at',
      'ended_reason',
      'id',
      'locale',
      'settled_by',
      'started_at',
      'vapi_deleted_at',
    ]);
    // The page and the forms are still served.
    expect((await demo.apps[0]!.inject({ url: '/', remoteAddress: '192.0.2.44' })).statusCode).toBe(200);
    const contact = { name: 'Jo', phone: '514 555 0100', email: 'jo@example.com', message: 'Hello' };
    expect((await injectWithProof(demo.apps[0]!, { url: '/api/contact', remoteAddress: '192.0.2.44', payload: contact })).statusCode).toBe(201);
  });

  it('gives no network more than its share of the day, and keeps one for networks not yet seen', async () => {
    // 20 minutes, calls of at most 2: a network's share is 2 minutes.
    await start({ VOICE_MINUTES_PER_DAY: '20', VOICE_MAX_CALL_SECONDS: '120', RATE_LIMIT_VOICE: '100/600' });
    const { callId } = await demo.call('203.0.113.5');
    await report(callStarted({ callId }));
    await report(endOfCallReport({ callId, seconds: 30 }));
    // 30 s spent of its 120: a second call could take 120 more, past its share.
    const again = await ask('203.0.113.6', 1);
    expect(again.json()).toMatchObject({ ok: false, error: 'daily_budget_spent' });
    // Another network is not affected.
    expect((await ask('198.51.100.5')).statusCode).toBe(201);
  });

  it('says every line is busy while VOICE_MAX_CONCURRENT calls are in progress, and frees a line when a call ends', async () => {
    await start({ VOICE_MAX_CONCURRENT: '2' });
    const calls = [];
    for (const [i, address] of ['203.0.113.9', '198.51.100.9'].entries()) {
      calls.push(await demo.call(address, i));
      await report(callStarted(calls[i]!), 1 - i);
    }
    const busy = await ask('192.0.2.9');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('60');
    expect(busy.json()).toEqual({ ok: false, error: 'lines_busy', retryAfter: 60 });
    await report(endOfCallReport({ ...calls[0]!, seconds: 40 }), 1);
    expect((await ask('192.0.2.9', 1)).statusCode).toBe(201);
  });

  it('holds a line from the moment a call is placed, before Vapi says it started', async () => {
    await start({ VOICE_MAX_CONCURRENT: '1' });
    const { callId } = await demo.call('203.0.113.30');
    // Joined at Vapi, which has not said so yet (its status-update is late or lost): the session's
    // minute is over, but its call holds the line, whether or not the keeper has asked Vapi meanwhile.
    Object.assign(demo.standIn.calls.get(callId)!, { status: 'in-progress', startedAt: demo.now().toISOString() });
    demo.advance(SESSION_SECONDS + 1);
    expect((await ask('198.51.100.30', 1)).json()).toMatchObject({ error: 'lines_busy' });
  });

  it('counts a call this server did not place (one started from Vapi itself) against the day and the lines, charged to no network', async () => {
    await start({ VOICE_MAX_CONCURRENT: '2' });
    await demo.call('203.0.113.70');
    await report(callStarted({ callId: 'call-from-elsewhere', session: 'forged-session-id-0123456789' }), 1);
    expect((await ask('198.51.100.70')).json()).toMatchObject({ ok: false, error: 'lines_busy' });
    const holds = await demo.stores[1]!.voiceHolds(demo.today());
    expect(holds.map((hold) => hold.network).sort()).toEqual(['203.0.113.0/24', null]);
    // Vapi sending the same message again changes nothing.
    await report(callStarted({ callId: 'call-from-elsewhere' }));
    expect(await demo.stores[0]!.voiceHolds(demo.today())).toHaveLength(2);
  });

  it('a refusal costs the visitor nothing: told "busy" many times, they still get a session once a line is free', async () => {
    await start({ VOICE_MAX_CONCURRENT: '1', RATE_LIMIT_VOICE: '3/600' });
    const { callId } = await demo.call('203.0.113.40');
    await report(callStarted({ callId }));
    for (let i = 0; i < 6; i++) expect((await ask('198.51.100.40', i % 2)).json()).toMatchObject({ error: 'lines_busy' });
    await report(endOfCallReport({ callId, seconds: 30 }));
    // Six refusals, and still the whole RATE_LIMIT_VOICE of three sessions.
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const answer = await ask('198.51.100.40', i % 2);
      statuses.push(answer.statusCode);
      demo.advance(SESSION_SECONDS + 1);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('hands out no more sessions than the budget has left in a burst on both servers', async () => {
    // 15 minutes, calls of at most 3: five sessions, however many ask at once.
    await start({ VOICE_MINUTES_PER_DAY: '15', VOICE_MAX_CALL_SECONDS: '180', VOICE_MAX_CONCURRENT: '50' });
    const proofs = await Promise.all(Array.from({ length: 16 }, (_, i) => proofFrom(demo.apps[i % 2]!, `192.0.${i}.1`)));
    const answers = await Promise.all(
      proofs.map((altcha, i) =>
        demo.apps[i % 2]!.inject({ method: 'POST', url: '/api/voice/session', remoteAddress: `192.0.${i}.1`, payload: { locale: 'en', altcha } }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    // The rest are held back by sessions not yet used: for a minute, not the day.
    expect(answers.filter((answer) => answer.statusCode === 503).map((answer) => answer.json().error)).toEqual(Array(11).fill('lines_busy'));
  });

  it('logs a limit reached as one warning a minute with counts, never an error per request', async () => {
    await start({ VOICE_MAX_CONCURRENT: '1', RATE_LIMIT_VOICE: '100/600' });
    expect((await ask('203.0.113.1')).statusCode).toBe(201);
    for (let i = 2; i < 8; i++) expect((await ask(`198.51.100.${i}`, i % 2)).statusCode).toBe(503);
    const lines = demo.logs.lines();
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    const warnings = lines.filter((line) => line.limit === 'VOICE_MAX_CONCURRENT' && String(line.msg).startsWith('limit reached'));
    // One line per server at once, the rest counted for the minute's end.
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ level: 40, count: 1, sources: 1, lines: 1 });
  });
});

describe.each(ENGINES)('the voice holds on %s', (engine) => {
  it('frees an unused session once its minute is over, and a new day deletes the holds of the day before', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    const budget = { secondsPerDay: 600, maxCallSeconds: 180, lines: 1 };
    try {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
      const locale = 'fr';
      expect(await store.admitVoiceSession({ day: '2026-11-25', network: '203.0.113.0/24', budget, now, expiresAt, locale })).toMatchObject({ ok: true });
      // The one line is held by the key…
      expect(await store.admitVoiceSession({ day: '2026-11-25', network: '198.51.100.0/24', budget, now, expiresAt, locale })).toEqual({
        ok: false,
        refusal: 'lines-busy',
      });
      // …until it expires unused: it cost nothing.
      const later = new Date(now.getTime() + (SESSION_SECONDS + 1) * 1000);
      expect(
        await store.admitVoiceSession({
          day: '2026-11-25',
          network: '198.51.100.0/24',
          budget,
          now: later,
          expiresAt: new Date(later.getTime() + SESSION_SECONDS * 1000),
          locale,
        }),
      ).toMatchObject({
        ok: true,
      });
      expect(await store.admitVoiceSession({ day: '2026-11-26', network: '198.51.100.0/24', budget, now, expiresAt, locale })).toMatchObject({ ok: true });
      expect(await store.voiceHolds('2026-11-25')).toEqual([]);
      expect(await store.voiceHolds('2026-11-26')).toHaveLength(1);
    } finally {
      await store.close();
      await storage.dispose();
    }
  });
});

describe('budgetDay', () => {
  it('is the date at the firm, and the seconds until its midnight', () => {
    // 03:30 UTC is still the evening before in Montréal (UTC-5 in November).
    expect(budgetDay(new Date('2026-11-26T03:30:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-25', secondsLeft: 30 * 60 + 60 * 60 });
    expect(budgetDay(new Date('2026-11-26T05:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-26', secondsLeft: 86_400 });
    expect(budgetDay(new Date('2026-11-26T23:59:59Z'), 'UTC')).toEqual({ day: '2026-11-26', secondsLeft: 1 });
    // The day the clocks go back (November 1st, 2026, in Montréal) has 25 hours; the one they go forward, 23.
    expect(budgetDay(new Date('2026-11-01T04:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-01', secondsLeft: 25 * 3600 });
    expect(budgetDay(new Date('2026-03-08T05:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-03-08', secondsLeft: 23 * 3600 });
  });
});
