import { createHmac, randomBytes } from 'node:crypto';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { ServerConfig } from '../config';
import { StoreUnavailableError, SubmissionCapError, isUniqueViolation } from './errors';
import { type Engine, migrateToLatest } from './migrations';
import { type Channel, type DeliveryQueue, NO_NOTIFICATIONS, type OutboxPolicy, deliveryQueue, enqueue } from './outbox';
import { openSqlite } from './sqlite';
import type { ConsentMethod, Database, LeadSource } from './tables';

export { StoreNotWritableError, StoreUnavailableError, SubmissionCapError } from './errors';
export type { Engine } from './migrations';
export type { ConsentMethod, LeadSource } from './tables';
export type * from './outbox';

/**
 * Where leads are kept. Two engines, one behaviour: SQLite (a file, the default) or PostgreSQL
 * (when DATABASE_URL is set). Only the connection setup differs (./sqlite.ts, ./postgres.ts);
 * every query below runs unchanged on both.
 *
 * Errors: a failing database surfaces as StoreUnavailableError (nothing was stored); a submission
 * past the storage ceiling (SUBMISSIONS_PER_DAY) as SubmissionCapError (nothing stored either); a
 * duplicate newsletter address is a normal result, not an error.
 */
export interface Store {
  readonly engine: Engine;
  insertContact(contact: NewContact): Promise<void>;
  /**
   * A callback request the voice agent took during a call: stored as a contact submission
   * (source 'voice') with its notification jobs, under the storage ceiling, in one transaction, as
   * a form lead. 'created' the first time; 'same_tool_call' when this tool call was stored already
   * (Vapi retried it); 'call_has_lead' when another request of the same call was (one lead per
   * call). The last two write nothing: UNIQUE keys decide, not a read before the write.
   */
  insertVoiceLead(lead: NewVoiceLead): Promise<{ outcome: 'created' | 'same_tool_call' | 'call_has_lead'; id: number }>;
  /**
   * Attaches what the call's end-of-call report says (summary, and the transcript when the firm
   * keeps them) to the lead of that call, and queues the follow-up notification with it, in one
   * transaction. 'no_lead' when the call left none; 'already' when a report was attached before
   * (Vapi retries): nothing written then.
   */
  attachCallReport(callId: string, report: CallReport): Promise<'attached' | 'already' | 'no_lead'>;
  /**
   * Single opt-in (no SMTP): subscribes an address with its proof of consent, given by the form.
   * An address that had unsubscribed is subscribed again with the new consent ('resubscribed');
   * one still subscribed is 'duplicate'.
   */
  insertNewsletter(subscription: NewSubscription): Promise<'created' | 'resubscribed' | 'duplicate'>;
  /**
   * Double opt-in (SMTP configured): records a pending sign-up and, in the same transaction, queues
   * the e-mail that asks the address to confirm ('confirmation_queued'), its link new and signed
   * with a fresh nonce. At most one such e-mail per address every CONFIRMATION_RESEND_MS
   * ('confirmation_recent') and CONFIRMATION_EMAILS.max per CONFIRMATION_EMAILS.windowMs
   * ('confirmation_limited'): the request is updated, no e-mail goes out. 'duplicate' only for an
   * address that is subscribed; nothing is written then.
   */
  requestNewsletter(subscription: NewSubscription): Promise<'confirmation_queued' | 'confirmation_recent' | 'confirmation_limited' | 'duplicate'>;
  findConfirmation(id: number): Promise<ConfirmationState | undefined>;
  /**
   * The link was followed: the pending sign-up becomes a subscription (or restores a withdrawn
   * one), with its proof of consent: when, which form, language and wording, confirmed by link.
   * Idempotent ('already'); 'unknown' once the pending sign-up was deleted.
   */
  confirmNewsletter(id: number): Promise<'confirmed' | 'already' | 'unknown'>;
  /**
   * Deletes the pending sign-ups requested more than PENDING_SUBSCRIPTION_DAYS (7) days before
   * `now` (confirmed ones have become subscriptions; unconfirmed ones never gave consent), with
   * their confirmation e-mail jobs. Returns how many were never confirmed. Run daily.
   */
  purgePendingSubscriptions(now?: Date): Promise<number>;
  /** Withdraws consent; idempotent ('already' when it was withdrawn before). */
  unsubscribe(id: number): Promise<'unsubscribed' | 'already' | 'unknown'>;
  findSubscription(id: number): Promise<SubscriptionState | undefined>;
  /** Consent and withdrawal events of one subscription, oldest first. */
  consentLog(id: number): Promise<ConsentEvent[]>;
  /**
   * Counts one voice-demo session for `day` (a date in the firm's time zone) unless `cap` sessions
   * were already counted for it, by any instance sharing the database: true when counted, false
   * when the day's budget is spent (nothing written). The day's first session clears other days.
   */
  countVoiceSession(day: string, cap: number): Promise<boolean>;
  /** The secret that signs the newsletter's links (newsletter/signed-link.ts), created with the schema. */
  linkSecret(): Promise<string>;
  /** The HMAC secrets of the proof-of-work challenges (src/server/proof-of-work.ts), created with the schema. */
  proofSecrets(): Promise<{ challenge: string; key: string }>;
  /**
   * Marks a proof-of-work challenge (by its signature) as used until it expires: 'spent' the first
   * time, 'already' ever after, on every instance sharing the database (a UNIQUE key, not a
   * read-before-write). Expired ones are forgotten.
   */
  spendProof(signature: string, expiresAt: Date): Promise<'spent' | 'already'>;
  /**
   * Counts one hit of `key` in a fixed window of `windowMs` that starts with the key's first hit:
   * returns the count so far (this one included) and when the window ends. Atomic on both engines.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /**
   * Deletes contact submissions received before `before`, with the notification jobs (and their
   * copies of leads) queued before then; returns how many submissions.
   */
  purgeContacts(before: Date): Promise<number>;
  listContacts(): Promise<ContactRecord[]>;
  listNewsletter(): Promise<NewsletterRecord[]>;
  /**
   * Runs `work` unless another instance is running work under the same lock; then it returns
   * `{ ran: false }` at once. PostgreSQL: a session advisory lock (pg_try_advisory_lock), held on
   * one connection of the pool while `work` runs. SQLite serves one instance: `work` just runs.
   */
  exclusively<T>(lock: ExclusiveLock, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }>;
  /** A value the server keeps for itself in `settings` (e.g. when a daily task last ran). */
  setting(name: string): Promise<string | undefined>;
  saveSetting(name: string, value: string): Promise<void>;
  /** The notification outbox the delivery worker and `npm run deliveries` work on. */
  readonly deliveries: DeliveryQueue;
  /**
   * Whether the database answers a read and can commit a write (a full disk or a read-only
   * database still answers reads). The write is a one-row update, made at most every
   * HEALTH_WRITE_EVERY_MS whoever asks; in between the last outcome is reused.
   */
  health(): Promise<StoreHealth>;
  /** Closes the connections; idempotent. Later calls fail with StoreUnavailableError. */
  close(): Promise<void>;
}

