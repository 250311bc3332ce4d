import type { ColumnType, Generated } from 'kysely';
import type { ContactFieldValues, LeadSource } from '../../../contracts/lead-event';

/**
 * The tables as Kysely sees them. Keep in step with ./migrations.ts: a new column is a new
 * migration plus a new field here.
 *
 * Timestamps are written as ISO-8601 text by the store; PostgreSQL (timestamptz) reads them back
 * as Date, SQLite (text) as the same string. The store turns both into ISO strings.
 */
type Timestamp = ColumnType<Date | string, string, never>;
/** A timestamp that later updates change. */
type MutableTimestamp = ColumnType<Date | string, string, string>;
/** A timestamp that is set later, changed, or cleared (e.g. unsubscribed_at). */
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/**
 * A column per field of the contact form's contract (src/contracts/contact.ts), NOT NULL unless
 * the field is optional (NULL when the visitor left it empty). A voice lead may lack the phone
 * number or the e-mail address: those hold '' then. A new field still needs its migration.
 */
export interface ContactSubmissionsTable extends ContactFieldValues {
  id: Generated<number>;
  /** Language of the page the form was sent from (e.g. "en"); NULL when unknown. */
  locale: string | null;
  /** Path of the page the form was sent from (e.g. "/" or "/fr/"); NULL when unknown. */
  page: string | null;
  /** Follow-up state for the firm: "new" until someone handles it. */
  status: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  /** 'form' (the contact form) or 'voice' (a callback request taken by the voice agent during a call). */
  source: ColumnType<LeadSource, LeadSource | undefined, never>;
  /** Voice leads: Vapi's call id (UNIQUE: one lead per call) and tool call id (UNIQUE: a retried call stores nothing new). */
  call_id: ColumnType<string | null, string | null | undefined, never>;
  tool_call_id: ColumnType<string | null, string | null | undefined, never>;
  /** Voice leads: when the caller would like to be called back, as said. */
  preferred_time: ColumnType<string | null, string | null | undefined, never>;
  /** Voice leads: from the call's end-of-call report (the transcript only with VOICE_LEAD_TRANSCRIPT=on). */
  call_summary: ColumnType<string | null, string | null | undefined, string | null>;
  call_transcript: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** How the current consent was given: 'form' (single opt-in) or 'email_link' (double opt-in). */
  consent_method: ConsentMethod | null;
  /** NULL while subscribed. */
  unsubscribed_at: NullableTimestamp;
}

export type ConsentMethod = 'form' | 'email_link';

/**
 * Sign-ups waiting for their address to confirm (double opt-in): one per address. Deleted 7 days
 * after the request, confirmed or not (store.purgePendingSubscriptions).
 */
export interface NewsletterConfirmationsTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  locale: string | null;
  page: string | null;
  form: string | null;
  consent_version: string | null;
  /** The latest request for this address. */
  requested_at: MutableTimestamp;
  /** When the latest confirmation e-mail was queued (a new one is sent at most every 10 minutes). */
  email_queued_at: NullableTimestamp;
  /** Set when the link was followed; NULL while pending. */
  confirmed_at: NullableTimestamp;
  /** Random, new with each confirmation e-mail, signed into its link: only the latest link works. NULL for requests made before 0008. */
  link_nonce: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** For 'subscribed': 'form' or 'email_link' (ConsentMethod). */
  method: ConsentMethod | null;
}

