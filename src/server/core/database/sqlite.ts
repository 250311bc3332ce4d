import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Driver, Kysely, SqliteDialect } from 'kysely';
import type { Database } from './tables';

/**
 * Opens (creating if needed) the embedded database file. Throws if it cannot be opened, saying
 * which file and as which user: SQLite's own "unable to open database file" names neither.
 */
export function openSqlite(path: string): Kysely<Database> {
  try {
    return openFile(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw Object.assign(new Error(`SQLite cannot open ${path} as user ${whoAmI()}: ${(error as Error).message}`), code === undefined ? {} : { code });
  }
}

/** "atelier-ia (uid 998)"; a uid without a name (a user namespace) is said as such. */
function whoAmI(): string {
  const uid = process.getuid?.() ?? -1;
  try {
    return `${userInfo().username} (uid ${uid})`;
  } catch {
    return `uid ${uid}`;
  }
}

function openFile(path: string): Kysely<Database> {
  mkdirSync(dirname(path), { recursive: true });
  const database = new BetterSqlite3(path);
  try {
    // WAL: readers (the export script) never block the server's writes.
    // synchronous=FULL: every commit fsyncs the WAL, so an acknowledged submission survives a
    // crash of the machine, not only of the process (NORMAL, WAL's usual partner, does not).
    const mode: unknown = database.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode (got ${String(mode)}); is ${path} on a network filesystem?`);
    database.pragma('synchronous = FULL');
    // Wait for a concurrent writer (a second process, a migration) instead of failing at once.
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
  } catch (error) {
    database.close();
    throw error;
  }
  return new Kysely<Database>({ dialect: new SqliteDialectKeepingErrors(database) });
}

/**
 * After some failures (SQLITE_FULL, SQLITE_IOERR, ...) SQLite rolls the whole transaction back by
 * itself. Kysely then runs ROLLBACK anyway, which fails ("cannot rollback - no transaction is
 * active") and is thrown instead of the real error: a full disk would be logged as that. So ROLLBACK
 * is only sent while a transaction is open.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: BetterSqlite3.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.database.inTransaction) await rollback(connection);
    };
    return driver;
  }
}