/**
 * Work that only one instance may do at a time, with its advisory lock key on PostgreSQL (the
 * second half of a two-part key whose first half says the lock is ours: 'ATIA').
 */
export const EXCLUSIVE_LOCKS = { retention: 1 } as const;
export type ExclusiveLock = keyof typeof EXCLUSIVE_LOCKS;
export const EXCLUSIVE_LOCK_NAMESPACE = 0x41544941;

/** Where a submission came from; filled by the server, not by the visitor's payload. */
export type SubmissionOrigin = { locale?: string | null; page?: string | null };

export type NewContact = SubmissionOrigin & {
  name: string;
  email: string;
  phone: string;
  company?: string | null;
  message: string;
};

/** A callback request taken by the voice agent (src/contracts/voice-lead.ts), with the call it came from. */
export type NewVoiceLead = {
  callId: string;
  toolCallId: string;
  name: string;
  /** At least one of the two. */
  phone?: string;
  email?: string;
  company?: string;
  /** What the caller needs: the lead's message. */
  message: string;
  preferredTime?: string;
  locale: string;
};

/** What an end-of-call report brings to a voice lead; at least one of the two. */
export type CallReport = { summary: string | null; transcript: string | null };

export type NewSubscription = SubmissionOrigin & {
  email: string;
  /** What the visitor agreed to: which form, which version of the consent wording. */
  consent?: { form: string; version: string };
};

export type StoreHealth = { status: 'ok' } | { status: 'unreachable' | 'cannot_write'; cause: unknown };