/** Named values the server keeps for itself (e.g. the secret that signs unsubscribe links). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** The outbox: one job per channel per lead event (see ./outbox.ts). */
export interface DeliveryJobsTable {
  id: Generated<number>;
  /** The event's UUID, shared by its e-mail and webhook jobs: the receivers' idempotency key. */
  event_id: string;
  /** "contact.created" | "contact.call_report" | "newsletter.subscribed" | "newsletter.confirmation". */
  event_type: string;
  /** "email" | "webhook". */
  channel: string;
  /** The event as JSON, exactly what is sent; cleared (NULL) once delivered. */
  payload: ColumnType<string | null, string, string | null>;
  /** "pending" (to deliver; being delivered while locked_until is in the future), "done" or "failed". */
  status: ColumnType<string, string | undefined, string>;
  /** Attempts started since the job was last queued. */
  attempts: ColumnType<number, number | undefined, number>;
  /** When the job was (re)queued: DELIVERY_MAX_AGE counts from here. */
  queued_at: MutableTimestamp;
  next_attempt_at: MutableTimestamp;
  /** While in the future, a worker holds the job; after it, the job may be claimed again. */
  locked_until: NullableTimestamp;
  /** Identifies the claim, so a worker whose lease ran out cannot overwrite a newer claim's outcome. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the last attempt failed. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
  /**
   * Where the event came from while its job is pending: the network of the post ("203.0.113.0/24"),
   * `voice`, or NULL (jobs queued before 0011); the worker gives each source its turn. Cleared
   * once the job is done or failed: the network is kept no longer than it is needed.
   */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Voice-demo keys handed out per day; the day's row serializes their admission (./voice-sessions.ts). */
export interface VoiceSessionCountsTable {
  /** The date in the firm's time zone, "YYYY-MM-DD". */
  day: string;
  count: number;
}

/**
 * One call of the voice demo as Vapi reported it (status-update, end-of-call-report): nothing
 * about who called or from where. The firm's statistics read it (calls and minutes per day and language).
 */
export interface VoiceCallsTable {
  /** The row's own number (0015): the figures keep the row once the call's id is gone. */
  id: Generated<number>;
  /**
   * Vapi's call id; NULL once the call's record is deleted at Vapi and its day is over
   * (VAPI_CALL_RETENTION_DAYS, src/server/voice/call-deletion.ts). UNIQUE while set.
   */
  call_id: ColumnType<string | null, string, string | null>;
  /** The assistant's language ('fr', 'en'). */
  locale: string;
  started_at: Timestamp;
  /** NULL until the end-of-call report. */
  ended_at: NullableTimestamp;
  /** The call's real length in whole seconds (rounded up), from the end-of-call report; NULL until then. */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** Vapi's `endedReason` ("customer-ended-call", "exceeded-max-duration", ...). */
  ended_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** What Vapi billed for the call, in US dollars (the report's or its record's `cost`); NULL when not known. */
  cost: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the length came from: 'report' (the end-of-call report), 'vapi' (GET /call/{id}), 'longest' (Vapi could not be asked). */
  settled_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the call's record was deleted at Vapi (or Vapi answered it had none); NULL until then. */
  vapi_deleted_at: NullableTimestamp;
  /** 1 when the call ended in a callback request, 0 when not: written when `call_id` goes; NULL while the id says it. */
  callback: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * What one key handed out (or one call seen without a key of ours) holds of a day's voice budget:
 * its network's share and the lines until it is a call or expires. Deleted once its day is over.
 */
export interface VoiceHoldsTable {
  /** The session id the page sends back through Vapi (assistantOverrides.metadata), or a random id for a call seen without one. */
  id: string;
  /** The date in the firm's time zone, "YYYY-MM-DD". */
  day: string;
  /** networkOf the address the key went to; NULL for a call that named no session of ours. */
  network: string | null;
  /** A key not seen as a call by then holds nothing more. */
  expires_at: Timestamp;
  /** The call it became. */
  call_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language of the assistant the session places ('fr', 'en'); NULL for a call seen without a session of ours. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the key placed its one call (or tried to): a second use is refused. */
  used_at: NullableTimestamp;
  /** When Vapi answered with the call. */
  placed_at: NullableTimestamp;
  /** The call's control URL (Vapi's `monitor.controlUrl`): never sent to the browser; cleared once the call is settled. */
  control_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** A placed call Vapi never reported started, ended by the server: it holds nothing from then. */
  ended_at: NullableTimestamp;
}

/** A proof-of-work challenge already used, until it expires. */
export interface SpentProofsTable {
  /** The challenge's HMAC signature (hex): unique to the challenge. */
  signature: string;
  expires_at: Timestamp;
}

/**
 * A count in a fixed window, e.g. `rate:POST /api/contact:<keyed hash of the client>` (a client's
 * requests: no address is kept), `leads:203.0.113.0/24` (a network's leads today) or
 * `notify:firm:email:29400000` (a minute's notifications). Keys that name a network go when their
 * window ends.
 */
export interface RateCountersTable {
  key: string;
  count: number;
  /** The window's end: after it the next hit starts a new window at 1. */
  expires_at: MutableTimestamp;
}

/**
 * The firm's figures: one count per day and combination of dimensions (see migration
 * 0012_site_stats and src/contracts/stats.ts). '' where a dimension is unknown or absent.
 */
export interface SiteStatsTable {
  /** The date in FIRM_TIME_ZONE, "YYYY-MM-DD". */
  day: string;
  event: string;
  locale: string;
  device: string;
  referrer: string;
  /** A normalised utm_campaign, '*' for the day's campaigns past the cap, '' for none. */
  campaign: string;
  count: number;
}

export interface Database {
  contact_submissions: ContactSubmissionsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  newsletter_consent_log: NewsletterConsentLogTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  settings: SettingsTable;
  delivery_jobs: DeliveryJobsTable;
  voice_session_counts: VoiceSessionCountsTable;
  voice_calls: VoiceCallsTable;
  voice_holds: VoiceHoldsTable;
  spent_proofs: SpentProofsTable;
  rate_counters: RateCountersTable;
  site_stats: SiteStatsTable;
}
