import { Migrator } from 'kysely';
import { type Db, ENGINE_COLUMNS, type Engine, type Migrations } from './engine';
import { MIGRATIONS_FROM_0001 } from './migrations-from-0001';
import { MIGRATIONS_FROM_0007 } from './migrations-from-0007';
import { MIGRATIONS_FROM_0013 } from './migrations-from-0013';

/**
 * Versioned migrations, applied in name order at start-up and recorded in `kysely_migration`.
 * They live in code (not files read at run time) so the server needs nothing but its sources.
 * Never edit a migration that has run anywhere: add the next number instead.
 * Each file holds those from the number in its name up to the next file's; the next migration goes
 * at the end of the last file.
 */
const MIGRATIONS: Migrations = { ...MIGRATIONS_FROM_0001, ...MIGRATIONS_FROM_0007, ...MIGRATIONS_FROM_0013 };

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Db, engine: Engine): Promise<string[]> {
  const columns = ENGINE_COLUMNS[engine];
  const migrations = Object.fromEntries(Object.entries(MIGRATIONS).map(([name, build]) => [name, build(columns)]));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
