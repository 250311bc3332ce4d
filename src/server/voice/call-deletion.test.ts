import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, type EngineName, freshStorage, storageRows, testConfig } from '../../../test/storage';
import { startVapiStandIn } from '../../../test/vapi-stand-in';
import { PRIVATE_KEY } from '../../../test/voice-calls';
import { type RetentionSettings, runPurgeJobs } from '../retention';
import { createStore } from '../store';
import { dayOf } from '../core/calendar';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../core/time';
import { callsApi } from './calls-api';
import { JOB, NOW, ZONE } from './call-deletion-fixtures';

/**
 * VAPI_CALL_RETENTION_DAYS against Vapi's stand-in (test/vapi-stand-in.ts), with real rows on both
 * engines: the calls are seeded with old dates and the daily run is given its `now`, instead of
 * waiting days. The run on its schedule: call-deletion-daily-run.test.ts.
 */

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
