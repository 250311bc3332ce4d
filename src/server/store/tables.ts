import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Keep in step with ./migrations.ts: a new column is a new
 * migration plus a new field here.
 *
 * Timestamps are written as ISO-8601 text by the store; PostgreSQL (timestamptz) reads them back
 * as Date, SQLite (text) as the same string. The store turns both into ISO strings.
 */
type Timestamp = ColumnType<Date | string, string, never>;
/** A timestamp that is set later, changed, or cleared (e.g. unsubscribed_at). */
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface ContactSubmissionsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  /** NULL when the visitor left it empty. */
  company: string | null;
  message: string;
  /** Language of the page the form was sent from (e.g. "en"); NULL when unknown. */
  locale: string | null;
  /** Path of the page the form was sent from (e.g. "/" or "/fr/"); NULL when unknown. */
  page: string | null;
  /** Follow-up state for the firm: "new" until someone handles it. */
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  /** As typed, trimmed. */
  email: string;
  /** Trimmed, NFC, lower-cased: the UNIQUE column that makes duplicates case-insensitive. */
  email_normalized: string;
  locale: string | null;
  page: string | null;
  created_at: Timestamp;
  /** When the current consent was given (the first sign-up, or the latest after an unsubscribe). */
  consent_at: NullableTimestamp;
  /** Which form collected it (NEWSLETTER_FORM), its language and the consent wording's version. */
  consent_form: string | null;
  consent_locale: string | null;
  consent_version: string | null;
  /** NULL while subscribed. */
  unsubscribed_at: NullableTimestamp;
}

/** Every consent and withdrawal, oldest first: the proof CASL asks the firm to keep. */
export interface NewsletterConsentLogTable {
  id: Generated<number>;
  subscription_id: number;
  action: 'subscribed' | 'unsubscribed';
  at: Timestamp;
  form: string | null;
  locale: string | null;
  page: string | null;
  consent_version: string | null;
}

/** Named values the server keeps for itself (e.g. the secret that signs unsubscribe links). */
export interface SettingsTable {
  name: string;
  value: string;
}

export interface Database {
  contact_submissions: ContactSubmissionsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_consent_log: NewsletterConsentLogTable;
  settings: SettingsTable;
}
