import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectWithProof } from '../../../test/proof';
import { ENGINES, type TestStorage, captureLogs, freshStorage, testConfig } from '../../../test/storage';
import { buildApp } from '../app';
import { type Store, createStore } from '../store';
import { budgetDay } from '../vapi/budget-day';

/**
 * POST /api/voice/session: a short-lived token for one language's assistant, within the
 * per-address limit and the day's budget. The token is checked with a JWT library, as the tests'
 * stand-in of Vapi checks it (test/vapi-stand-in.ts).
 */

const PRIVATE_KEY = 'vapi-private-key-for-tests-0123456789';
const VOICE = {
  VAPI_PRIVATE_KEY: PRIVATE_KEY,
  VAPI_ORG_ID: 'org-test-1',
  VAPI_ASSISTANT_ID_FR: 'asst-fr-1',
  VAPI_ASSISTANT_ID_EN: 'asst-en-1',
  SITE_URL: 'https://www.atelier.example/',
  RATE_LIMIT_VOICE: '1000/600',
};
const key = new TextEncoder().encode(PRIVATE_KEY);

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
  const ask = (payload: unknown, remoteAddress = '203.0.113.7') =>
    app!.inject({ method: 'POST', url: '/api/voice/session', payload: payload as object, remoteAddress });

  it('gives each language a token for its own assistant only, from the site origin, for two minutes', async () => {
    await start({ ...VOICE, VOICE_CALLS_PER_DAY: '1000' });
    for (const [locale, assistantId] of [
      ['fr', 'asst-fr-1'],
      ['en', 'asst-en-1'],
    ] as const) {
      const before = Math.floor(Date.now() / 1000);
      const response = await ask({ locale });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ ok: true; token: string; assistantId: string }>();
      expect(body).toEqual({ ok: true, token: expect.any(String), assistantId });

      const { payload, protectedHeader } = await jwtVerify(body.token, key, { algorithms: ['HS256'] });
      expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(payload).toEqual({
        orgId: 'org-test-1',
        token: {
          tag: 'public',
          restrictions: { enabled: true, allowedOrigins: ['https://www.atelier.example'], allowedAssistantIds: [assistantId], allowTransientAssistant: false },
        },
        iat: expect.any(Number),
        exp: expect.any(Number),
      });
      expect(payload.iat).toBeGreaterThanOrEqual(before);
      expect(payload.exp! - payload.iat!).toBe(120);
      // Expired two minutes later: a JWT library refuses it then.
      await expect(jwtVerify(body.token, key, { currentDate: new Date((payload.exp! + 1) * 1000) })).rejects.toThrow(/"exp" claim timestamp check failed/);
      // Signed with the private key: any other key fails.
      await expect(jwtVerify(body.token, new TextEncoder().encode('another key'))).rejects.toThrow(/signature verification failed/);
    }
    // Neither the key nor a token reaches the log.
    expect(logs.text()).not.toContain(PRIVATE_KEY);
    expect(logs.text()).not.toContain('eyJ');
  });

  it('refuses an unknown or missing language with 400, and counts nothing', async () => {
    await start({ ...VOICE, VOICE_CALLS_PER_DAY: '1' });
    for (const payload of [{ locale: 'de' }, {}, { locale: 'fr', extra: true }, ['fr']]) {
      const response = await ask(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe('invalid_request');
    }
    expect((await ask({ locale: 'de' })).json()).toEqual({ ok: false, error: 'invalid_request', fields: { locale: 'invalid' } });
    // The day's one session is still there.
    expect((await ask({ locale: 'fr' })).statusCode).toBe(201);
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
    const csp = String((await app!.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://api.vapi.ai https://*.daily.co");
  });

  it('hands out the public key instead of a token in the fallback mode', async () => {
    await start({ VAPI_PUBLIC_KEY: 'pk-public-fallback', VAPI_ASSISTANT_ID_FR: 'asst-fr-1' });
    const response = await ask({ locale: 'fr' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, token: 'pk-public-fallback', assistantId: 'asst-fr-1' });
  });

  it('limits each client address (RATE_LIMIT_VOICE) with 429 and Retry-After', async () => {
    await start({ ...VOICE, RATE_LIMIT_VOICE: '3/600', VOICE_CALLS_PER_DAY: '1000' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask({ locale: 'fr' }, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await ask({ locale: 'en' }, '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(refused.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    // Another address is not affected.
    expect((await ask({ locale: 'fr' }, '198.51.100.2')).statusCode).toBe(201);
  });
});

describe.each(ENGINES)('VOICE_CALLS_PER_DAY on %s', (engine) => {
  it("is one budget for all addresses and two instances: past it 503 daily_budget_spent until the firm's midnight", async () => {
    const storage = await freshStorage(engine);
    const site = await mkdtemp(join(tmpdir(), 'voice-budget-site-'));
    await writeFile(join(site, 'index.html'), '<!doctype html><title>Atelier IA</title>');
    const config = testConfig({ ...storage.env, ...VOICE, STATIC_DIR: site, VOICE_CALLS_PER_DAY: '4', FIRM_TIME_ZONE: 'America/Toronto' });
    // Two servers, each with its own connections, on one database.
    const stores: Store[] = [await createStore(config), await createStore(config)];
    const apps = await Promise.all(stores.map((store) => buildApp({ config, store, logger: captureLogs().logger })));
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          apps[i % 2]!.inject({ method: 'POST', url: '/api/voice/session', remoteAddress: `203.0.113.${i + 1}`, payload: { locale: i % 3 ? 'fr' : 'en' } }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(4);
      expect(statuses.filter((status) => status === 503)).toHaveLength(6);
      const { secondsLeft } = budgetDay(new Date(), 'America/Toronto');
      for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
        const retryAfter = Number(refused.headers['retry-after']);
        expect(refused.json()).toEqual({ ok: false, error: 'daily_budget_spent', retryAfter });
        expect(Math.abs(retryAfter - secondsLeft)).toBeLessThanOrEqual(5);
      }
      // Still refused later, from either server; the page and the forms are still served.
      expect((await apps[1]!.inject({ method: 'POST', url: '/api/voice/session', remoteAddress: '203.0.113.99', payload: { locale: 'fr' } })).statusCode).toBe(
        503,
      );
      expect((await apps[0]!.inject({ url: '/', remoteAddress: '203.0.113.99' })).statusCode).toBe(200);
      const contact = { name: 'Jo', phone: '514 555 0100', email: 'jo@example.com', message: 'Hello' };
      expect((await injectWithProof(apps[0]!, { url: '/api/contact', remoteAddress: '203.0.113.99', payload: contact })).statusCode).toBe(201);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(stores.map((store) => store.close()));
      await storage.dispose();
      await rm(site, { recursive: true, force: true });
    }
  });

  it('counts per day: a new day starts a new budget and clears the old count', async () => {
    const storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    try {
      expect(await store.countVoiceSession('2026-11-25', 2)).toBe(true);
      expect(await store.countVoiceSession('2026-11-25', 2)).toBe(true);
      expect(await store.countVoiceSession('2026-11-25', 2)).toBe(false);
      expect(await store.countVoiceSession('2026-11-26', 2)).toBe(true);
      expect(await store.countVoiceSession('2026-11-26', 2)).toBe(true);
      expect(await store.countVoiceSession('2026-11-26', 2)).toBe(false);
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
  });
});
