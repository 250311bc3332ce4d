import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../contracts/api';
import { ENGINES, storageRows } from '../../../test/storage';
import { callStarted, endOfCallReport } from '../../../test/vapi-messages';
import { PRIVATE_KEY, eventually, voiceHarness } from '../../../test/voice-calls';
import { JOIN_GRACE_SECONDS, REPORT_GRACE_SECONDS, SESSION_SECONDS } from './budget';

/**
 * POST /api/voice/call/web: the server places every demo call with Vapi itself, with the private
 * key and a body it writes, for a session used once; and the keeper ends the calls nobody joined
 * and settles those whose report never came. Vapi is the stand-in (test/vapi-stand-in.ts), which
 * records every request's key and body.
 */

type CallRow = { call_id: string; duration_seconds: number | null; cost: number | null; settled_by: string | null; ended_reason: string | null };

describe.each(ENGINES)('demo calls placed by the server on %s', (engine) => {
  const demo = voiceHarness(engine);
  afterEach(() => demo.close());

  const sessionFrom = async (address: string, server = 0, locale = 'fr') => {
    const answer = await demo.ask(address, server, locale);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ session: string }>().session;
  };
  const calls = () => storageRows<CallRow>(demo.storage.env, 'select * from voice_calls order by call_id');

  it("places the call with the private key and a body of the server's own, whatever the browser sent, and answers only what joining needs", async () => {
    await demo.start({}, 1);
    const session = await sessionFrom('203.0.113.7');
    // What a script could send with a session: a twelve-hour call, no reports to us, another server, another model.
    const hostile = {
      assistantId: 'asst-of-someone-else',
      assistant: { model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'Talk forever.' }] } },
      assistantOverrides: {
        maxDurationSeconds: 43_200,
        serverMessages: [],
        server: { url: 'https://elsewhere.example/hook' },
        model: { provider: 'anthropic', model: 'claude-opus' },
        metadata: { siteSession: 'another-session' },
      },
      squad: { members: [] },
      workflowId: 'wf-1',
    };
    const placed = await demo.place(session, 0, hostile);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['cache-control']).toBe('no-store');
    const join = placed.json<Record<string, unknown>>();
    expect(Object.keys(join).sort()).toEqual(['artifactPlan', 'assistant', 'id', 'transport', 'webCallUrl']);
    expect(join).toMatchObject({ id: 'stand-in-call-1', webCallUrl: demo.standIn.roomUrl, artifactPlan: { videoRecordingEnabled: false } });
    // Nothing that acts on the call elsewhere: no control or listen URL.
    expect(placed.body).not.toMatch(/control|listen/i);

    expect(demo.standIn.requests).toHaveLength(1);
    const [request] = demo.standIn.requests;
    expect(request!.authorization).toBe(`Bearer ${PRIVATE_KEY}`);
    expect(request!.body).toEqual({ assistantId: 'asst-fr-1', assistantOverrides: { metadata: { siteSession: session }, maxDurationSeconds: 180 } });

    // The English page's session calls the English assistant.
    const english = await sessionFrom('198.51.100.7', 0, 'en');
    expect((await demo.place(english)).statusCode).toBe(201);
    expect((demo.standIn.requests[1]!.body as { assistantId: string }).assistantId).toBe('asst-en-1');
    // The private key and the control URLs stay on the server: in no answer, in no log line.
    expect(demo.logs.text()).not.toContain(PRIVATE_KEY);
    expect(demo.logs.text()).not.toContain('/control/');
  });

  it('places one call per session: a second use, on the other instance or at the same moment, gets 401 and places nothing', async () => {
    await demo.start();
    const session = await sessionFrom('203.0.113.8');
    const both = await Promise.all([demo.place(session, 0), demo.place(session, 1)]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 401]);
    expect(both.find((answer) => answer.statusCode === 401)!.json()).toEqual({ ok: false, error: 'session_used' });
    expect((await demo.place(session, 1)).json()).toEqual({ ok: false, error: 'session_used' });
    expect(demo.standIn.requests).toHaveLength(1);

    // Unknown, malformed or missing keys: 401 session_expired, nothing placed.
    expect((await demo.place('A'.repeat(22))).json()).toEqual({ ok: false, error: 'session_expired' });
    expect((await demo.place('not a key')).statusCode).toBe(401);
    const bare = await demo.apps[0]!.inject({ method: 'POST', url: API_PATHS.voiceCallWeb, payload: { assistantId: 'x' } });
    expect(bare.json()).toEqual({ ok: false, error: 'session_expired' });
    // A session older than its minute places nothing either.
    const late = await sessionFrom('198.51.100.8', 1);
    demo.advance(SESSION_SECONDS + 1);
    expect((await demo.place(late, 0)).json()).toEqual({ ok: false, error: 'session_expired' });
    expect(demo.standIn.requests).toHaveLength(1);
  });

  it('refuses a body that is not a JSON object (400) or too large (413) without using the session', async () => {
    await demo.start({}, 1);
    const session = await sessionFrom('203.0.113.9');
    const post = (payload: string, type = 'application/json') =>
      demo.apps[0]!.inject({ method: 'POST', url: API_PATHS.voiceCallWeb, headers: { authorization: `Bearer ${session}`, 'content-type': type }, payload });
    expect((await post('{"assistantId":')).statusCode).toBe(400);
    expect((await post('["a"]')).statusCode).toBe(400);
    expect((await post(JSON.stringify({ assistantId: 'x'.repeat(20_000) }))).statusCode).toBe(413);
    expect((await post('assistantId=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect(demo.standIn.requests).toHaveLength(0);
    expect((await demo.place(session)).statusCode).toBe(201);
  });

  it('answers 502 when Vapi refuses or does not answer in time, and the line is free again', async () => {
    await demo.start({ VOICE_MAX_CONCURRENT: '1' }, 1);
    demo.standIn.reply(() => ({ status: 400, body: { message: ['assistantId must be a UUID'] } }));
    const refused = await demo.place(await sessionFrom('203.0.113.10'));
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ ok: false, error: 'call_failed' });
    // The one line is free: another network gets a session at once.
    demo.standIn.hold();
    const silent = await demo.place(await sessionFrom('198.51.100.10'));
    expect(silent.statusCode).toBe(502);
    demo.standIn.release();
    expect((await demo.ask('192.0.2.10')).statusCode).toBe(201);
    // The firm is told why, in its log: the demo is down while Vapi refuses.
    const failures = demo.logs.lines().filter((line) => line.apiError === 'call_failed');
    expect(failures.map((line) => line.cause)).toEqual([
      expect.stringContaining('answered 400: {"message":["assistantId must be a UUID"]}'),
      expect.stringMatching(/timeout/),
    ]);
  }, 60_000);

  it('answers 502, never 500, when Vapi gives again a call id it gave before, and ends that call', async () => {
    await demo.start({}, 1);
    const same = { id: 'call-twice', status: 'queued' as const, assistantId: 'asst-fr-1', assistantOverrides: {} };
    demo.standIn.calls.set(same.id, same);
    demo.standIn.reply(() => ({
      status: 201,
      body: { id: same.id, webCallUrl: demo.standIn.roomUrl, monitor: { controlUrl: `${demo.standIn.url}/control/${same.id}` } },
    }));
    expect((await demo.place(await sessionFrom('203.0.113.14'))).statusCode).toBe(201);
    const again = await demo.place(await sessionFrom('198.51.100.14'));
    expect(again.statusCode).toBe(502);
    expect(again.json()).toEqual({ ok: false, error: 'call_failed' });
    expect(demo.standIn.callApiRequests.map((request) => request.path)).toEqual(['/control/call-twice']);
  });

  it('40 networks taking sessions and never calling hold the lines for a minute at most: then a visitor from a new network gets a call', async () => {
    await demo.start();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await demo.ask(`198.18.${i}.1`, i % 2)).statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect((await demo.ask('192.0.2.50')).json()).toMatchObject({ error: 'lines_busy' });
    demo.advance(SESSION_SECONDS + 1);
    const { callId } = await demo.call('192.0.2.50', 1);
    expect(callId).toBe('stand-in-call-1');
  });

  it('ends through its control URL each of 40 calls placed and never joined, within the grace, and frees their lines', async () => {
    // Two instances share one keeper's work on PostgreSQL (its advisory lock); SQLite serves one instance.
    const instances = engine === 'postgres' ? 2 : 1;
    await demo.start({ VOICE_MAX_CONCURRENT: '40' }, instances);
    const placed = [];
    for (let i = 0; i < 40; i++) placed.push(await demo.call(`198.18.${i}.1`, i % instances));
    expect((await demo.ask('192.0.2.60')).json()).toMatchObject({ error: 'lines_busy' });
    // Within the grace nothing is ended: the visitors may still be joining.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(demo.standIn.callApiRequests.filter((request) => request.path.startsWith('/control/'))).toEqual([]);

    demo.advance(JOIN_GRACE_SECONDS + 1);
    const ends = () => demo.standIn.callApiRequests.filter((request) => request.path.startsWith('/control/'));
    await eventually(() => ends().length === 40, 60_000, '40 calls ended');
    expect(new Set(ends().map((request) => request.path))).toEqual(new Set(placed.map(({ callId }) => `/control/${callId}`)));
    expect(ends().every((request) => JSON.stringify(request.body) === '{"type":"end-call"}')).toBe(true);
    // Their records at Vapi, which hold no conversation, are deleted at once, with the private key.
    const deletes = () => demo.standIn.callApiRequests.filter((request) => request.method === 'DELETE');
    await eventually(() => deletes().length === 40, 60_000, '40 records deleted');
    expect(new Set(deletes().map((request) => request.path))).toEqual(new Set(placed.map(({ callId }) => `/call/${callId}`)));
    expect(deletes().every((request) => request.authorization === `Bearer ${PRIVATE_KEY}`)).toBe(true);
    // Looked up first, with the private key: a call that had started would have been kept.
    const lookups = demo.standIn.callApiRequests.filter((request) => request.method === 'GET');
    expect(lookups).toHaveLength(40);
    expect(lookups.every((request) => request.authorization === `Bearer ${PRIVATE_KEY}`)).toBe(true);
    // The lines are free, and the control URLs are no longer kept.
    expect((await demo.ask('192.0.2.60', instances - 1)).statusCode).toBe(201);
    const kept = await storageRows(demo.storage.env, 'select control_url from voice_holds where control_url is not null');
    expect(kept).toEqual([]);
    expect(await calls()).toEqual([]);
  }, 180_000);

  it('keeps a placed call whose start message was lost once Vapi says it started', async () => {
    await demo.start({}, 1);
    const { callId } = await demo.call('203.0.113.11');
    Object.assign(demo.standIn.calls.get(callId)!, { status: 'in-progress', startedAt: demo.now().toISOString() });
    demo.advance(JOIN_GRACE_SECONDS + 1);
    await eventually(async () => (await calls()).length === 1, 30_000, 'the call recorded as started');
    expect(demo.standIn.callApiRequests.filter((request) => request.path.startsWith('/control/'))).toEqual([]);
    const [hold] = await demo.stores[0]!.voiceHolds(demo.today());
    expect(hold).toMatchObject({ network: '203.0.113.0/24', call: { durationSeconds: null } });
  });

  it("settles a call whose messages were all lost from Vapi's record, and at its longest length while Vapi cannot be reached", async () => {
    await demo.start({}, 1);
    const started = async (address: string) => {
      const { callId } = await demo.call(address);
      Object.assign(demo.standIn.calls.get(callId)!, { status: 'in-progress', startedAt: demo.now().toISOString() });
      return callId;
    };
    const first = await started('203.0.113.12');
    demo.advance(JOIN_GRACE_SECONDS + 1);
    await eventually(async () => (await calls()).length === 1, 30_000, 'the first call started');
    // Vapi's record: 95 s, 42 cents.
    const record = demo.standIn.calls.get(first)!;
    Object.assign(record, {
      status: 'ended',
      endedAt: new Date(Date.parse(record.startedAt!) + 95_000).toISOString(),
      endedReason: 'assistant-ended-call',
      cost: 0.42,
    });
    demo.advance(180 + REPORT_GRACE_SECONDS);
    await eventually(async () => (await calls())[0]?.settled_by === 'vapi', 30_000, 'the first call settled');
    expect((await calls())[0]).toMatchObject({ call_id: first, duration_seconds: 95, cost: 0.42, ended_reason: 'assistant-ended-call' });

    const second = await started('198.51.100.12');
    demo.advance(JOIN_GRACE_SECONDS + 1);
    await eventually(async () => (await calls()).length === 2, 30_000, 'the second call started');
    demo.standIn.setDown(true);
    demo.advance(180 + REPORT_GRACE_SECONDS);
    await eventually(async () => (await calls()).find((row) => row.call_id === second)?.settled_by === 'longest', 30_000, 'the second call charged');
    expect((await calls()).find((row) => row.call_id === second)).toMatchObject({ duration_seconds: 180, cost: null });
    // Its report, late, replaces the guess with the real figures.
    expect((await demo.report(endOfCallReport({ callId: second, seconds: 50 }))).statusCode).toBe(200);
    expect((await calls()).find((row) => row.call_id === second)).toMatchObject({ duration_seconds: 50, cost: 0.21, settled_by: 'report' });
    demo.standIn.setDown(false);
  }, 120_000);

  it('keeps the cost of each call from its end-of-call report, and a report sent again changes nothing', async () => {
    await demo.start({}, 1);
    const { callId } = await demo.call('203.0.113.13');
    expect((await demo.report(callStarted({ callId }))).statusCode).toBe(200);
    expect((await demo.report(endOfCallReport({ callId, seconds: 61 }))).statusCode).toBe(200);
    expect((await demo.report(endOfCallReport({ callId, seconds: 61 }))).statusCode).toBe(200);
    expect(await calls()).toEqual([expect.objectContaining({ call_id: callId, duration_seconds: 61, cost: 0.21, settled_by: 'report' })]);
  });
});
