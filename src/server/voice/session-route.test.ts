import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectWithProof, proofFrom } from '../../../test/proof';
import { VOICE_ENV } from '../../../test/voice-calls';
import { ENGINES, type TestStorage, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { SESSION_SECONDS } from './budget';
import { budgetDay } from './budget-day';

/**
 * POST /api/voice/session: a key that places one call with one language's assistant, within the
 * per-client limit and the day's budget. The day's budget: ./budget.test.ts; the calls themselves:
 * ./call-route.test.ts.
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
