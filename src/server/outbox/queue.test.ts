import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../../../test/postgres';
import { ENGINES, TEST_WEBHOOK_SECRET, type TestStorage, freshStorage, testConfig } from '../../../test/storage';
import { type ClaimedDelivery, type Store, StoreUnavailableError, createStore } from '../store';
import { HOUR_MS } from '../core/time';

const WEBHOOK = { WEBHOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: TEST_WEBHOOK_SECRET };
const lead = (i: number) => ({ name: `Lead ${i}`, email: `lead${i}@example.com`, phone: '514 555 0100', message: `outbox ${i}` });

describe.each(ENGINES)('delivery outbox on %s', (engine) => {
  let storage: TestStorage;
  let store: Store;

  beforeAll(async () => {
    storage = await freshStorage(engine);
    store = await createStore(testConfig({ ...storage.env, ...WEBHOOK }));
  });
  afterAll(async () => {
    await store.close();
    await storage.dispose();
  });

  /** Runs DDL behind the store's back, as a broken deployment or a full disk might. */
  async function rawSql(statement: string) {
    if (engine === 'postgres') {
      await adminQuery(storage.env.DATABASE_URL!, statement);
      return;
    }
    const database = new BetterSqlite3(storage.env.SQLITE_PATH!);
    try {
      database.exec(statement);
    } finally {
      database.close();
    }
  }

  /** Claims everything due, then hands it back, so each test starts with its own jobs only. */
  async function drain() {
    for (let jobs = await store.deliveries.claim({ channels: ['webhook'], limit: 100, leaseMs: 60_000 }); jobs.length > 0;) {
      await Promise.all(jobs.map((job) => store.deliveries.complete(job)));
      jobs = await store.deliveries.claim({ channels: ['webhook'], limit: 100, leaseMs: 60_000 });
    }
  }

  it('stores a lead only together with its notification job', async () => {
    await drain();
    const before = (await store.listContacts()).length;
    await rawSql('ALTER TABLE delivery_jobs RENAME TO delivery_jobs_away');
    try {
      await expect(store.insertContact(lead(0))).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await rawSql('ALTER TABLE delivery_jobs_away RENAME TO delivery_jobs');
    }
    expect(await store.listContacts()).toHaveLength(before);

    await store.insertContact(lead(1));
    expect(await store.listContacts()).toHaveLength(before + 1);
    const [job] = await store.deliveries.claim({ channels: ['webhook'], limit: 10, leaseMs: 60_000 });
    expect(job?.event).toMatchObject({ type: 'contact.created', data: { name: 'Lead 1', message: 'outbox 1' } });
    await store.deliveries.complete(job!);
  });

  it('hands each due job to one claimer at a time, even with two connections claiming at once', async () => {
    await drain();
    const other = await createStore(testConfig({ ...storage.env, ...WEBHOOK }));
    try {
      await Promise.all(Array.from({ length: 30 }, (_, i) => store.insertContact(lead(100 + i))));
      const claimers = [store, other, store, other, store, other];
      const claimed: ClaimedDelivery[] = [];
      // Every claimer keeps asking for 3 at a time until nothing is left, all at the same time.
      await Promise.all(
        claimers.map(async (claimer) => {
          for (let jobs = await claimer.deliveries.claim({ channels: ['webhook'], limit: 3, leaseMs: 60_000 }); jobs.length > 0;) {
            claimed.push(...jobs);
            jobs = await claimer.deliveries.claim({ channels: ['webhook'], limit: 3, leaseMs: 60_000 });
          }
        }),
      );
      const ids = claimed.map((job) => job.id);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      expect(claimed.every((job) => job.attempt === 1)).toBe(true);
      await Promise.all(claimed.map((job) => store.deliveries.complete(job)));
    } finally {
      await other.close();
    }
  });

  it('gives a job whose lease ran out to the next claimer, and ignores the late outcome of the old claim', async () => {
    await drain();
    await store.insertContact(lead(200));
    const [first] = await store.deliveries.claim({ channels: ['webhook'], limit: 1, leaseMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [second] = await store.deliveries.claim({ channels: ['webhook'], limit: 1, leaseMs: 60_000 });
    expect(second).toMatchObject({ id: first!.id, attempt: 2 });

    // The first worker wakes up late and reports a failure: the newer claim still holds the job.
    await store.deliveries.retryLater(first!, 'late report', new Date(Date.now() + HOUR_MS));
    const [held] = await store.deliveries.list(['pending']);
    expect(held).toMatchObject({ id: first!.id, lastError: null, lockedUntil: second!.lockedUntil });
    expect(await store.deliveries.requeue(first!.id)).toEqual({ error: 'in_progress' });

    await store.deliveries.complete(second!);
    expect(await store.deliveries.list(['pending', 'failed'])).toEqual([]);
    expect(await store.deliveries.requeue(first!.id)).toEqual({ error: 'delivered' });
    expect(await store.deliveries.requeue(987_654)).toEqual({ error: 'not_found' });
  });
});
