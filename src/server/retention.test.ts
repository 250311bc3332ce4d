import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, type EngineName, type TestStorage, captureLogs, freshStorage, testConfig } from '../../test/storage';
import { buildApp } from './app';
import { EXCLUSIVE_LOCKS, EXCLUSIVE_LOCK_NAMESPACE, type Store, createStore } from './store';
import { DAY_MS, HOUR_MS } from './core/time';

const RETENTION_DAYS = 730;
const WAIT = { timeout: 10_000, interval: 25 };
const contact = (name: string) => ({ name, email: `${name}@example.com`, phone: '514 555 0100', message: 'Hello' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PURGED = 'retention: expired personal data deleted';

const opened: Array<{ close(): Promise<unknown> }> = [];
let storage: TestStorage | undefined;
afterEach(async () => {
  for (const item of opened.splice(0).toReversed()) await item.close();
  await storage?.dispose();
  storage = undefined;
});

async function setUp(engine: EngineName) {
  storage = await freshStorage(engine);
  const config = testConfig({ ...storage.env, SITE_RETENTION_DAYS: String(RETENTION_DAYS) });
  const store = await createStore(config);
  opened.push(store);
  return { config, store };
}
const names = async (store: Store) => (await store.listContacts()).map((row) => row.name);

/**
 * Retention: the server deletes expired contact requests by itself, once a day, with no cron.
 * The clock the server uses is moved forward; the rows are real rows in a real database.
 */

/** What one daily run logs as deleted when only `contacts` contact requests were due: every job named, the others at 0. */
const contactsOnly = (contacts: number) => ({
  'contact requests': contacts,
  'unconfirmed newsletter sign-ups': 0,
  'site statistics': 0,
  'demo call records at Vapi': 0,
  'voice demo records': 0,
  'expired limit counters': 0,
});
describe.each(ENGINES)('retention without cron on %s', (engine) => {
  it('deletes contact requests older than SITE_RETENTION_DAYS once a day, and a restart does not run it again', async () => {
    const { config, store } = await setUp(engine);
    await store.insertContact(contact('old'));
    await pause(20);
    const t0 = Date.now();
    await pause(20);
    await store.insertContact(contact('recent'));

    // SITE_RETENTION_DAYS after t0: 'old' is past the period, 'recent' is not.
    let clock = t0 + RETENTION_DAYS * DAY_MS;
    const start = async () => {
      const logs = captureLogs();
      const app: FastifyInstance = await buildApp({
        config,
        logger: logs.logger,
        retention: { firstCheckMs: 0, checkEveryMs: 20, now: () => new Date(clock) },
      });
      opened.push(app);
      return { app, logs, purges: () => logs.lines().filter((line) => line.msg === PURGED) };
    };
    const first = await start();
    // The log line comes once the run is complete (rows deleted, the day recorded).
    await expect
      .poll(() => first.purges(), WAIT)
      .toEqual([
        expect.objectContaining({
          level: 30,
          deleted: contactsOnly(1),
        }),
      ]);
    expect(await names(store)).toEqual(['recent']);

    // An hour later both would be past the period, but the day's purge is done.
    clock += HOUR_MS;
    await store.insertContact(contact('later'));
    await pause(300);
    expect(await names(store)).toEqual(['recent', 'later']);
    expect(first.purges()).toHaveLength(1);

    // Nor does a restart within the day run it again: the last run is in the database.
    await first.app.close();
    const second = await start();
    await pause(300);
    expect(await names(store)).toEqual(['recent', 'later']);
    expect(second.purges()).toEqual([]);

    // A day after the last run, the next one.
    clock += DAY_MS;
    await expect
      .poll(() => second.purges(), WAIT)
      .toEqual([
        expect.objectContaining({
          deleted: contactsOnly(2),
        }),
      ]);
    expect(await names(store)).toEqual([]);
  });
});

describe('retention with several instances on one PostgreSQL database', () => {
  it('only one purges at a time (advisory lock)', async () => {
    const { config, store } = await setUp('postgres');
    await store.insertContact(contact('old'));
    await pause(20);
    const clock = Date.now() + RETENTION_DAYS * DAY_MS;

    // Another holder of the lock (as if a third instance were purging right now).
    const holder = new Client({ connectionString: storage!.env.DATABASE_URL });
    await holder.connect();
    opened.push({ close: () => holder.end() });
    await holder.query('select pg_advisory_lock($1, $2)', [EXCLUSIVE_LOCK_NAMESPACE, EXCLUSIVE_LOCKS.retention]);

    const instances = await Promise.all(
      [1, 2].map(async () => {
        const logs = captureLogs();
        const app = await buildApp({ config, logger: logs.logger, retention: { firstCheckMs: 0, checkEveryMs: 20, now: () => new Date(clock) } });
        opened.push(app);
        return logs;
      }),
    );
    const purges = () => instances.flatMap((logs) => logs.lines().filter((line) => line.msg === PURGED));
    // Both look many times while the lock is held elsewhere, and wait their turn.
    await pause(400);
    expect(await names(store)).toEqual(['old']);
    expect(purges()).toEqual([]);

    await holder.query('select pg_advisory_unlock($1, $2)', [EXCLUSIVE_LOCK_NAMESPACE, EXCLUSIVE_LOCKS.retention]);
    await expect.poll(purges, WAIT).toEqual([
      expect.objectContaining({
        deleted: contactsOnly(1),
      }),
    ]);
    expect(await names(store)).toEqual([]);
    // One of them purged; the other, looking again and again, finds the day's run done.
    await pause(300);
    expect(purges()).toHaveLength(1);
  });
});
