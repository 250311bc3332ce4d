import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Migrations } from './engine';

/** The first migrations: contact requests, the newsletter with its consent log and double opt-in, the delivery outbox. */
export const MIGRATIONS_FROM_0001: Migrations = {
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
   * transaction as the lead itself, delivered later by the worker (src/server/outbox/).
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
   * instances: the storage ceiling (SUBMISSIONS_PER_DAY) sums the last 1440 of them (in the store of that time).
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
};
