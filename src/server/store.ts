import type { StoreLogger } from './core/database/context';
import { guardAll } from './core/database/errors';
import { type DatabaseStore, type StorageConfig, openDatabase } from './core/database/open';
import { type ContactsRepository, contactsRepository } from './leads/repository';
import { type NewsletterRepository, newsletterRepository } from './newsletter/repository';
import { type NewsletterConfirmationsRepository, newsletterConfirmationsRepository } from './newsletter/confirmations';
import { type DeliveryQueue, deliveryQueue } from './outbox/queue';
import { type DeliveryPromise, deliveryPromise } from './outbox/promise';
import { type VoiceCallRecordsRepository, voiceCallRecordsRepository } from './voice/call-records-repository';
import { type VoiceSessionsRepository, voiceSessionsRepository } from './voice/sessions-repository';
import { type StatsRepository, statsRepository } from './figures/repository';

export type { StorageConfig } from './core/database/open';

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
export { DIGEST_WEEK_SETTING, OTHER_CAMPAIGNS, type PageCount, type StatsRow } from './figures/repository';
export type { CallLine, LeadLine } from './figures/store';
export { EXCLUSIVE_LOCKS, EXCLUSIVE_LOCK_NAMESPACE, HEALTH_WRITE_EVERY_MS, type ExclusiveLock, type StoreHealth } from './core/database/database';

/**
 * The whole store, for the scripts (`npm run export`, `purge`, `stats`, `deliveries`) and the
 * tests: the database every capability stands on (core/database/open.ts) with each capability's
 * repository made from it: leads, newsletter (and its double opt-in's confirmations), the voice
 * demo's sessions and calls, the figures, and the outbox the delivery worker works on. Two
 * engines, one behaviour: SQLite (a file, the default) or PostgreSQL (when DATABASE_URL is set).
 * The server's capabilities are each given this store as the part they use (app.ts).
 *
 * Errors: a failing database surfaces as StoreUnavailableError (nothing was stored); a submission
 * a limit refuses as NetworkLimitError (its network's leads for the day) or StorageReserveError
 * (the disk down to STORAGE_RESERVE), nothing stored either; a duplicate newsletter address is a
 * normal result, not an error.
 */
export interface Store
  extends
    DatabaseStore,
    ContactsRepository,
    NewsletterRepository,
    NewsletterConfirmationsRepository,
    VoiceSessionsRepository,
    VoiceCallRecordsRepository,
    StatsRepository {
  /**
   * The notification outbox the delivery worker and `npm run deliveries` work on, and how long
   * its oldest lead has waited (`/api/health`).
   */
  readonly deliveries: DeliveryQueue & DeliveryPromise;
}

/** Opens the configured database and brings its schema up to date. Throws if either fails. */
export async function createStore(config: StorageConfig, log?: StoreLogger): Promise<Store> {
  const database = await openDatabase(config, log);
  const { context } = database;
  return {
    ...database,
    ...guardAll({
      ...contactsRepository(context),
      ...newsletterRepository(context),
      ...newsletterConfirmationsRepository(context),
      ...voiceSessionsRepository(context),
      ...voiceCallRecordsRepository(context),
      ...statsRepository(context),
    }),
    deliveries: guardAll({ ...deliveryQueue(context.db, context.engine), ...deliveryPromise(context.db) }),
  };
}
