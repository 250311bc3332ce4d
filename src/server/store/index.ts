import { type Kysely, type Transaction, sql } from 'kysely';
import type { ServerConfig } from '../config';
import { StoreUnavailableError, isUniqueViolation } from './errors';
import { type Engine, migrateToLatest } from './migrations';
import { type Channel, type DeliveryQueue, NO_NOTIFICATIONS, type OutboxPolicy, deliveryQueue, enqueue } from './outbox';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import type { Database } from './tables';

export { StoreUnavailableError } from './errors';
export type { Engine } from './migrations';
export type * from './outbox';

/**
 * Where leads are kept. Two engines, one behaviour: SQLite (a file, the default) or PostgreSQL
 * (when DATABASE_URL is set). Only the connection setup differs (./sqlite.ts, ./postgres.ts);
 * every query below runs unchanged on both.
 *
 * Errors: a failing database surfaces as StoreUnavailableError (nothing was stored); a duplicate
 * newsletter address is a normal result, not an error.
 */
export interface Store {
  readonly engine: Engine;
  insertContact(contact: NewContact): Promise<void>;
  insertNewsletter(subscription: NewSubscription): Promise<'created' | 'duplicate'>;
  listContacts(): Promise<ContactRecord[]>;
  listNewsletter(): Promise<NewsletterRecord[]>;
  /** The notification outbox the delivery worker and `npm run deliveries` work on. */
  readonly deliveries: DeliveryQueue;
  /** True when the database answers a trivial query. */
  healthy(): Promise<boolean>;
  /** Closes the connections; idempotent. Later calls fail with StoreUnavailableError. */
  close(): Promise<void>;
}

/** Where a submission came from; filled by the server, not by the visitor's payload. */
export type SubmissionOrigin = { locale?: string | null; page?: string | null };

export type NewContact = SubmissionOrigin & {
  name: string;
  email: string;
  phone: string;
  company?: string | null;
  message: string;
};

export type NewSubscription = SubmissionOrigin & { email: string };

export type ContactRecord = {
  id: number;
  created_at: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  message: string;
  locale: string | null;
  page: string | null;
  status: string;
};

export type NewsletterRecord = { id: number; created_at: string; email: string; locale: string | null; page: string | null };

export type StorageConfig = Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & {
  /** Which notification jobs each insert writes; none when absent. */
  notifications?: Pick<ServerConfig['notifications'], 'email' | 'webhook' | 'newsletter'>;
};

/** One job per configured channel; newsletter sign-ups only when asked for. */
export function outboxPolicy(notifications: StorageConfig['notifications']): OutboxPolicy {
  if (!notifications) return NO_NOTIFICATIONS;
  const channels: Channel[] = [];
  if (notifications.email) channels.push('email');
  if (notifications.webhook) channels.push('webhook');
  return { 'contact.created': channels, 'newsletter.subscribed': notifications.newsletter ? channels : [] };
}
/** What the store logs through (the app's pino logger fits). */
export type StoreLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};

const silent: StoreLogger = { info() {}, warn() {} };

/** Opens the configured database and brings its schema up to date. Throws if either fails. */
export async function createStore(config: StorageConfig, log: StoreLogger = silent): Promise<Store> {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const db = config.databaseUrl
    ? openPostgres(config.databaseUrl, (error) => log.warn({ err: error }, 'PostgreSQL connection lost'))
    : openSqlite(config.sqlitePath);
  try {
    for (const migration of await migrateToLatest(db, engine)) log.info({ migration, engine }, 'database migration applied');
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return kyselyStore(db, engine, outboxPolicy(config.notifications));
}

/**
 * Text as it is stored: trimmed, without C0 control characters other than tab and line breaks.
 * PostgreSQL cannot store NUL at all (SQLite can), and the others only serve to garble exports
 * and terminals; removing them keeps both engines identical.
 */
export function cleanText(text: string): string {
  // oxlint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}

/** The unique key of a newsletter address: "  Jane@Example.COM " and "jane@example.com" are one subscriber. */
export function normalizeEmail(email: string): string {
  return cleanText(email).normalize('NFC').toLowerCase();
}

function kyselyStore(db: Kysely<Database>, engine: Engine, policy: OutboxPolicy): Store {
  let closed: Promise<void> | undefined;

  /**
   * Every write runs in a transaction, even a single insert: later features write more rows with
   * the submission (consent proof, outbox messages for e-mail/webhooks) and must share its fate.
   */
  async function write(work: (trx: Transaction<Database>) => Promise<unknown>): Promise<void> {
    await db.transaction().execute(work);
  }

  return {
    engine,

    insertContact: (contact) =>
      guarded(() =>
        write(async (trx) => {
          const row = {
            name: cleanText(contact.name),
            email: cleanText(contact.email),
            phone: cleanText(contact.phone),
            company: cleanText(contact.company ?? '') || null,
            message: cleanText(contact.message),
            locale: contact.locale ?? null,
            page: contact.page ?? null,
            created_at: new Date().toISOString(),
          };
          const { id } = await trx.insertInto('contact_submissions').values(row).returning('id').executeTakeFirstOrThrow();
          const { created_at: createdAt, ...data } = row;
          await enqueue(trx, policy, { type: 'contact.created', createdAt, data: { submissionId: id, ...data } });
        }),
      ),

    async insertNewsletter(subscription) {
      try {
        await write(async (trx) => {
          const row = {
            email: cleanText(subscription.email),
            locale: subscription.locale ?? null,
            page: subscription.page ?? null,
            created_at: new Date().toISOString(),
          };
          const { id } = await trx
            .insertInto('newsletter_subscriptions')
            .values({ ...row, email_normalized: normalizeEmail(subscription.email) })
            .returning('id')
            .executeTakeFirstOrThrow();
          const { created_at: createdAt, ...data } = row;
          await enqueue(trx, policy, { type: 'newsletter.subscribed', createdAt, data: { subscriptionId: id, ...data } });
        });
        return 'created';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw new StoreUnavailableError(error);
      }
    },

    listContacts: () =>
      guarded(async () => {
        const rows = await db.selectFrom('contact_submissions').selectAll().orderBy('id').execute();
        return rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at) }));
      }),

    listNewsletter: () =>
      guarded(async () => {
        const rows = await db
          .selectFrom('newsletter_subscriptions')
          .select(['id', 'created_at', 'email', 'locale', 'page'])
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at) }));
      }),

    deliveries: guardedQueue(deliveryQueue(db, engine)),

    async healthy() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },

    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}

/** Any database failure becomes StoreUnavailableError: the caller only needs to know nothing was done. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StoreUnavailableError(error);
  }
}

/** The same queue, with every database failure turned into StoreUnavailableError. */
const guard =
  <Args extends unknown[], Result>(method: (...args: Args) => Promise<Result>) =>
  (...args: Args) =>
    guarded(() => method(...args));

function guardedQueue(queue: DeliveryQueue): DeliveryQueue {
  return {
    claim: guard(queue.claim),
    complete: guard(queue.complete),
    retryLater: guard(queue.retryLater),
    fail: guard(queue.fail),
    release: guard(queue.release),
    list: guard(queue.list),
    requeue: guard(queue.requeue),
  };
}

function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}
