import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Migrations } from './engine';

/** The voice demo's sessions and leads, the abuse limits (proofs, counters, each network's leads), the firm's figures. */
export const MIGRATIONS_FROM_0007: Migrations = {
  /**
   * How many voice-demo sessions were handed out each day (its date in FIRM_TIME_ZONE,
   * "2026-11-26"), across all instances (from 0013 on, the row is the day's admission lock;
   * voice/sessions-repository.ts). Only today's row is kept.
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
      // The fair claim (outbox/queue.ts) reads the pending jobs of each source in turn.
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
};