export type SubscriptionState = { id: number; email: string; locale: string | null; unsubscribed: boolean };

export type ConfirmationState = {
  id: number;
  email: string;
  locale: string | null;
  confirmed: boolean;
  /** The nonce signed into the latest confirmation link (null: a request made before 0008, whose link has none). */
  linkNonce: string | null;
  /** When the latest confirmation e-mail was queued: its link works for PENDING_SUBSCRIPTION_DAYS from then. */
  emailQueuedAt: string | null;
};

/** A sign-up not confirmed within this many days is deleted. */
export const PENDING_SUBSCRIPTION_DAYS = 7;
/** One confirmation e-mail per address at most this often, however often it is signed up. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;
/** And at most this many per address in this window, so the form cannot be used to mail a stranger again and again. */
export const CONFIRMATION_EMAILS = { max: 3, windowMs: 30 * 24 * 60 * 60_000 } as const;

export type ConsentEvent = {
  action: 'subscribed' | 'unsubscribed';
  /** For 'subscribed': 'form' (single opt-in) or 'email_link' (confirmed by the e-mailed link). */
  method: ConsentMethod | null;
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
  source: LeadSource;
  call_id: string | null;
  preferred_time: string | null;
  call_summary: string | null;
  call_transcript: string | null;
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
  consent_method: ConsentMethod | null;
  /** NULL while subscribed. */
  unsubscribed_at: string | null;
};

export type StorageConfig = Pick<ServerConfig, 'databaseUrl' | 'sqlitePath'> & {
  /** Which notification jobs each insert writes; none when absent. */
  notifications?: Pick<ServerConfig['notifications'], 'email' | 'webhook' | 'newsletter'>;
  /** SUBMISSIONS_PER_DAY, the storage ceiling; none when absent (scripts, tests of other things). */
  caps?: Pick<ServerConfig['caps'], 'submissionsPerDay'>;
};

/** One job per configured channel; newsletter sign-ups only when asked for. */
export function outboxPolicy(notifications: StorageConfig['notifications']): OutboxPolicy {
  if (!notifications) return NO_NOTIFICATIONS;
  const channels: Channel[] = [];
  if (notifications.email) channels.push('email');
  if (notifications.webhook) channels.push('webhook');
  return {
    'contact.created': channels,
    // A voice lead's call report follows its lead wherever the lead went.
    'contact.call_report': channels,
    'newsletter.subscribed': notifications.newsletter ? channels : [],
    // To the visitor, by e-mail only: never to the firm's webhook.
    'newsletter.confirmation': notifications.email ? ['email'] : [],
  };
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
  return kyselyStore(db, engine, outboxPolicy(config.notifications), config.caps?.submissionsPerDay, log);
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

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What a subscriber agreed to, and how: the proof of consent kept with the subscription and in its log. */
type Consent = { email: string; locale: string | null; page: string | null; form: string | null; version: string | null; method: ConsentMethod };

function consentOf(subscription: NewSubscription, method: ConsentMethod): Consent {
  return {
    email: cleanText(subscription.email),
    locale: subscription.locale ?? null,
    page: subscription.page ?? null,
    form: subscription.consent?.form ?? null,
    version: subscription.consent?.version ?? null,
    method,
  };
}
/** What storeContact writes, from the form or from the voice agent. */
type ContactInput = {
  source: LeadSource;
  name: string;
  email?: string;
  phone?: string;
  company?: string | null;
  message: string;
  locale: string | null;
  page: string | null;
  callId?: string;
  toolCallId?: string;
  preferredTime?: string;
};

/** A load balancer polling /api/health every second costs at most one small write per this. */
export const HEALTH_WRITE_EVERY_MS = 2_000;

/** Thrown inside a voice-session count to roll it back: the day's budget is spent. */
const OVER_BUDGET = Symbol('voice budget spent');

/** The storage ceiling counts the submissions of the last 24 hours, minute by minute. */
const CEILING_WINDOW_MINUTES = 24 * 60;
/** Expired spent proofs and counters are deleted at most this often per instance (they are ignored once expired anyway). */
const SWEEP_EVERY_MS = 60_000;

/** Past the ceiling: the oldest minute of the window leaves it when this minute ends. */
const ceilingReached = (minute: number) => new SubmissionCapError(Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - Date.now()) / 1000)));

