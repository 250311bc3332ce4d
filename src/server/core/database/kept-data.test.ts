import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestStorage, freshStorage, storageRows, testConfig } from '../../../../test/storage';
import { createStore } from '../../store';
import { type ColumnDeclaration, type Kind, KEPT_DATA, KEPT_ELSEWHERE, KINDS, MIGRATOR_TABLES, keptKinds } from '../../../contracts/kept-data';
import { DECLARED } from './kept-data';

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
  ...Object.entries(DECLARED).flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`)),
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
  const columns = Object.entries(KEPT_DATA).flatMap(([table, entries]) =>
    Object.entries(entries as Record<string, ColumnDeclaration>).map(([column, entry]) => ({ column: `${table}.${column}`, ...entry })),
  );

  it('says of every column what it holds, and every kind it names is declared and used', () => {
    for (const entry of columns) expect({ column: entry.column, what: entry.what.length > 3 }).toEqual({ column: entry.column, what: true });
    const used = new Set([...columns.flatMap((entry) => (entry.personal ? [entry.kind] : [])), ...KEPT_ELSEWHERE.map((entry) => entry.kind)]);
    expect([...used].toSorted()).toEqual(Object.keys(KINDS).toSorted());
    expect(keptKinds().toSorted()).toEqual(Object.keys(KINDS).toSorted());
  });

  it('names the durations nothing enforces: none (a purge job or the code that clears each)', () => {
    // Each would be a sentence of the policy the code does not keep: the daily purge must cover it first.
    expect(Object.entries(KINDS).flatMap(([kind, entry]: [string, Kind]) => (entry.kept.enforced ? [] : [kind]))).toEqual([]);
  });
});
