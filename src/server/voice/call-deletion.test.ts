import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, type EngineName, captureLogs, freshStorage, storageQuery, storageRows, testConfig } from '../../../test/storage';
import { type VapiStandIn, startVapiStandIn } from '../../../test/vapi-stand-in';
import { PRIVATE_KEY, VOICE_ENV } from '../../../test/voice-calls';
import { buildApp } from '../app';
import { type RetentionSettings, runPurgeJobs } from '../retention';
import { createStore } from '../store';
import { dayOf } from '../core/calendar';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../core/time';
import { callsApi } from './calls-api';

/**
 * VAPI_CALL_RETENTION_DAYS against Vapi's stand-in (test/vapi-stand-in.ts), with real rows on both
 * engines: the calls are seeded with old dates and the daily run is given its `now`, instead of
 * waiting days.
 */
const ZONE = 'America/Toronto';
const NOW = new Date('2026-11-28T15:00:00.000Z');
const JOB = 'demo call records at Vapi';
const PURGED = 'retention: expired personal data deleted';
const WAIT = { timeout: 10_000, interval: 25 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type CallRow = { call_id: string | null; vapi_deleted_at: unknown; callback: number | null };

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).toReversed()) await item.close();
});

async function setUp(engine: EngineName) {
  const storage = await freshStorage(engine);
  opened.push({ close: () => storage.dispose() });
  const standIn = await startVapiStandIn({ privateKey: PRIVATE_KEY });
  opened.push(standIn);
  const store = await createStore(testConfig(storage.env));
  opened.push(store);
  const env = storage.env;

  /** A call that ended `endedAgoMs` before NOW, settled as `settledBy` says (or not at all), and, unless told, still at Vapi. */
  async function call(id: string, endedAgoMs: number, options: { settledBy?: 'report' | 'vapi' | 'longest' | null; atVapi?: boolean; seconds?: number } = {}) {
    const seconds = options.seconds ?? 95;
    const endedAt = new Date(NOW.getTime() - endedAgoMs);
    const startedAt = new Date(endedAt.getTime() - seconds * 1000);
    const settledBy = options.settledBy === undefined ? 'report' : options.settledBy;
    await store.recordVoiceCall({
      callId: id,
      session: undefined,
      locale: 'fr',
      day: dayOf(startedAt, ZONE),
      startedAt,
      ...(settledBy ? { ended: { endedAt, durationSeconds: seconds, reason: 'customer-ended-call', cost: 0.25, settledBy } } : {}),
    });
    if (options.atVapi !== false) standIn.calls.set(id, { id, status: 'ended', assistantId: 'asst-fr-1', assistantOverrides: {} });
  }

  const settings = (days: number, options: { statsDays?: number; key?: string | null } = {}): RetentionSettings => ({
    contactDays: 730,
    statsDays: options.statsDays ?? 760,
    timeZone: ZONE,
    vapiCalls: {
      days,
      calls: options.key === null ? undefined : callsApi({ privateKey: options.key ?? PRIVATE_KEY, baseUrl: standIn.url }),
    },
  });
  const run = async (days: number, now = NOW, options: { statsDays?: number; key?: string | null } = {}) =>
    (await runPurgeJobs(store, settings(days, options), now)).find((report) => report.name === JOB)!;
  const deletes = () => standIn.callApiRequests.filter((request) => request.method === 'DELETE');
  const deletedPaths = () => deletes().map((request) => request.path);
  const rows = async () =>
    Object.fromEntries(
      (await storageRows<CallRow & { id: number }>(env, 'select id, call_id, vapi_deleted_at, callback from voice_calls order by id')).map((row) => [
        row.id,
        { call_id: row.call_id, deleted: row.vapi_deleted_at !== null, callback: row.callback === null ? null : Number(row.callback) },
      ]),
    );
  const figures = async () =>
    (await store.callsBetween(new Date(NOW.getTime() - 800 * DAY_MS), new Date(NOW.getTime() + 2 * DAY_MS))).toSorted((a, b) =>
      a.startedAt.localeCompare(b.startedAt),
    );
  return { env, store, standIn, call, run, deletes, deletedPaths, rows, figures };
}

