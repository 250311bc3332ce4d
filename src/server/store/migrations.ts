import { randomBytes } from 'node:crypto';
import { type ColumnDefinitionBuilder, type Kysely, type Migration, Migrator, sql } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** The only column definitions that differ between the two engines. */
type EngineColumns = {
  /** An auto-numbered integer primary key. */
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  timestamp: 'timestamptz' | 'text';
};

const ENGINE_COLUMNS: Record<Engine, EngineColumns> = {
  postgres: { id: (column) => column.primaryKey().generatedByDefaultAsIdentity(), timestamp: 'timestamptz' },
  sqlite: { id: (column) => column.primaryKey().autoIncrement(), timestamp: 'text' },
};

/**
 * Versioned migrations, applied in name order at start-up and recorded in `kysely_migration`.
 * They live in code (not files read at run time) so the server needs nothing but its sources.
 * Never edit a migration that has run anywhere: add the next number instead.
 * Migrations take `Kysely<any>` on purpose: they describe the schema as it was at that version.
 */
// oxlint-disable-next-line no-explicit-any -- see above
type Db = Kysely<any>;

const MIGRATIONS: Record<string, (columns: EngineColumns) => Migration> = {
  '0001_contact_submissions': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'integer', columns.id)
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('phone', 'text', (column) => column.notNull())
        .addColumn('company', 'text')
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('locale', 'text')
        .addColumn('page', 'text')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
        .addColumn('created_at', columns.timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('contact_submissions_created_at_idx').on('contact_submissions').column('created_at').execute();
    },
  }),
  '0002_newsletter_subscriptions': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('newsletter_subscriptions')
        .addColumn('id', 'integer', columns.id)
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('email_normalized', 'text', (column) => column.notNull())
        .addColumn('locale', 'text')
        .addColumn('page', 'text')
        .addColumn('created_at', columns.timestamp, (column) => column.notNull())
        .addUniqueConstraint('newsletter_subscriptions_email_normalized_key', ['email_normalized'])
        .execute();
    },
  }),
  /**
   * Proof of newsletter consent (CASL) and withdrawal. The subscription row holds the current
   * state; newsletter_consent_log keeps every consent and withdrawal, so the proof of an earlier
   * consent survives an unsubscribe and a later sign-up. `settings` holds the secret that signs
   * unsubscribe links: generated here, once, so links stay valid across restarts and deployments.
   */
  '0003_newsletter_consent': (columns) => ({
    async up(db: Db) {
      await db.schema.alterTable('newsletter_subscriptions').addColumn('consent_at', columns.timestamp).execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('consent_form', 'text').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('consent_locale', 'text').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('consent_version', 'text').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('unsubscribed_at', columns.timestamp).execute();
      // Rows from before this migration: consent is what their sign-up recorded, nothing more.
      await db
        .updateTable('newsletter_subscriptions')
        .set((eb) => ({ consent_at: eb.ref('created_at'), consent_locale: eb.ref('locale') }))
        .execute();
      await db.schema
        .createTable('newsletter_consent_log')
        .addColumn('id', 'integer', columns.id)
        .addColumn('subscription_id', 'integer', (column) => column.notNull().references('newsletter_subscriptions.id').onDelete('cascade'))
        .addColumn('action', 'text', (column) => column.notNull().check(sql`action in ('subscribed', 'unsubscribed')`))
        .addColumn('at', columns.timestamp, (column) => column.notNull())
        .addColumn('form', 'text')
        .addColumn('locale', 'text')
        .addColumn('page', 'text')
        .addColumn('consent_version', 'text')
        .execute();
      await db.schema.createIndex('newsletter_consent_log_subscription_idx').on('newsletter_consent_log').column('subscription_id').execute();
      await db
        .insertInto('newsletter_consent_log')
        .columns(['subscription_id', 'action', 'at', 'locale', 'page'])
        .expression((eb) => eb.selectFrom('newsletter_subscriptions').select(['id', sql.lit('subscribed').as('action'), 'created_at', 'locale', 'page']))
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .execute();
      await db
        .insertInto('settings')
        .values({ name: 'unsubscribe_secret', value: randomBytes(32).toString('base64url') })
        .execute();
    },
  }),
  /**
   * The outbox: one row per channel (email, webhook) per lead event, written in the same
   * transaction as the lead itself, delivered later by the worker (src/server/delivery/).
   */
  '0004_delivery_outbox': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('delivery_jobs')
        .addColumn('id', 'integer', columns.id)
        .addColumn('event_id', 'text', (column) => column.notNull())
        .addColumn('event_type', 'text', (column) => column.notNull())
        .addColumn('channel', 'text', (column) => column.notNull())
        .addColumn('payload', 'text')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('queued_at', columns.timestamp, (column) => column.notNull())
        .addColumn('next_attempt_at', columns.timestamp, (column) => column.notNull())
        .addColumn('locked_until', columns.timestamp)
        .addColumn('claim_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', columns.timestamp, (column) => column.notNull())
        .addColumn('delivered_at', columns.timestamp)
        .addUniqueConstraint('delivery_jobs_event_channel_key', ['event_id', 'channel'])
        .execute();
      // What the worker's claim query scans: due jobs by time.
      await db.schema.createIndex('delivery_jobs_due_idx').on('delivery_jobs').columns(['status', 'next_attempt_at']).execute();
    },
  }),
  /**
   * How many submissions were stored in each minute (its number since the epoch), across all
   * instances: the storage ceiling (SUBMISSIONS_PER_DAY) sums the last 1440 of them (store/index.ts).
   */
  '0005_submission_counts': () => ({
    async up(db: Db) {
      await db.schema
        .createTable('submission_counts')
        .addColumn('minute', 'bigint', (column) => column.primaryKey())
        .addColumn('count', 'integer', (column) => column.notNull())
        .execute();
    },
  }),
  /**
   * Double opt-in (when the server sends e-mail): a sign-up waits in newsletter_confirmations,
   * one row per address, until the link e-mailed to it is followed; only then is it a
   * subscription. `consent_method` says how each consent was given: 'form' (submitting the form
   * was the consent; rows from before, and servers without SMTP) or 'email_link' (confirmed by
   * the link).
   */
  '0006_newsletter_confirmations': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('newsletter_confirmations')
        .addColumn('id', 'integer', columns.id)
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('email_normalized', 'text', (column) => column.notNull())
        .addColumn('locale', 'text')
        .addColumn('page', 'text')
        .addColumn('form', 'text')
        .addColumn('consent_version', 'text')
        .addColumn('requested_at', columns.timestamp, (column) => column.notNull())
        .addColumn('email_queued_at', columns.timestamp)
        .addColumn('confirmed_at', columns.timestamp)
        .addUniqueConstraint('newsletter_confirmations_email_normalized_key', ['email_normalized'])
        .execute();
      await db.schema.createIndex('newsletter_confirmations_requested_at_idx').on('newsletter_confirmations').column('requested_at').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('consent_method', 'text').execute();
      await db.schema.alterTable('newsletter_consent_log').addColumn('method', 'text').execute();
      await db.updateTable('newsletter_subscriptions').set({ consent_method: 'form' }).execute();
      await db.updateTable('newsletter_consent_log').set({ method: 'form' }).where('action', '=', 'subscribed').execute();
    },
  }),
  /**
   * How many voice-demo sessions were handed out each day (its date in FIRM_TIME_ZONE,
   * "2026-11-26"), across all instances (from 0013 on, the row is the day's admission lock;
   * store/voice.ts). Only today's row is kept.
   */
  '0007_voice_session_counts': () => ({
    async up(db: Db) {
      await db.schema
        .createTable('voice_session_counts')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .addColumn('count', 'integer', (column) => column.notNull())
        .execute();
    },
  }),
  /**
   * Abuse limits. `spent_proofs`: the proof-of-work challenges already used, by their
   * signature, kept until they expire, so a proof spent on one instance is refused on every other.
   * `rate_counters`: counts in fixed windows, shared by all instances: per-address request
   * limits (PostgreSQL), notifications per minute, confirmation e-mails per address.
   * `link_nonce`: each confirmation e-mail's link names its own request, so an older link (the
   * same bytes) cannot confirm a later sign-up of the address. The challenges' HMAC secrets are
   * made here, once, like the links' secret.
   */
  '0008_abuse_limits': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('spent_proofs')
        .addColumn('signature', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', columns.timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('spent_proofs_expires_at_idx').on('spent_proofs').column('expires_at').execute();
      await db.schema
        .createTable('rate_counters')
        .addColumn('key', 'text', (column) => column.primaryKey())
        .addColumn('count', 'integer', (column) => column.notNull())
        .addColumn('expires_at', columns.timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('rate_counters_expires_at_idx').on('rate_counters').column('expires_at').execute();
      await db.schema.alterTable('newsletter_confirmations').addColumn('link_nonce', 'text').execute();
      await db
        .insertInto('settings')
        .values([
          { name: 'proof_of_work_secret', value: randomBytes(32).toString('base64url') },
          { name: 'proof_of_work_key_secret', value: randomBytes(32).toString('base64url') },
        ])
        .execute();
    },
  }),
  /**
   * Callback requests taken by the voice demo's agent are contact submissions too, kept,
   * notified and purged as form leads are. `source` says which ('form' for every row before this).
   * `call_id` (one lead per call) and `tool_call_id` (Vapi retries a tool call with the same id)
   * are UNIQUE: the database, not a read before the write, keeps a retried or repeated request
   * from storing a second lead (NULL for form leads, which both engines allow any number of).
   * `preferred_time` is when the caller would like to be called back; `call_summary` and
   * `call_transcript` come with the call's end-of-call report.
   */
  '0009_voice_leads': () => ({
    async up(db: Db) {
      await db.schema
        .alterTable('contact_submissions')
        .addColumn('source', 'text', (column) =>
          column
            .notNull()
            .defaultTo('form')
            .check(sql`source in ('form', 'voice')`),
        )
        .execute();
      for (const name of ['call_id', 'tool_call_id', 'preferred_time', 'call_summary', 'call_transcript']) {
        await db.schema.alterTable('contact_submissions').addColumn(name, 'text').execute();
      }
      await db.schema.createIndex('contact_submissions_call_id_key').on('contact_submissions').column('call_id').unique().execute();
      await db.schema.createIndex('contact_submissions_tool_call_id_key').on('contact_submissions').column('tool_call_id').unique().execute();
    },
  }),
  /**
   * Limits per source instead of one count over all, so that no stranger can switch lead capture
   * off for everyone: each network's leads per day and the hour's notifications per network are windowed
   * counters (`rate_counters`, keys `leads:<network>`, `notified:<network>`), kept only for their
   * window. `delivery_jobs.source` is the network (or `voice`) a pending job came from, so that the
   * delivery worker can give each its turn; cleared once the job is done. The per-client counters
   * are kept under a keyed hash of the client (`counter_secret`, made here once), never its address.
   * `submission_counts`, the old ceiling's per-minute counts over all sources, goes: nothing reads
   * it any more.
   */
  '0011_network_limits': () => ({
    async up(db: Db) {
      await db.schema.dropTable('submission_counts').execute();
      await db
        .insertInto('settings')
        .values({ name: 'counter_secret', value: randomBytes(32).toString('base64url') })
        .execute();
      await db.schema.alterTable('delivery_jobs').addColumn('source', 'text').execute();
      // The fair claim (store/delivery-queue.ts) reads the pending jobs of each source in turn.
      await db.schema.createIndex('delivery_jobs_source_idx').on('delivery_jobs').columns(['status', 'channel', 'source', 'next_attempt_at']).execute();
    },
  }),
  /**
   * The firm's own figures (docs/stats.md): one counter per day (in FIRM_TIME_ZONE), event, page
   * language, device class, referrer class and campaign ('' where the dimension is not known or
   * there is none). Nothing in a row can tell one visitor from another: no address, no browser
   * string, no hash of either, no time finer than the day. Deleted after STATS_RETENTION_DAYS.
   */
  '0012_site_stats': () => ({
    async up(db: Db) {
      await db.schema
        .createTable('site_stats')
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('event', 'text', (column) => column.notNull())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('device', 'text', (column) => column.notNull())
        .addColumn('referrer', 'text', (column) => column.notNull())
        .addColumn('campaign', 'text', (column) => column.notNull())
        .addColumn('count', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('site_stats_pkey', ['day', 'event', 'locale', 'device', 'referrer', 'campaign'])
        .execute();
    },
  }),
  /**
   * The voice demo's budget counts calls, not keys. `voice_calls`: one row per call the server has
   * seen (Vapi's call id, the assistant's language, when it started and ended, its length in seconds,
   * how it ended), nothing about who called or from where; the firm's statistics read it.
   * `voice_holds`: what each key handed out holds of the day's minutes and lines until it is seen
   * as a call or expires, with the network it went to (for that network's share) and the call it
   * became; deleted once its day is over. `voice_session_counts` stays: its day's row is the lock
   * that admits one key at a time (src/server/store/voice.ts).
   */
  '0013_voice_calls': (columns) => ({
    async up(db: Db) {
      await db.schema
        .createTable('voice_calls')
        .addColumn('call_id', 'text', (column) => column.primaryKey())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('started_at', columns.timestamp, (column) => column.notNull())
        .addColumn('ended_at', columns.timestamp)
        .addColumn('duration_seconds', 'integer')
        .addColumn('ended_reason', 'text')
        .execute();
      await db.schema.createIndex('voice_calls_started_at_idx').on('voice_calls').column('started_at').execute();
      await db.schema
        .createTable('voice_holds')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('network', 'text')
        .addColumn('expires_at', columns.timestamp, (column) => column.notNull())
        .addColumn('call_id', 'text', (column) => column.unique())
        .execute();
      await db.schema.createIndex('voice_holds_day_idx').on('voice_holds').column('day').execute();
    },
  }),
  /**
   * The server places every demo call itself (POST /api/voice/call/web). `voice_holds` gains what
   * that needs: the session's language, when its key was used (once), when the call was placed, the
   * call's control URL (kept on the server only, until the call is settled) and when a placed call
   * that never started was ended. `voice_calls` gains what Vapi billed for the call (`cost`, in US
   * dollars, from the end-of-call report or Vapi's record) and where its length came from
   * (`settled_by`: the report, Vapi's record, or its longest length when Vapi could not be asked).
   */
  '0014_voice_placed_calls': (columns) => ({
    async up(db: Db) {
      await db.schema.alterTable('voice_holds').addColumn('locale', 'text').execute();
      await db.schema.alterTable('voice_holds').addColumn('used_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_holds').addColumn('placed_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_holds').addColumn('control_url', 'text').execute();
      await db.schema.alterTable('voice_holds').addColumn('ended_at', columns.timestamp).execute();
      await db.schema.alterTable('voice_calls').addColumn('cost', 'double precision').execute();
      await db.schema.alterTable('voice_calls').addColumn('settled_by', 'text').execute();
    },
  }),
  /**
   * A demo call's id is kept only until its record is deleted at Vapi (VAPI_CALL_RETENTION_DAYS,
   * src/server/vapi/call-deletion.ts): `voice_calls` gets a number of its own (`id`) as its key, so
   * that `call_id` can become NULL while the figures keep the row; `vapi_deleted_at`, when Vapi's
   * record was deleted; `callback`, whether the call ended in a callback request, written when the
   * id goes (the figures read it through the id until then). SQLite cannot change a primary key:
   * the table is made again, on both engines, its rows copied in their order.
   */
  '0015_voice_call_ids': (columns) => ({
    async up(db: Db) {
      const kept = ['call_id', 'locale', 'started_at', 'ended_at', 'duration_seconds', 'ended_reason', 'cost', 'settled_by'] as const;
      await db.schema
        .createTable('voice_calls_0015')
        .addColumn('id', 'integer', columns.id)
        .addColumn('call_id', 'text', (column) => column.unique())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('started_at', columns.timestamp, (column) => column.notNull())
        .addColumn('ended_at', columns.timestamp)
        .addColumn('duration_seconds', 'integer')
        .addColumn('ended_reason', 'text')
        .addColumn('cost', 'double precision')
        .addColumn('settled_by', 'text')
        .addColumn('vapi_deleted_at', columns.timestamp)
        .addColumn('callback', 'integer')
        .execute();
      await db
        .insertInto('voice_calls_0015')
        .columns([...kept])
        .expression(
          db
            .selectFrom('voice_calls')
            .select([...kept])
            .orderBy('started_at')
            .orderBy('call_id'),
        )
        .execute();
      await db.schema.dropTable('voice_calls').execute();
      await db.schema.alterTable('voice_calls_0015').renameTo('voice_calls').execute();
      await db.schema.createIndex('voice_calls_started_at_idx').on('voice_calls').column('started_at').execute();
    },
  }),
};

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Db, engine: Engine): Promise<string[]> {
  const columns = ENGINE_COLUMNS[engine];
  const migrations = Object.fromEntries(Object.entries(MIGRATIONS).map(([name, build]) => [name, build(columns)]));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
