import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServerConfig } from '../config';
import { DEFAULT_FIRM_TIME_ZONE, dayOf } from '../calendar';
import type { StoreContext, StoreLogger } from './context';
import { type DatabaseTasks, databaseTasks } from './database';
import type { Engine } from './engine';
import { guardAll } from './errors';
import { type LimitsRepository, type SubmissionLimits, limitsRepository, submitWithinLimits } from './limits';
import { migrateToLatest } from './migrations';
import { outboxPolicy } from './outbox';
import { type SettingsRepository, settingsRepository } from './settings';
import { openSqlite } from './sqlite';

/**
 * The part of the store every capability stands on: the opened database with its schema up to
 * date (`context`, from which each capability makes its own repository), the settings, the
 * limits a submission meets (each network's leads per day, the storage reserve, proofs and
 * counters) and what concerns the whole database (health, locks). src/server/store.ts adds the
 * capabilities' repositories to make the whole store.
 */
export interface DatabaseStore extends SettingsRepository, LimitsRepository, DatabaseTasks {
  readonly engine: Engine;
  /** What a capability's repository is made from (leads/repository.ts, newsletter/repository.ts, …). */
  readonly context: StoreContext;
  /** Closes the connections; idempotent. Later calls fail with StoreUnavailableError. */
  close(): Promise<void>;
}

export type StorageConfig = Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & {
  /** Which notification jobs each insert writes; none when absent. */
  notifications?: Pick<ServerConfig['notifications'], 'email' | 'webhook' | 'newsletter'> & Partial<Pick<ServerConfig['notifications'], 'timeZone'>>;
  /** The limits a submission is held to, and when notifications are summarised; none when absent (scripts, tests of other things). */
  caps?: Pick<ServerConfig['caps'], 'submissionsPerNetworkPerDay' | 'storageReserveBytes' | 'notificationsPerNetworkPerHour'>;
};

const silent: StoreLogger = { info() {}, warn() {} };

/** Opens the configured database and brings its schema up to date. Throws if either fails. */
export async function openDatabase(config: StorageConfig, log: StoreLogger = silent): Promise<DatabaseStore> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  // The PostgreSQL driver is loaded only when it is used: a SQLite server is ~4 MB lighter.
  const db = config.databaseUrl
    ? (await import('./postgres')).openPostgres(config.databaseUrl, (error) => log.warn({ err: error }, 'PostgreSQL connection lost'))
    : openSqlite(config.sqlitePath);
  try {
    for (const migration of await migrateToLatest(db, engine)) log.info({ migration, engine }, 'database migration applied');
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }

  const limits: SubmissionLimits = {
    perNetworkPerDay: config.caps?.submissionsPerNetworkPerDay,
    // The free space of the disk the database file is on; PostgreSQL's disk is its server's, out of sight.
    ...(config.caps && engine === 'sqlite'
      ? { reserve: { bytes: config.caps.storageReserveBytes, freeBytes: () => freeBytes(dirname(config.sqlitePath)) } }
      : {}),
  };
  const context: StoreContext = {
    db,
    engine,
    policy: outboxPolicy(config.notifications, config.caps?.notificationsPerNetworkPerHour),
    log,
    write: async (work) => {
      await db.transaction().execute(work);
    },
    ...submitWithinLimits(db, limits, log),
    statsDay: () => dayOf(new Date(), config.notifications?.timeZone ?? DEFAULT_FIRM_TIME_ZONE),
  };
  let closed: Promise<void> | undefined;
  return {
    engine,
    context,
    ...guardAll({ ...settingsRepository(context), ...limitsRepository(context) }),
    ...databaseTasks(context),
    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}

/** Bytes an unprivileged process may still write on the filesystem holding `folder`. */
async function freeBytes(folder: string): Promise<number> {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
}
