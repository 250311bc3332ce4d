import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServerConfig } from './core/config';
import type { StoreContext, StoreLogger } from './core/database/context';
import { type ContactsRepository, contactsRepository } from './leads/repository';
import { type DatabaseTasks, databaseTasks } from './core/database/database';
import { guardAll } from './core/database/errors';
import { type LimitsRepository, type SubmissionLimits, limitsRepository, submitWithinLimits } from './core/database/limits';
import type { Engine } from './core/database/engine';
import { migrateToLatest } from './core/database/migrations';
import { type NewsletterRepository, newsletterRepository } from './newsletter/repository';
import { type NewsletterConfirmationsRepository, newsletterConfirmationsRepository } from './newsletter/confirmations';
import { type DeliveryQueue, deliveryQueue } from './outbox/queue';
import { outboxPolicy } from './core/database/outbox';
import { type DeliveryPromise, deliveryPromise } from './outbox/promise';
import { type SettingsRepository, settingsRepository } from './core/database/settings';
import { openSqlite } from './core/database/sqlite';
import { type VoiceCallRecordsRepository, voiceCallRecordsRepository } from './voice/call-records-repository';
import { type VoiceSessionsRepository, voiceSessionsRepository } from './voice/sessions-repository';
import { type StatsRepository, statsRepository } from './figures/repository';
import { DEFAULT_FIRM_TIME_ZONE, dayOf } from './core/calendar';

export { NetworkLimitError, StorageReserveError, StoreNotWritableError, StoreUnavailableError, isLimitError } from './core/database/errors';
export type { Engine } from './core/database/engine';
export type { ConsentMethod } from './core/database/tables';
export type { StoreLogger } from './core/database/context';
export type { SeenCall } from './voice/call-records-repository';
export type { VoiceSessionRequest } from './voice/sessions-repository';
export { mailboxOf, normalizeEmail } from './core/database/context';
export { COUNTER_KEYS, COUNTER_PREFIXES, type CounterKind, counterPattern, isCounterOf } from './core/database/counter-keys';
export { LANES, VOICE_SOURCE } from './core/database/outbox';
export type * from './core/database/outbox';
export type * from './outbox/queue';
export { LEAD_DELIVERY_PROMISE_MS, LEAD_EVENTS, type DeliveryPromise, type UndeliveredLead } from './outbox/promise';
export { CONTACT_RECORD_COLUMNS, type CallReport, type ContactRecord, type NewContact, type NewVoiceLead, type SubmissionOrigin } from './leads/repository';
export { NEWSLETTER_RECORD_COLUMNS, type ConsentEvent, type NewSubscription, type NewsletterRecord, type SubscriptionState } from './newsletter/repository';
export { CONFIRMATION_EMAILS, CONFIRMATION_RESEND_MS, PENDING_SUBSCRIPTION_DAYS, type ConfirmationState } from './newsletter/confirmations';
export { DIGEST_WEEK_SETTING, OTHER_CAMPAIGNS, type CallLine, type PageCount, type LeadLine, type StatsRow } from './figures/repository';
export { EXCLUSIVE_LOCKS, EXCLUSIVE_LOCK_NAMESPACE, HEALTH_WRITE_EVERY_MS, type ExclusiveLock, type StoreHealth } from './core/database/database';

/**
 * Where leads are kept. Two engines, one behaviour: SQLite (a file, the default) or PostgreSQL
 * (when DATABASE_URL is set). Only the connection setup differs (./sqlite.ts, ./postgres.ts);
 * every query runs unchanged on both. One repository per kind of record, each in its file:
 * contacts, newsletter (and its double opt-in's confirmations), settings, limits (each network's
 * leads per day, the storage reserve, the voice budget, proofs and counters); the outbox the
 * delivery worker works on; what concerns the whole database (health, locks). This file opens the
 * engine and puts them together.
 *
 * Errors: a failing database surfaces as StoreUnavailableError (nothing was stored); a submission
 * a limit refuses as NetworkLimitError (its network's leads for the day) or StorageReserveError
 * (the disk down to STORAGE_RESERVE), nothing stored either; a duplicate newsletter address is a
 * normal result, not an error.
 */
export interface Store
  extends
    ContactsRepository,
    NewsletterRepository,
    NewsletterConfirmationsRepository,
    SettingsRepository,
    LimitsRepository,
    VoiceSessionsRepository,
    VoiceCallRecordsRepository,
    StatsRepository,
    DatabaseTasks {
  readonly engine: Engine;
  /**
   * The notification outbox the delivery worker and `npm run deliveries` work on, and how long
   * its oldest lead has waited (`/api/health`).
   */
  readonly deliveries: DeliveryQueue & DeliveryPromise;
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
export async function createStore(config: StorageConfig, log: StoreLogger = silent): Promise<Store> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  // The PostgreSQL driver is loaded only when it is used: a SQLite server is ~4 MB lighter.
  const db = config.databaseUrl
    ? (await import('./core/database/postgres')).openPostgres(config.databaseUrl, (error) => log.warn({ err: error }, 'PostgreSQL connection lost'))
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
    ...guardAll({
      ...contactsRepository(context),
      ...newsletterRepository(context),
      ...newsletterConfirmationsRepository(context),
      ...settingsRepository(context),
      ...limitsRepository(context),
      ...voiceSessionsRepository(context),
      ...voiceCallRecordsRepository(context),
      ...statsRepository(context),
    }),
    ...databaseTasks(context),
    deliveries: guardAll({ ...deliveryQueue(db, engine), ...deliveryPromise(db) }),
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
