import { afterEach, describe, expect, it } from 'vitest';
import { injectWithProof, proofFrom } from '../../../test/proof';
import { callStarted, endOfCallReport } from '../../../test/vapi-messages';
import { voiceHarness } from '../../../test/voice-calls';
import { ENGINES, storageRows, testConfig } from '../../../test/storage';
import { SESSION_SECONDS } from './budget';
import { budgetDay } from './budget-day';

/**
 * The voice demo's budget as POST /api/voice/session applies it on two servers: the day's minutes
 * counted from the calls Vapi reports, the lines in use, each network's share.
 */

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
