import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres } from '../../../test/postgres';
import { buildServer } from '../../lib/server-bundle';

export type Engine = 'sqlite' | 'postgres';

/**
 * The server's benchmarks run the compiled server on each engine it ships with: on a fresh SQLite
 * file, then on a database of a PostgreSQL 15 started for the run (and stopped after, whatever
 * happens). `bench` gets the engine's name and the server's environment for it.
 */
export async function onBothEngines<Row>(bench: (engine: Engine, env: Record<string, string>) => Promise<Row[]>): Promise<Row[]> {
  await buildServer();
  const rows: Row[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'bench-sqlite-'));
  try {
    rows.push(...(await bench('sqlite', { SQLITE_PATH: join(dir, 'leads.sqlite'), DATABASE_URL: '' })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const postgres = await startPostgres();
  try {
    const database = await createDatabase(postgres.adminUrl);
    rows.push(...(await bench('postgres', { DATABASE_URL: database.url })));
  } finally {
    await postgres.stop();
  }
  return rows;
}