describe.each(ENGINES)('demo call records at Vapi (VAPI_CALL_RETENTION_DAYS) on %s', (engine) => {
  it('deletes each record with the private key N days after the call ended and never before, then drops its id; the figures stay the same', async () => {
    const t = await setUp(engine);
    await t.call('call-past', 30 * DAY_MS + MINUTE_MS);
    await t.call('call-not-yet', 30 * DAY_MS - MINUTE_MS);
    await t.call('call-settled-by-vapi', 30 * DAY_MS + MINUTE_MS, { settledBy: 'vapi', seconds: 40 });
    // Not settled (no end known): never asked before its row's own time (STATS_RETENTION_DAYS).
    await t.call('call-unsettled', 45 * DAY_MS, { settledBy: null });
    // The first call ended in a callback request: the figures say so, with or without its id.
    await t.store.insertVoiceLead({ callId: 'call-past', toolCallId: 'tool-1', name: 'Jo', phone: '514 555 0100', message: 'Un site', locale: 'fr' });
    const figuresBefore = await t.figures();
    expect(figuresBefore.filter((line) => line.callback)).toHaveLength(1);

    const report = await t.run(30);
    expect(report).toMatchObject({ deleted: 2, warning: undefined });
    expect(t.deletes()).toEqual([
      expect.objectContaining({ path: '/call/call-past', authorization: `Bearer ${PRIVATE_KEY}` }),
      expect.objectContaining({ path: '/call/call-settled-by-vapi', authorization: `Bearer ${PRIVATE_KEY}` }),
    ]);
    expect([...t.standIn.calls.keys()].toSorted()).toEqual(['call-not-yet', 'call-unsettled']);
    // Exactly those two lose their ids; the rest keep theirs.
    expect(Object.values(await t.rows())).toEqual([
      { call_id: null, deleted: true, callback: 1 },
      { call_id: 'call-not-yet', deleted: false, callback: null },
      { call_id: null, deleted: true, callback: 0 },
      { call_id: 'call-unsettled', deleted: false, callback: null },
    ]);
    expect(await t.figures()).toEqual(figuresBefore);

    // Two minutes later the second one is past its 30 days too; the others are not asked again.
    expect(await t.run(30, new Date(NOW.getTime() + 2 * MINUTE_MS))).toMatchObject({ deleted: 1, warning: undefined });
    expect(t.deletedPaths()).toEqual(['/call/call-past', '/call/call-settled-by-vapi', '/call/call-not-yet']);
    expect(Object.values(await t.rows()).map((row) => row.call_id)).toEqual([null, null, null, 'call-unsettled']);
    expect(await t.figures()).toEqual(figuresBefore);
  });

  it('counts a record Vapi no longer has (404) as deleted', async () => {
    const t = await setUp(engine);
    await t.call('call-gone', 31 * DAY_MS, { atVapi: false });
    expect(await t.run(30)).toMatchObject({ deleted: 1, warning: undefined });
    expect(t.deletedPaths()).toEqual(['/call/call-gone']);
    expect(Object.values(await t.rows())).toEqual([{ call_id: null, deleted: true, callback: 0 }]);
  });

  it('keeps the id of a record Vapi did not delete, says so in one warning for the run, and asks again at the next run', async () => {
    const t = await setUp(engine);
    for (const [i, id] of ['call-a', 'call-b', 'call-c', 'call-d', 'call-e'].entries()) await t.call(id, (40 - i) * DAY_MS);

    // Vapi answers 503: three failures in a row and the run asks nothing more.
    t.standIn.failCallDeletes(503);
    const failed = await t.run(30);
    expect(failed.deleted).toBe(0);
    expect(failed.warning).toMatch(
      /^3 demo call record\(s\) at Vapi could not be deleted and 2 not asked after 3 failures in a row \(first: .*503.*\), the oldest ended 40 days ago; asked again at the next daily run$/,
    );
    expect(t.deletedPaths()).toEqual(['/call/call-a', '/call/call-b', '/call/call-c']);
    expect(t.standIn.calls.size).toBe(5);
    expect(Object.values(await t.rows()).map((row) => row.call_id)).toEqual(['call-a', 'call-b', 'call-c', 'call-d', 'call-e']);

    // Vapi cannot be reached at all: the same, with the reason.
    t.standIn.failCallDeletes(undefined);
    t.standIn.setDown(true);
    expect((await t.run(30, new Date(NOW.getTime() + DAY_MS))).warning).toMatch(/^3 demo call record\(s\) at Vapi could not be deleted and 2 not asked/);
    t.standIn.setDown(false);

    // Another key than the organization's: Vapi refuses it (401), nothing is deleted.
    expect((await t.run(30, new Date(NOW.getTime() + 2 * DAY_MS), { key: 'not-the-private-key' })).warning).toMatch(/could not be deleted.*401/);
    expect(t.standIn.calls.size).toBe(5);

    // The next day's run, Vapi well again: every one is deleted, no warning.
    expect(await t.run(30, new Date(NOW.getTime() + 3 * DAY_MS))).toMatchObject({ deleted: 5, warning: undefined });
    expect(t.standIn.calls.size).toBe(0);
    expect(Object.values(await t.rows()).map((row) => row.call_id)).toEqual([null, null, null, null, null]);
  });

  it('without VAPI_PRIVATE_KEY deletes nothing and keeps the ids, and says how many records are past their time', async () => {
    const t = await setUp(engine);
    await t.call('call-old', 31 * DAY_MS);
    await t.call('call-new', 2 * DAY_MS);
    const report = await t.run(30, NOW, { key: null });
    expect(report.deleted).toBe(0);
    expect(report.warning).toBe(
      "1 demo call record(s) at Vapi are past VAPI_CALL_RETENTION_DAYS (30), the oldest ended 31 days ago, but VAPI_PRIVATE_KEY is not set: the server cannot delete them (set it, or delete them in Vapi's dashboard)",
    );
    expect(t.deletes()).toEqual([]);
    expect(Object.values(await t.rows()).map((row) => row.call_id)).toEqual(['call-old', 'call-new']);
  });

  it('with 0 days, deletes a call settled by its report at the first run, and drops its id once its day is over (the day’s budget reads it)', async () => {
    const t = await setUp(engine);
    const today = dayOf(NOW, ZONE);
    await t.call('call-reported', HOUR_MS);
    // Settled without its report: the report may still come for a day, and would count the call again once its id is gone.
    await t.call('call-guessed', HOUR_MS, { settledBy: 'longest' });

    expect(await t.run(0)).toMatchObject({ deleted: 1, warning: undefined });
    expect(t.deletedPaths()).toEqual(['/call/call-reported']);
    expect(Object.values(await t.rows())).toEqual([
      { call_id: 'call-reported', deleted: true, callback: null },
      { call_id: 'call-guessed', deleted: false, callback: null },
    ]);
    // The day's budget still sees both calls' minutes.
    expect((await t.store.voiceHolds(today)).map((hold) => [hold.callId, hold.call?.durationSeconds]).toSorted()).toEqual([
      ['call-guessed', 95],
      ['call-reported', 95],
    ]);

    // The next day's run: the first id goes, and the second call, a day after it ended, is deleted too.
    expect(await t.run(0, new Date(NOW.getTime() + DAY_MS))).toMatchObject({ deleted: 1, warning: undefined });
    expect(t.deletedPaths()).toEqual(['/call/call-reported', '/call/call-guessed']);
    expect(Object.values(await t.rows())).toEqual([
      { call_id: null, deleted: true, callback: 0 },
      { call_id: null, deleted: true, callback: 0 },
    ]);
  });

  it('asks Vapi for a record before its row goes with the figures (STATS_RETENTION_DAYS) when that comes first, and removes exactly the rows past their time', async () => {
    const t = await setUp(engine);
    await t.call('call-8-days', 8 * DAY_MS);
    await t.call('call-6-days', 6 * DAY_MS);
    const purged = await runPurgeJobs(
      t.store,
      { contactDays: 730, statsDays: 7, timeZone: ZONE, vapiCalls: { days: 30, calls: callsApi({ privateKey: PRIVATE_KEY, baseUrl: t.standIn.url }) } },
      NOW,
    );
    expect(purged.find((report) => report.name === JOB)).toMatchObject({ deleted: 1, warning: undefined });
    expect(t.deletedPaths()).toEqual(['/call/call-8-days']);
    expect(await storageRows<{ call_id: string }>(t.env, 'select call_id from voice_calls')).toEqual([{ call_id: 'call-6-days' }]);
    expect([...t.standIn.calls.keys()]).toEqual(['call-6-days']);
  });
});