function kyselyStore(db: Kysely<Database>, engine: Engine, policy: OutboxPolicy, ceiling: number | undefined, log: StoreLogger): Store {
  let closed: Promise<void> | undefined;
  let lastWriteProbe: { at: number; outcome: Promise<StoreHealth> } | undefined;
  let lastSweep = 0;
  let ceilingWarnedMinute = -1;

  /**
   * The storage ceiling (SUBMISSIONS_PER_DAY), counted in the database so that every instance on
   * one PostgreSQL shares it: the submissions stored in the last 1440 minutes. Checked first (one
   * indexed sum), counted last in the submission's transaction, so the minute's row (which
   * serializes submissions on PostgreSQL) is held only until the commit, and a submission that
   * fails or goes past the ceiling is not counted. Only stored submissions reach it: posts without
   * a valid proof, or caught by the honeypot, are refused before.
   */
  const storageCeiling = {
    async check(trx: Transaction<Database>, minute: number) {
      if (ceiling === undefined) return;
      const row = await trx
        .selectFrom('submission_counts')
        .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
        .where('minute', '>', minute - CEILING_WINDOW_MINUTES)
        .executeTakeFirst();
      if (Number(row?.total ?? 0) >= ceiling) throw reached(minute);
    },
    async count(trx: Transaction<Database>, minute: number) {
      if (ceiling === undefined) return;
      const { count } = await trx
        .insertInto('submission_counts')
        .values({ minute, count: 1 })
        .onConflict((conflict) => conflict.column('minute').doUpdateSet((eb) => ({ count: eb('submission_counts.count', '+', 1) })))
        .returning('count')
        .executeTakeFirstOrThrow();
      // The first submission of a minute clears the minutes no one will look at again.
      if (count === 1) await trx.deleteFrom('submission_counts').where('minute', '<=', minute - CEILING_WINDOW_MINUTES).execute();
    },
  };

  /** The ceiling is reached: a warning named as such, once a minute per instance, not an error per request. */
  function reached(minute: number): SubmissionCapError {
    if (ceilingWarnedMinute !== minute) {
      ceilingWarnedMinute = minute;
      log.warn({ cap: 'SUBMISSIONS_PER_DAY', limit: ceiling }, 'cap reached: storage ceiling (SUBMISSIONS_PER_DAY); form posts get 503 until the oldest of the last 24 hours age out');
    }
    return ceilingReached(minute);
  }

  /** Deletes expired spent proofs and counters, at most once a minute per instance. */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.deleteFrom('spent_proofs').where('expires_at', '<', now.toISOString()).execute();
    await db.deleteFrom('rate_counters').where('expires_at', '<', now.toISOString()).execute();
  }


  /**
   * Makes the address a subscriber with this consent, logs the consent and queues the firm's
   * notification. 'unless-subscribed' (a sign-up): only a new address or one that withdrew; the
   * UNIQUE email_normalized makes a concurrent or repeated sign-up fail as a duplicate, and the
   * WHERE makes the check and the change of a withdrawn row one atomic step. 'always' (a
   * confirmed link): the row gets the new consent whatever its state.
   */
  async function subscribe(trx: Transaction<Database>, consent: Consent, mode: 'unless-subscribed' | 'always'): Promise<'created' | 'resubscribed'> {
    const now = new Date().toISOString();
    const key = normalizeEmail(consent.email);
    const proof = {
      consent_at: now,
      consent_form: consent.form,
      consent_locale: consent.locale,
      consent_version: consent.version,
      consent_method: consent.method,
    };
    const again = await trx
      .updateTable('newsletter_subscriptions')
      .set({ ...proof, email: consent.email, unsubscribed_at: null })
      .where('email_normalized', '=', key)
      .$if(mode === 'unless-subscribed', (query) => query.where('unsubscribed_at', 'is not', null))
      .returning('id')
      .executeTakeFirst();
    const id =
      again?.id ??
      (
        await trx
          .insertInto('newsletter_subscriptions')
          .values({ email: consent.email, email_normalized: key, locale: consent.locale, page: consent.page, created_at: now, ...proof })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .insertInto('newsletter_consent_log')
      .values({ subscription_id: id, action: 'subscribed', method: consent.method, at: now, form: consent.form, locale: consent.locale, page: consent.page, consent_version: consent.version })
      .execute();
    await enqueue(trx, policy, { type: 'newsletter.subscribed', createdAt: now, data: { subscriptionId: id, email: consent.email, locale: consent.locale, page: consent.page } });
    return again ? 'resubscribed' : 'created';
  }

  /**
   * One contact submission and its notification jobs, inside the caller's transaction. A voice
   * lead may lack a phone number or an e-mail address: the columns (NOT NULL since 0001) hold ''
   * then, and the event says null.
   */
  async function storeContact(trx: Transaction<Database>, contact: ContactInput): Promise<number> {
    const optional = (text: string | null | undefined) => cleanText(text ?? '') || null;
    const row = {
      source: contact.source,
      name: cleanText(contact.name),
      email: cleanText(contact.email ?? ''),
      phone: cleanText(contact.phone ?? ''),
      company: optional(contact.company),
      message: cleanText(contact.message),
      locale: contact.locale,
      page: contact.page,
      call_id: contact.callId ?? null,
      tool_call_id: contact.toolCallId ?? null,
      preferred_time: optional(contact.preferredTime),
      created_at: new Date().toISOString(),
    };
    const { id } = await trx.insertInto('contact_submissions').values(row).returning('id').executeTakeFirstOrThrow();
    await enqueue(trx, policy, {
      type: 'contact.created',
      createdAt: row.created_at,
      data: {
        submissionId: id,
        source: row.source,
        name: row.name,
        email: row.email || null,
        phone: row.phone || null,
        company: row.company,
        message: row.message,
        locale: row.locale,
        page: row.page,
        callId: row.call_id,
        preferredTime: row.preferred_time,
      },
    });
    return id;
  }

  /** A write that stores a submission: under the ceiling, in one transaction. */
  function submit(work: (trx: Transaction<Database>) => Promise<unknown>): Promise<void> {
    const minute = Math.floor(Date.now() / MINUTE_MS);
    return write(async (trx) => {
      await storageCeiling.check(trx, minute);
      await work(trx);
      await storageCeiling.count(trx, minute);
    });
  }

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
        submit(async (trx) => {
          await storeContact(trx, {
            source: 'form',
            name: contact.name,
            email: contact.email,
            phone: contact.phone,
            company: contact.company,
            message: contact.message,
            locale: contact.locale ?? null,
            page: contact.page ?? null,
          });
        }),
      ),

    async insertVoiceLead(lead) {
      try {
        let id = 0;
        await submit(async (trx) => {
          id = await storeContact(trx, {
            source: 'voice',
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            company: lead.company,
            message: lead.message,
            locale: lead.locale,
            page: null,
            callId: lead.callId,
            toolCallId: lead.toolCallId,
            preferredTime: lead.preferredTime,
          });
        });
        return { outcome: 'created', id };
      } catch (error) {
        if (error instanceof SubmissionCapError) throw error;
        if (!isUniqueViolation(error)) throw new StoreUnavailableError(error);
      }
      // The insert met a UNIQUE key: this tool call, or another of the same call, is stored.
      return guarded(async () => {
        const stored = await db
          .selectFrom('contact_submissions')
          .select(['id', 'tool_call_id'])
          .where((eb) => eb.or([eb('call_id', '=', lead.callId), eb('tool_call_id', '=', lead.toolCallId)]))
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return { outcome: stored.tool_call_id === lead.toolCallId ? 'same_tool_call' : 'call_has_lead', id: stored.id };
      });
    },

    attachCallReport: (callId, report) =>
      guarded(async () => {
        let result: 'attached' | 'already' | 'no_lead' = 'no_lead';
        await write(async (trx) => {
          const summary = report.summary === null ? null : cleanText(report.summary) || null;
          const transcript = report.transcript === null ? null : cleanText(report.transcript) || null;
          if (summary === null && transcript === null) return;
          // The WHERE makes the check and the change one step: a retried report attaches once.
          const lead = await trx
            .updateTable('contact_submissions')
            .set({ call_summary: summary, call_transcript: transcript })
            .where('call_id', '=', callId)
            .where('call_summary', 'is', null)
            .where('call_transcript', 'is', null)
            .returning(['id', 'name', 'locale'])
            .executeTakeFirst();
          if (!lead) {
            const exists = await trx.selectFrom('contact_submissions').select('id').where('call_id', '=', callId).executeTakeFirst();
            result = exists ? 'already' : 'no_lead';
            return;
          }
          result = 'attached';
          await enqueue(trx, policy, {
            type: 'contact.call_report',
            createdAt: new Date().toISOString(),
            data: { submissionId: lead.id, callId, name: lead.name, locale: lead.locale, summary, transcript },
          });
        });
        return result;
      }),

    async insertNewsletter(subscription) {
      try {
        let result: 'created' | 'resubscribed' = 'created';
        await submit(async (trx) => {
          result = await subscribe(trx, consentOf(subscription, 'form'), 'unless-subscribed');
        });
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        if (error instanceof SubmissionCapError) throw error;
        throw new StoreUnavailableError(error);
      }
    },

    requestNewsletter: (subscription) =>
      guarded(async () => {
        const key = normalizeEmail(subscription.email);
        const subscribed = await db
          .selectFrom('newsletter_subscriptions')
          .select('id')
          .where('email_normalized', '=', key)
          .where('unsubscribed_at', 'is', null)
          .executeTakeFirst();
        if (subscribed) return 'duplicate';
        let result: 'confirmation_queued' | 'confirmation_recent' | 'confirmation_limited' = 'confirmation_queued';
        try {
          await submit(async (trx) => {
            const now = new Date().toISOString();
            const request = {
              email: cleanText(subscription.email),
              locale: subscription.locale ?? null,
              page: subscription.page ?? null,
              form: subscription.consent?.form ?? null,
              consent_version: subscription.consent?.version ?? null,
              requested_at: now,
              confirmed_at: null,
            };
            const pending = await trx
              .selectFrom('newsletter_confirmations')
              .select(['id', 'email_queued_at', 'confirmed_at'])
              .where('email_normalized', '=', key)
              .executeTakeFirst();
            // Still waiting, and an e-mail went out minutes ago: no second one (nobody can flood an inbox).
            const recent =
              pending?.confirmed_at === null && pending.email_queued_at !== null && Date.now() - new Date(pending.email_queued_at).getTime() < CONFIRMATION_RESEND_MS;
            // A few e-mails per address per month at most, counted under a keyed hash of the address
            // (the counter outlives the pending request, which is deleted after 7 days).
            const limited =
              !recent &&
              (await hitCounter(trx, `confirm-mail:${createHmac('sha256', await secretOf(trx, 'unsubscribe_secret')).update(key).digest('base64url')}`, CONFIRMATION_EMAILS.windowMs))
                .count > CONFIRMATION_EMAILS.max;
            // No e-mail: a recent one's link stays valid; past the limit, any older link stops working
            // (a withdrawn address re-requested by someone else must not be confirmed by its old link).
            const mail = recent ? {} : limited ? { link_nonce: newLinkNonce() } : { email_queued_at: now, link_nonce: newLinkNonce() };
            const id = pending
              ? (await trx.updateTable('newsletter_confirmations').set({ ...request, ...mail }).where('id', '=', pending.id).execute(), pending.id)
              : (await trx.insertInto('newsletter_confirmations').values({ ...request, email_normalized: key, ...mail }).returning('id').executeTakeFirstOrThrow()).id;
            if (recent || limited) {
              result = recent ? 'confirmation_recent' : 'confirmation_limited';
              return;
            }
            await enqueue(trx, policy, {
              type: 'newsletter.confirmation',
              createdAt: now,
              data: { confirmationId: id, email: request.email, locale: request.locale, linkNonce: 'link_nonce' in mail ? mail.link_nonce : null },
            });
          });
        } catch (error) {
          // The same address signed up twice at once: the other request queued the e-mail.
          if (isUniqueViolation(error)) return 'confirmation_recent';
          throw error;
        }
        return result;
      }),

    findConfirmation: (id) =>
      guarded(async () => {
        const row = await db
          .selectFrom('newsletter_confirmations')
          .select(['id', 'email', 'locale', 'confirmed_at', 'link_nonce', 'email_queued_at'])
          .where('id', '=', id)
          .executeTakeFirst();
        return (
          row && {
            id: row.id,
            email: row.email,
            locale: row.locale,
            confirmed: row.confirmed_at !== null,
            linkNonce: row.link_nonce,
            emailQueuedAt: row.email_queued_at === null ? null : isoTimestamp(row.email_queued_at),
          }
        );
      }),

    confirmNewsletter: (id) =>
      guarded(async () => {
        let result: 'confirmed' | 'already' | 'unknown' = 'unknown';
        await write(async (trx) => {
          // The WHERE makes the check and the change one step: two clicks confirm once.
          const pending = await trx
            .updateTable('newsletter_confirmations')
            .set({ confirmed_at: new Date().toISOString() })
            .where('id', '=', id)
            .where('confirmed_at', 'is', null)
            .returning(['email', 'locale', 'page', 'form', 'consent_version'])
            .executeTakeFirst();
          if (!pending) {
            const exists = await trx.selectFrom('newsletter_confirmations').select('id').where('id', '=', id).executeTakeFirst();
            result = exists ? 'already' : 'unknown';
            return;
          }
          const { email, locale, page, form, consent_version: version } = pending;
          await subscribe(trx, { email, locale, page, form, version, method: 'email_link' }, 'always');
          result = 'confirmed';
        });
        return result;
      }),

    purgePendingSubscriptions: (now = new Date()) =>
      guarded(async () => {
        const before = new Date(now.getTime() - PENDING_SUBSCRIPTION_DAYS * DAY_MS).toISOString();
        let unconfirmed = 0;
        await write(async (trx) => {
          const deleted = await trx.deleteFrom('newsletter_confirmations').where('requested_at', '<', before).where('confirmed_at', 'is', null).executeTakeFirst();
          unconfirmed = Number(deleted.numDeletedRows);
          await trx.deleteFrom('newsletter_confirmations').where('requested_at', '<', before).execute();
          // A confirmation e-mail that could not be sent keeps the address in its job: it goes too.
          await trx.deleteFrom('delivery_jobs').where('event_type', '=', 'newsletter.confirmation').where('created_at', '<', before).execute();
        });
        return unconfirmed;
      }),

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
            .values({ subscription_id: id, action: 'unsubscribed', method: null, at: now, form: null, locale: changed.consent_locale, page: null, consent_version: null })
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
          .select(['action', 'method', 'at', 'form', 'locale', 'page', 'consent_version'])
          .where('subscription_id', '=', id)
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ ...row, at: isoTimestamp(row.at) }));
      }),

    countVoiceSession: (day, perDay) =>
      guarded(async () => {
        // Like the submission cap: checked first without a lock, counted last in the transaction
        // (the upsert serializes sessions on the day's row), rolled back when it went over.
        try {
          await write(async (trx) => {
            const row = await trx.selectFrom('voice_session_counts').select('count').where('day', '=', day).executeTakeFirst();
            if (row && row.count >= perDay) throw OVER_BUDGET;
            const { count } = await trx
              .insertInto('voice_session_counts')
              .values({ day, count: 1 })
              .onConflict((conflict) => conflict.column('day').doUpdateSet((eb) => ({ count: eb('voice_session_counts.count', '+', 1) })))
              .returning('count')
              .executeTakeFirstOrThrow();
            if (count > perDay) throw OVER_BUDGET;
            if (count === 1) await trx.deleteFrom('voice_session_counts').where('day', '<>', day).execute();
          });
          return true;
        } catch (error) {
          if (error === OVER_BUDGET) return false;
          throw error;
        }
      }),

    linkSecret: () => guarded(() => secretOf(db, 'unsubscribe_secret')),

    proofSecrets: () =>
      guarded(async () => ({ challenge: await secretOf(db, 'proof_of_work_secret'), key: await secretOf(db, 'proof_of_work_key_secret') })),

    spendProof: (signature, expiresAt) =>
      guarded(async () => {
        const now = new Date();
        await sweep(now);
        const spent = await db
          .insertInto('spent_proofs')
          .values({ signature, expires_at: expiresAt.toISOString() })
          .onConflict((conflict) => conflict.column('signature').doNothing())
          .returning('signature')
          .executeTakeFirst();
        return spent ? 'spent' : 'already';
      }),

    hit: (key, windowMs) =>
      guarded(async () => {
        await sweep(new Date());
        return hitCounter(db, key, windowMs);
      }),

    purgeContacts: (before) =>
      guarded(async () => {
        let count = 0;
        await write(async (trx) => {
          const deleted = await trx.deleteFrom('contact_submissions').where('created_at', '<', before.toISOString()).executeTakeFirst();
          count = Number(deleted.numDeletedRows);
          // Failed notifications keep a copy of the lead for a retry: it goes with the lead.
          await trx.deleteFrom('delivery_jobs').where('created_at', '<', before.toISOString()).execute();
        });
        return count;
      }),

    listContacts: () =>
      guarded(async () => {
        // Vapi's tool call id only serves to recognize a retry: it is not the firm's to see.
        const rows = await db
          .selectFrom('contact_submissions')
          .select(['id', 'created_at', 'name', 'email', 'phone', 'company', 'message', 'locale', 'page', 'status', 'source', 'call_id', 'preferred_time', 'call_summary', 'call_transcript'])
          .orderBy('id')
          .execute();
        return rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at) }));
      }),

    listNewsletter: () =>
      guarded(async () => {
        const rows = await db
          .selectFrom('newsletter_subscriptions')
          .select(['id', 'created_at', 'email', 'locale', 'page', 'consent_at', 'consent_form', 'consent_locale', 'consent_version', 'consent_method', 'unsubscribed_at'])
          .orderBy('id')
          .execute();
        return rows.map((row) => ({
          ...row,
          created_at: isoTimestamp(row.created_at),
          consent_at: row.consent_at === null ? null : isoTimestamp(row.consent_at),
          unsubscribed_at: row.unsubscribed_at === null ? null : isoTimestamp(row.unsubscribed_at),
        }));
      }),

    async exclusively(lock, work) {
      if (engine === 'sqlite') return { ran: true, result: await work() };
      const key = EXCLUSIVE_LOCKS[lock];
      return guarded(() =>
        db.connection().execute(async (connection) => {
          const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${EXCLUSIVE_LOCK_NAMESPACE}, ${key}) as locked`.execute(connection);
          if (!rows[0]?.locked) return { ran: false as const };
          try {
            return { ran: true as const, result: await work() };
          } finally {
            await sql`select pg_advisory_unlock(${EXCLUSIVE_LOCK_NAMESPACE}, ${key})`.execute(connection);
          }
        }),
      );
    },

    setting: (name) =>
      guarded(async () => (await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst())?.value),

    saveSetting: (name, value) =>
      guarded(async () => {
        await db
          .insertInto('settings')
          .values({ name, value })
          .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
          .execute();
      }),

    deliveries: guardedQueue(deliveryQueue(db, engine)),

    async health() {
      try {
        await sql`select 1`.execute(db);
      } catch (cause) {
        return { status: 'unreachable', cause };
      }
      if (!lastWriteProbe || Date.now() - lastWriteProbe.at >= HEALTH_WRITE_EVERY_MS) {
        const at = Date.now();
        lastWriteProbe = {
          at,
          outcome: write((trx) =>
            trx
              .insertInto('settings')
              .values({ name: 'health_write_probe', value: new Date(at).toISOString() })
              .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: new Date(at).toISOString() }))
              .execute(),
          ).then(
            (): StoreHealth => ({ status: 'ok' }),
            (cause: unknown): StoreHealth => ({ status: 'cannot_write', cause }),
          ),
        };
      }
      return lastWriteProbe.outcome;
    },

    close() {
      closed ??= db.destroy();
      return closed;
    },
  };
}

/** See Store.hit; inside a transaction when given one. */
async function hitCounter(runner: Kysely<Database> | Transaction<Database>, key: string, windowMs: number) {
  const now = new Date();
  const nowIso = now.toISOString();
  const row = await runner
    .insertInto('rate_counters')
    .values({ key, count: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        // A window that has ended starts again at 1; otherwise one more.
        count: eb.case().when('rate_counters.expires_at', '<=', nowIso).then(1).else(eb('rate_counters.count', '+', 1)).end(),
        expires_at: eb.case().when('rate_counters.expires_at', '<=', nowIso).then(eb.ref('excluded.expires_at')).else(eb.ref('rate_counters.expires_at')).end(),
      })),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, resetAt: new Date(row.expires_at).getTime() };
}

/** A random nonce for a confirmation link. */
const newLinkNonce = () => randomBytes(16).toString('base64url');

/** A secret the server made for itself with the schema (migrations 0003, 0008). */
async function secretOf(runner: Kysely<Database> | Transaction<Database>, name: string): Promise<string> {
  const row = await runner.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Any database failure becomes StoreUnavailableError: the caller only needs to know nothing was done. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SubmissionCapError) throw error;
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
