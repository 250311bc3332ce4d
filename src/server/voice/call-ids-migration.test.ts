import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, storageQuery, storageRows, testConfig } from '../../../test/storage';
import { createStore } from '../store';

/** The migration that gave each demo call a row number of its own, so a call's id can be dropped once Vapi deleted its record. */

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).toReversed()) await item.close();
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