describe.each(ENGINES)('the daily run deletes the demo call records at Vapi on %s', (engine) => {
  it('once a day, one warning for a failed run whatever its count, the failures asked again the next day; on PostgreSQL by one instance of two', async () => {
    const storage = await freshStorage(engine);
    opened.push({ close: () => storage.dispose() });
    const standIn: VapiStandIn = await startVapiStandIn({ privateKey: PRIVATE_KEY });
    opened.push(standIn);
    const config = testConfig({ ...storage.env, ...VOICE_ENV, VAPI_API_BASE_URL: standIn.url, VAPI_CALL_RETENTION_DAYS: '30' });
    const seed = await createStore(config);
    opened.push(seed);
    const ids = ['call-1', 'call-2', 'call-3', 'call-4'];
    for (const id of ids) {
      const endedAt = new Date(NOW.getTime() - 31 * DAY_MS);
      const startedAt = new Date(endedAt.getTime() - 60_000);
      await seed.recordVoiceCall({
        callId: id,
        session: undefined,
        locale: 'en',
        day: dayOf(startedAt, ZONE),
        startedAt,
        ended: { endedAt, durationSeconds: 60, reason: 'customer-ended-call', cost: 0.1, settledBy: 'report' },
      });
      standIn.calls.set(id, { id, status: 'ended', assistantId: 'asst-en-1', assistantOverrides: {} });
    }
    standIn.failCallDeletes(500);
    let clock = NOW.getTime();
    const instances = engine === 'postgres' ? 2 : 1;
    const logs = captureLogs();
    for (let i = 0; i < instances; i++) {
      const store = await createStore(config);
      opened.push(store);
      const app = await buildApp({ config, store, logger: logs.logger, retention: { firstCheckMs: 0, checkEveryMs: 20, now: () => new Date(clock) } });
      opened.push(app);
    }
    const purges = () => logs.lines().filter((line) => line.msg === PURGED);
    const warnings = () => logs.lines().filter((line) => line.level === 40 && String(line.msg).includes('at Vapi'));

    await expect.poll(purges, WAIT).toHaveLength(1);
    // Many looks later, still one run and one warning for its three failures and the one not asked.
    await pause(300);
    expect(purges()).toHaveLength(1);
    expect(warnings()).toEqual([
      expect.objectContaining({
        job: JOB,
        msg: expect.stringMatching(/^retention: 3 demo call record\(s\) at Vapi could not be deleted and 1 not asked after 3 failures in a row \(first: .*500/),
      }),
    ]);
    expect(standIn.callApiRequests.filter((request) => request.method === 'DELETE')).toHaveLength(3);

    // A day later, Vapi well again: each record is deleted once, whatever the number of instances.
    standIn.failCallDeletes(undefined);
    clock += DAY_MS;
    await expect.poll(purges, WAIT).toHaveLength(2);
    await pause(300);
    expect(purges()).toHaveLength(2);
    expect(purges()[1]).toMatchObject({ deleted: expect.objectContaining({ [JOB]: 4 }) });
    expect(warnings()).toHaveLength(1);
    expect(standIn.callApiRequests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/call/call-1',
      '/call/call-2',
      '/call/call-3',
      '/call/call-1',
      '/call/call-2',
      '/call/call-3',
      '/call/call-4',
    ]);
    expect(standIn.calls.size).toBe(0);
    expect((await storageRows<{ call_id: string | null }>(storage.env, 'select call_id from voice_calls')).map((row) => row.call_id)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe.each(ENGINES)('0015_voice_call_ids on %s', (engine) => {
  it('carries every row of a database at 0014 over, value for value, in its order, and the calls are recorded as before', async () => {
    const storage = await freshStorage(engine);
    opened.push({ close: () => storage.dispose() });
    const env = storage.env;
    await (await createStore(testConfig(env))).close();
    // voice_calls as 0013 and 0014 left it (Vapi's call id its primary key), with rows, and 0015 not run yet.
    const timestamp = engine === 'postgres' ? 'timestamptz' : 'text';
    await storageQuery(env, 'drop table voice_calls');
    await storageQuery(
      env,
      `create table voice_calls (call_id text primary key, locale text not null, started_at ${timestamp} not null, ended_at ${timestamp},
        duration_seconds integer, ended_reason text, cost double precision, settled_by text)`,
    );
    await storageQuery(env, 'create index voice_calls_started_at_idx on voice_calls (started_at)');
    const columns = 'call_id, locale, started_at, ended_at, duration_seconds, ended_reason, cost, settled_by';
    await storageQuery(env, `insert into voice_calls (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?)`, [
      'call-z-first',
      'fr',
      '2026-11-20T14:00:00.000Z',
      '2026-11-20T14:03:00.000Z',
      180,
      'customer-ended-call',
      0.42,
      'report',
      'call-a-second',
      'en',
      '2026-11-21T09:00:00.000Z',
      null,
      null,
      null,
      null,
      null,
    ]);
    await storageQuery(env, "delete from kysely_migration where name = '0015_voice_call_ids'");
    const before = await storageRows(env, `select ${columns} from voice_calls order by started_at`);

    const store = await createStore(testConfig(env));
    opened.push(store);
    const after = await storageRows<Record<string, unknown>>(env, `select id, ${columns}, vapi_deleted_at, callback from voice_calls order by id`);
    expect(after).toEqual(before.map((row, i) => ({ id: i + 1, ...row, vapi_deleted_at: null, callback: null })));

    // Recorded as before: a report settles the row of its id, a new call gets a row of its own, once (its number comes after).
    const startedAt = new Date('2026-11-21T09:00:00.000Z');
    const ended = {
      endedAt: new Date('2026-11-21T09:01:00.000Z'),
      durationSeconds: 60,
      reason: 'customer-ended-call',
      cost: 0.1,
      settledBy: 'report' as const,
    };
    await store.recordVoiceCall({ callId: 'call-a-second', session: undefined, locale: 'en', day: '2026-11-21', startedAt, ended });
    await store.recordVoiceCall({ callId: 'call-new', session: undefined, locale: 'fr', day: '2026-11-21', startedAt, ended });
    await store.recordVoiceCall({ callId: 'call-new', session: undefined, locale: 'fr', day: '2026-11-21', startedAt, ended });
    expect(await storageRows(env, 'select call_id, duration_seconds from voice_calls order by id')).toEqual([
      { call_id: 'call-z-first', duration_seconds: 180 },
      { call_id: 'call-a-second', duration_seconds: 60 },
      { call_id: 'call-new', duration_seconds: 60 },
    ]);
  });
});
