import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ContactPoint } from '../../contracts/voice-lead';
import type { ContactFieldColumns, Database, LeadSource } from './tables';

/**
 * The delivery outbox. A lead and the jobs that tell the firm about it are written in one
 * transaction (enqueue), so a stored lead always has its notifications and a failed insert
 * leaves none. The worker (src/server/delivery/worker.ts) then claims due jobs, delivers them
 * and records the outcome through DeliveryQueue (./delivery-queue.ts).
 */

export const CHANNELS = ['email', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The contact's own fields as the webhook sends them (one per field of the contract,
 * src/contracts/contact.ts): null for one not given. A voice lead has at least one of the phone
 * and the e-mail address (CONTACT_POINTS); the form always gives both.
 */
export type ContactDetailsData = Omit<ContactFieldColumns, ContactPoint> & Record<ContactPoint, string | null>;

export type ContactCreatedData = ContactDetailsData & {
  submissionId: number;
  /** 'voice': a callback request the voice agent took during a call. Absent in jobs queued before 0009 (form leads). */
  source?: LeadSource;
  locale: string | null;
  page: string | null;
  /** Voice leads: Vapi's call id (null for form leads). */
  callId?: string | null;
  /** Voice leads: when the caller would like to be called back, as said (null: not said, or a form lead). */
  preferredTime?: string | null;
};

/** A voice lead's call has ended: what Vapi's end-of-call report says of it, for the lead already sent. */
export type ContactCallReportData = {
  submissionId: number;
  callId: string;
  name: string;
  locale: string | null;
  /** Vapi's summary of the call (null if its report had none). */
  summary: string | null;
  /** The whole conversation, only when the firm keeps transcripts (VOICE_LEAD_TRANSCRIPT=on). */
  transcript: string | null;
};

export type NewsletterSubscribedData = {
  subscriptionId: number;
  email: string;
  locale: string | null;
  page: string | null;
};

/** A visitor asked for the newsletter: the e-mail asking them to confirm (to them, never to the firm). */
export type NewsletterConfirmationData = {
  confirmationId: number;
  email: string;
  locale: string | null;
  /** Signed into the link with the id: this e-mail's link confirms this request only. Absent in jobs queued before 0008. */
  linkNonce?: string | null;
};

/** The weekly digest of the site's figures (src/server/stats/): the week it covers, Monday to Sunday in FIRM_TIME_ZONE. */
export type StatsDigestData = { from: string; to: string };

/**
 * What happened, as the webhook sends it (its JSON is the request body) and the e-mail shows it.
 * `id` is the same for every channel of one event: receivers use it to drop duplicates.
 */
export type LeadEvent =
  | { id: string; type: 'contact.created'; createdAt: string; data: ContactCreatedData }
  | { id: string; type: 'contact.call_report'; createdAt: string; data: ContactCallReportData }
  | { id: string; type: 'newsletter.subscribed'; createdAt: string; data: NewsletterSubscribedData }
  | { id: string; type: 'newsletter.confirmation'; createdAt: string; data: NewsletterConfirmationData }
  | { id: string; type: 'stats.digest'; createdAt: string; data: StatsDigestData };
export type LeadEventType = LeadEvent['type'];

/** An event as it is queued: everything but its id, which enqueue gives it. */
export type LeadEventInput = LeadEvent extends infer Event ? (Event extends LeadEvent ? Omit<Event, 'id'> : never) : never;

/** Which channels get a job for each kind of event (from the server configuration). */
export type OutboxPolicy = Record<LeadEventType, readonly Channel[]>;
export const NO_NOTIFICATIONS: OutboxPolicy = {
  'contact.created': [],
  'contact.call_report': [],
  'newsletter.subscribed': [],
  'newsletter.confirmation': [],
  'stats.digest': [],
};

/** Which notifications the server sends (ServerConfig['notifications']); absent in scripts and tests of other things. */
export type NotificationChannels = { email?: unknown; webhook?: unknown; newsletter: boolean };

/** One job per configured channel; newsletter sign-ups only when asked for. */
export function outboxPolicy(notifications: NotificationChannels | undefined): OutboxPolicy {
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
    // To the firm's mailbox only (it is queued only when STATS_DIGEST is on).
    'stats.digest': notifications.email ? ['email'] : [],
  };
}

/** Writes the event's jobs inside the caller's transaction; does nothing when no channel wants it. */
export async function enqueue(trx: Transaction<Database>, policy: OutboxPolicy, event: LeadEventInput): Promise<void> {
  const channels = policy[event.type];
  if (channels.length === 0) return;
  const id = randomUUID();
  const payload = JSON.stringify({ id, ...event });
  const now = new Date().toISOString();
  await trx
    .insertInto('delivery_jobs')
    .values(
      channels.map((channel) => ({
        event_id: id,
        event_type: event.type,
        channel,
        payload,
        queued_at: now,
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
}
