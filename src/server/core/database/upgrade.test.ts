import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../test/server-process';
import { ENGINES, type EngineName, type TestStorage, freshStorage, testConfig } from '../../../../test/storage';
import { type Store, createStore } from '../../store';

/**
 * Migrations run forward from every schema ever released. Each folder of
 * test/fixtures/upgrade/ is a database as one release left it, rows in every table, dumped as SQL
 * for both engines (made by its make-fixture.ts). It is loaded, then opened by the current
 * code, which migrates it: every row must still be there, every value as it was.
 */
const FIXTURES = join(REPO_ROOT, 'test/fixtures/upgrade');
const RELEASES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Rows = Record<string, Array<Record<string, unknown>>>;

/** Tables a migration removed on purpose, with their rows (nothing reads them any more), and which one. */
const RETIRED_TABLES: Record<string, string> = {
  // The per-minute counts of the ceiling over all sources, replaced by per-network limits.
  submission_counts: '0011_network_limits',
};

/** Every row of every table, by the engine's own driver (not through the code under test). */
async function everyRow(engine: EngineName, env: Record<string, string>): Promise<Rows> {
  if (engine === 'sqlite') {
    const database = new BetterSqlite3(env.SQLITE_PATH!, { readonly: true });
    try {
      const tables = database.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
      return Object.fromEntries(
        tables.map((table) => [table, database.prepare(`select * from "${table}" order by 1`).all() as Array<Record<string, unknown>>]),
      );
    } finally {
      database.close();
    }
  }
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const rows: Rows = {};
    for (const { name } of tables) rows[name] = (await client.query(`select * from "${name}" order by 1`)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

async function load(engine: EngineName, env: Record<string, string>, sql: string) {
  if (engine === 'sqlite') {
    const database = new BetterSqlite3(env.SQLITE_PATH!);
    database.exec(sql);
    database.close();
    return;
  }
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.each(RELEASES)('a database left by release %s', (release) => {
  let storage: TestStorage | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    await storage?.dispose();
  });

  it.each(ENGINES)('migrates forward on %s keeping every row', async (engine) => {
    storage = await freshStorage(engine);
    await load(engine, storage.env, await readFile(join(FIXTURES, release, `${engine}.sql`), 'utf8'));
    const before = await everyRow(engine, storage.env);
    // The fixture holds rows in every table of its schema.
    const empty = Object.entries(before).filter(([, rows]) => rows.length === 0);
    expect(empty).toEqual([]);

    store = await createStore(testConfig(storage.env));
    const after = await everyRow(engine, storage.env);
    // A retired table is gone, rows and all; nothing else is.
    const retired = Object.keys(before).filter((table) => table in RETIRED_TABLES);
    expect(retired.map((table) => [table, after[table]])).toEqual(retired.map((table) => [table, undefined]));
    for (const [table, rows] of Object.entries(before).filter(([name]) => !(name in RETIRED_TABLES))) {
      // Columns may be added, rows may be added (the migrations' own records); none may go or change.
      expect({ table, rows: after[table] }).toEqual({ table, rows: expect.arrayContaining(rows.map((row) => expect.objectContaining(row))) });
    }

    // And the current code reads them as the firm would.
    expect(await store.listContacts()).toHaveLength(before.contact_submissions!.length);
    expect(await store.listNewsletter()).toHaveLength(before.newsletter_subscriptions!.length);
    expect(await store.linkSecret()).toBe(before.settings!.find((row) => row.name === 'unsubscribe_secret')?.value);
    const outstanding = before.delivery_jobs!.filter((row) => row.status !== 'done');
    expect(await store.deliveries.list(['pending', 'failed'])).toHaveLength(outstanding.length);
    // New rows get new ids: the counters came through too.
    await store.insertContact({ name: 'After the upgrade', email: 'after@example.com', phone: '514 555 0100', message: 'Hello' });
    const ids = (await store.listContacts()).map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
