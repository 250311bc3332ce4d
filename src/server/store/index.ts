import { type Kysely, type Transaction, sql } from 'kysely';
import type { ServerConfig } from '../config';
import { StoreUnavailableError, isUniqueViolation } from './errors';
import { type Engine, migrateToLatest } from './migrations';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';
import type { Database } from './tables';

export { StoreUnavailableError } from './errors';
export type { Engine } from './migrations';

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
  /**
   * Subscribes an address with its proof of consent. An address that had unsubscribed is
   * subscribed again with the new consent ('resubscribed'); one still subscribed is 'duplicate'.
   */
  insertNewsletter(subscription: NewSubscription): Promise<'created' | 'resubscribed' | 'duplicate'>;
  /** Withdraws consent; idempotent ('already' when it was withdrawn before). */
  unsubscribe(id: number): Promise<'unsubscribed' | 'already' | 'unknown'>;
  findSubscription(id: number): Promise<SubscriptionState | undefined>;
  /** Consent and withdrawal events of one subscription, oldest first. */
  consentLog(id: number): Promise<ConsentEvent[]>;
  /** The secret that signs unsubscribe links, created with the schema. */
  unsubscribeSecret(): Promise<string>;
  /** Deletes contact submissions received before `before`; returns how many. */
  purgeContacts(before: Date): Promise<number>;
  listContacts(): Promise<ContactRecord[]>;
  listNewsletter(): Promise<NewsletterRecord[]>;
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

export type NewSubscription = SubmissionOrigin & {
  email: string;
  /** What the visitor agreed to: which form, which version of the consent wording. */
  consent?: { form: string; version: string };
};

export type SubscriptionState = { id: number; email: string; locale: string | null; unsubscribed: boolean };

export type ConsentEvent = {
  action: 'subscribed' | 'unsubscribed';
  at: string;
  form: string | null;
  locale: string | null;
  page: string | null;
  consent_version: string | null;
};

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

export type NewsletterRecord = {
  id: number;
  created_at: string;
  email: string;
  locale: string | null;
  page: string | null;
  consent_at: string | null;
  consent_form: string | null;
  consent_locale: string | null;
  consent_version: string | null;
  /** NULL while subscribed. */
  unsubscribed_at: string | null;
};

export type StorageConfig = Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'>;
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
  return kyselyStore(db, engine);
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

function kyselyStore(db: Kysely<Database>, engine: Engine): Store {
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
        write((trx) =>
          trx
            .insertInto('contact_submissions')
            .values({
              name: cleanText(contact.name),
              email: cleanText(contact.email),
              phone: cleanText(contact.phone),
              company: cleanText(contact.company ?? '') || null,
              message: cleanText(contact.message),
              locale: contact.locale ?? null,
              page: contact.page ?? null,
              created_at: new Date().toISOString(),
            })
            .execute(),
        ),
      ),

    async insertNewsletter(subscription) {
      const now = new Date().toISOString();
      const consent = {
        consent_at: now,
        consent_form: subscription.consent?.form ?? null,
        consent_locale: subscription.locale ?? null,
        consent_version: subscription.consent?.version ?? null,
      };
      const logEntry = (subscriptionId: number) => ({
        subscription_id: subscriptionId,
        action: 'subscribed' as const,
        at: now,
        form: consent.consent_form,
        locale: consent.consent_locale,
        page: subscription.page ?? null,
        consent_version: consent.consent_version,
      });
      try {
        let result: 'created' | 'resubscribed' = 'created';
        await write(async (trx) => {
          // An address that withdrew consent signs up again: same row, new consent. The WHERE makes
          // the check and the change one atomic step, so concurrent sign-ups cannot both win.
          const again = await trx
            .updateTable('newsletter_subscriptions')
            .set({ ...consent, email: cleanText(subscription.email), unsubscribed_at: null })
            .where('email_normalized', '=', normalizeEmail(subscription.email))
            .where('unsubscribed_at', 'is not', null)
            .returning('id')
            .executeTakeFirst();
          if (again) {
            result = 'resubscribed';
            await trx.insertInto('newsletter_consent_log').values(logEntry(again.id)).execute();
            return;
          }
          const created = await trx
            .insertInto('newsletter_subscriptions')
            .values({
              email: cleanText(subscription.email),
              email_normalized: normalizeEmail(subscription.email),
              locale: subscription.locale ?? null,
              page: subscription.page ?? null,
              created_at: now,
              ...consent,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.insertInto('newsletter_consent_log').values(logEntry(created.id)).execute();
        });
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw new StoreUnavailableError(error);
      }
    },

    unsubscribe: (id) =>
      guarded(async () => {
        let result: 'unsubscribed' | 'already' | 'unknown' = 'unknown';
        await write(async (trx) => {
          const now = new Date().toISOString();
          const changed = await trx
            .updateTable('newsletter_subscriptions')
            .set({ unsubscribed_at: now })
            .where('id', '=', id)
            .where('unsubscribed_at', 'is', null)
            .returning(['id', 'consent_locale'])
            .executeTakeFirst();
          if (!changed) {
            const exists = await trx.selectFrom('newsletter_subscriptions').select('id').where('id', '=', id).executeTakeFirst();
            result = exists ? 'already' : 'unknown';
            return;
          }
          result = 'unsubscribed';
          await trx
            .insertInto('newsletter_consent_log')
            .values({ subscription_id: id, action: 'unsubscribed', at: now, form: null, locale: changed.consent_locale, page: null, consent_version: null })
            .execute();
        });
        return result;
      }),

    findSubscription: (id) =>
      guarded(async () => {
        const row = await db
          .selectFrom('newsletter_subscriptions')
          .select(['id', 'email', 'locale', 'consent_locale', 'unsubscribed_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row && { id: row.id, email: row.email, locale: row.consent_locale ?? row.locale, unsubscribed: row.unsubscribed_at !== null };
      }),

    consentLog: (id) =>
      guarded(async () => {
        const rows = await db
          .selectFrom('newsletter_consent_log')
          .select(['action', 'at', 'form', 'locale', 'page', 'consent_version'])
          .where('subscription_id', '=', id)
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ ...row, at: isoTimestamp(row.at) }));
      }),

    unsubscribeSecret: () =>
      guarded(async () => {
        const row = await db.selectFrom('settings').select('value').where('name', '=', 'unsubscribe_secret').executeTakeFirstOrThrow();
        return row.value;
      }),

    purgeContacts: (before) =>
      guarded(async () => {
        let count = 0;
        await write(async (trx) => {
          const deleted = await trx.deleteFrom('contact_submissions').where('created_at', '<', before.toISOString()).executeTakeFirst();
          count = Number(deleted.numDeletedRows);
        });
        return count;
      }),

    listContacts: () =>
      guarded(async () => {
        const rows = await db.selectFrom('contact_submissions').selectAll().orderBy('id').execute();
        return rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at) }));
      }),

    listNewsletter: () =>
      guarded(async () => {
        const rows = await db
          .selectFrom('newsletter_subscriptions')
          .select(['id', 'created_at', 'email', 'locale', 'page', 'consent_at', 'consent_form', 'consent_locale', 'consent_version', 'unsubscribed_at'])
          .orderBy('id')
          .execute();
        return rows.map((row) => ({
          ...row,
          created_at: isoTimestamp(row.created_at),
          consent_at: row.consent_at === null ? null : isoTimestamp(row.consent_at),
          unsubscribed_at: row.unsubscribed_at === null ? null : isoTimestamp(row.unsubscribed_at),
        }));
      }),

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

function isoTimestamp(value: Date | string): string {
  return new Date(value).toISOString();
}
