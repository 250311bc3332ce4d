import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, captureLogs, freshStorage, storageRows, testConfig } from '../../../test/storage';
import { type VapiStandIn, startVapiStandIn } from '../../../test/vapi-stand-in';
import { PRIVATE_KEY, VOICE_ENV } from '../../../test/voice-calls';
import { buildApp } from '../app';
import { createStore } from '../store';
import { dayOf } from '../core/calendar';
import { DAY_MS } from '../core/time';
import { JOB, NOW, ZONE } from './call-deletion-fixtures';

/**
 * The deletion of the demo's call records at Vapi as the server runs it, once a day on its own
 * schedule (its clock given, instead of waiting a day), on one instance or two.
 */
const PURGED = 'retention: expired personal data deleted';
const WAIT = { timeout: 10_000, interval: 25 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).toReversed()) await item.close();
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
