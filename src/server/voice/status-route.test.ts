import { afterEach, describe, expect, it, vi } from 'vitest';
import { callStarted, endOfCallReport } from '../../../test/vapi-messages';
import { voiceHarness } from '../../../test/voice-calls';
import { ENGINES, storageRows } from '../../../test/storage';
import { API_PATHS } from '../../contracts/api';
import { SESSION_SECONDS } from './budget';
import { STATUS_MAX_AGE_SECONDS } from './status-route';

/**
 * GET /api/voice/status: the demo's state before any "Call Me", by the rules of POST
 * /api/voice/session (./voice-session.test.ts), asked without a proof and counted nowhere.
 */

/** Every table a request could count or hold something in. */
const COUNTED = ['rate_counters', 'voice_holds', 'voice_session_counts', 'voice_calls', 'spent_proofs', 'site_stats'] as const;

describe.each(ENGINES)('the voice demo status on %s', (engine) => {
  const demo = voiceHarness(engine);
  afterEach(() => demo.close());
  const start = (env: Record<string, string>) => demo.start(env, 2);
  const status = (address: string, locale = 'fr', server = 0) =>
    demo.apps[server]!.inject({ method: 'GET', url: `${API_PATHS.voiceStatus}?locale=${locale}`, remoteAddress: address });
  const stateOf = async (address: string, locale = 'fr', server = 0) => {
    const answer = await status(address, locale, server);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ state: string }>().state;
  };
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        COUNTED.map(async (table) => [table, Number((await storageRows<{ n: number }>(demo.storage.env, `select count(*) as n from ${table}`))[0]!.n)]),
      ),
    );

  it('answers ready with the state alone, kept by the browser a few seconds, without a proof, and counts nothing however often it is asked', async () => {
    await start({ RATE_LIMIT_VOICE: '3/600' });
    const before = await counts();
    const holdsRead = vi.spyOn(demo.stores[0]!, 'voiceHolds');
    for (let i = 0; i < 60; i++) {
      const answer = await status('198.51.100.7', i % 2 ? 'fr' : 'en');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ state: 'ready' });
      expect(answer.headers['cache-control']).toBe(`private, max-age=${STATUS_MAX_AGE_SECONDS}`);
    }
    // One read of the day's holds answered all sixty; nothing was written, and Vapi was not asked.
    expect(holdsRead).toHaveBeenCalledTimes(1);
    expect(await counts()).toEqual(before);
    expect(demo.standIn.requests).toEqual([]);
    // The visitor still has every session of RATE_LIMIT_VOICE: the asks used none of them.
    const sessions = [];
    for (let i = 0; i < 4; i++) {
      sessions.push((await demo.ask('198.51.100.7')).statusCode);
      demo.advance(SESSION_SECONDS + 1); // each key unused: its line is free again
    }
    expect(sessions).toEqual([201, 201, 201, 429]);
    // Another language or none: 400, as the session's route.
    expect((await demo.apps[0]!.inject({ url: `${API_PATHS.voiceStatus}?locale=de` })).statusCode).toBe(400);
    expect((await demo.apps[0]!.inject({ url: API_PATHS.voiceStatus })).statusCode).toBe(400);
  });

  it('answers not_configured without the private key, or for a language without its assistant', async () => {
    await start({ VAPI_ASSISTANT_ID_EN: '' });
    expect(await stateOf('198.51.100.8', 'fr')).toBe('ready');
    expect(await stateOf('198.51.100.8', 'en')).toBe('not_configured');
    await demo.close();
    await start({ VAPI_PRIVATE_KEY: '', VAPI_ASSISTANT_ID_EN: '', VAPI_ASSISTANT_ID_FR: '', VAPI_SERVER_SECRET: '' });
    for (const locale of ['fr', 'en']) expect(await stateOf('198.51.100.8', locale)).toBe('not_configured');
  });

  it('answers lines_busy while every line is in use, as a session would be told, and ready again once a call ends', async () => {
    await start({ VOICE_MAX_CONCURRENT: '1' });
    const call = await demo.call('203.0.113.9');
    await demo.report(callStarted(call));
    for (const server of [0, 1]) expect(await stateOf('192.0.2.9', 'fr', server)).toBe('lines_busy');
    expect((await demo.ask('192.0.2.9')).json()).toMatchObject({ error: 'lines_busy' });
    await demo.report(endOfCallReport({ ...call, seconds: 40 }));
    // The answer is a read of a few seconds ago until STATUS_MAX_AGE_SECONDS have passed.
    expect(await stateOf('192.0.2.9')).toBe('lines_busy');
    demo.advance(STATUS_MAX_AGE_SECONDS);
    expect(await stateOf('192.0.2.9')).toBe('ready');
  });

  it("answers minutes_spent once Vapi's reports have spent the day's minutes, or the network's share", async () => {
    // Three minutes a day, calls of at most three: one call of 175 s leaves no room for another.
    await start({ VOICE_MINUTES_PER_DAY: '3', VOICE_MAX_CALL_SECONDS: '180' });
    const call = await demo.call('203.0.113.40');
    await demo.report(callStarted(call));
    await demo.report(endOfCallReport({ ...call, seconds: 175 }));
    demo.advance(STATUS_MAX_AGE_SECONDS);
    expect(await stateOf('192.0.2.40', 'en')).toBe('minutes_spent');
    expect((await demo.ask('192.0.2.40')).json()).toMatchObject({ error: 'daily_budget_spent' });
  });

  it('answers 200 unavailable, not a 500, while the database cannot be read', async () => {
    await start({});
    expect(await stateOf('198.51.100.60')).toBe('ready');
    await demo.stores[0]!.close();
    demo.advance(STATUS_MAX_AGE_SECONDS);
    for (let i = 0; i < 5; i++) {
      const answer = await status('198.51.100.60');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ state: 'unavailable' });
    }
  });
});
