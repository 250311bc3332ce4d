import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestStorage, freshStorage, storageRows, testConfig } from '../../../test/storage';
import { createStore } from '.';
import { KEPT_DATA, MIGRATOR_TABLES, RECIPIENTS } from './kept-data';

/**
 * The declaration of what the firm keeps (./kept-data.ts) against the real database, after every
 * migration, on both engines: a table or column a migration adds without its entry, or an entry
 * whose column is gone, fails here. The privacy policy states these facts, so it cannot drift
 * from the database without this test saying so.
 */

/** Every column of every table, `table.column`, as the engine itself lists them. */
async function schemaOf(env: Record<string, string>): Promise<string[]> {
  const rows = env.DATABASE_URL
    ? await storageRows<{ table_name: string; column_name: string }>(
        env,
        'select table_name, column_name from information_schema.columns where table_schema = current_schema() order by table_name, column_name',
      )
    : await storageRows<{ table_name: string; column_name: string }>(
        env,
        "select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' order by 1, 2",
      );
  return rows.map((row) => `${row.table_name}.${row.column_name}`).toSorted();
}

const declared = [
  ...Object.entries(KEPT_DATA).flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`)),
  ...Object.entries(MIGRATOR_TABLES).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`)),
].toSorted();

describe.each(ENGINES)('what the firm keeps, declared, against the schema on %s', (engine) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await freshStorage(engine);
    const store = await createStore(testConfig(storage.env));
    await store.close();
  });
  afterAll(async () => {
    await storage?.dispose();
  });

  it('declares every table and column the migrations make, and nothing else', async () => {
    const schema = await schemaOf(storage.env);
    expect(schema.length).toBeGreaterThan(50);
    expect({ undeclared: schema.filter((column) => !declared.includes(column)), gone: declared.filter((column) => !schema.includes(column)) }).toEqual({
      undeclared: [],
      gone: [],
    });
  });
});

describe('the declaration itself', () => {
  const personal = Object.entries(KEPT_DATA).flatMap(([table, columns]) =>
    Object.entries(columns).flatMap(([column, entry]) => (entry.personal ? [{ column: `${table}.${column}`, ...entry }] : [])),
  );

  it('says of every column what it holds, and of each personal one why, how long and who sees it', () => {
    for (const [table, columns] of Object.entries(KEPT_DATA))
      for (const [column, entry] of Object.entries(columns))
        expect({ column: `${table}.${column}`, what: entry.what.length > 3 }).toEqual({ column: `${table}.${column}`, what: true });
    for (const entry of personal) for (const recipient of entry.seenBy) expect(Object.keys(RECIPIENTS)).toContain(recipient);
  });

  it('names the durations nothing enforces: none (a purge job or the code that clears each)', () => {
    // Each would be a sentence of the policy the code does not keep: the daily purge must cover it first.
    expect(personal.filter((entry) => !entry.kept.enforced).map((entry) => entry.column)).toEqual([]);
  });
});
