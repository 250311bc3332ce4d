import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { LeadEvent, LeadEventType, LeadsSummaryData } from '../../../contracts/lead-event';
import { HOUR_MS } from '../time';
import { COUNTER_KEYS } from './counter-keys';
import { hitCounter } from './limits';
import type { Channel, OutboxPolicy } from './outbox-policy';
import type { Database } from './tables';

/**
 * The delivery outbox. A lead and the jobs that tell the firm about it are written in one
 * transaction (enqueue), so a stored lead always has its notifications and a failed insert
 * leaves none. The worker (src/server/outbox/worker.ts) then claims due jobs, delivers them
 * and records the outcome through DeliveryQueue (./delivery-queue.ts).
 *
 * Each job keeps the source it came from (`source`: the network of the post, `voice` for what
 * the voice agent took), while it is pending, so that the worker can give each source its turn
 * (./delivery-queue.ts). And no network can fill the firm's inbox: past
 * NOTIFICATIONS_PER_NETWORK_PER_HOUR e-mails in its hour, that network's further leads are
 * counted into one summary e-mail at the end of the hour (`leads.summary`) instead of one e-mail
 * each. They are all stored (the export has them) and the webhook gets each one.
 */

export { CHANNELS, type Channel, NO_NOTIFICATIONS, type NotificationChannels, type OutboxPolicy, outboxPolicy } from './outbox-policy';

/**
 * Who a notification is for, each with its own queue, so that one never waits behind the other:
 * `firm` (leads, call reports, sign-ups, summaries) and `visitor` (the e-mail asking a newsletter
 * sign-up to confirm: its reader is waiting for it, whatever the firm's backlog).
 */
export const LANES = ['firm', 'visitor'] as const;
export type Lane = (typeof LANES)[number];
/** The events of the visitor's lane; every other event is the firm's. */
export const VISITOR_EVENTS = ['newsletter.confirmation'] as const satisfies readonly LeadEventType[];

/** The job source of what the voice agent took (one lead per call; calls are the voice demo's budget). */
export const VOICE_SOURCE = 'voice';
/** The job source of what the server says about itself (notifications.email_failing). */
export const SERVER_SOURCE = 'server';

/**
 * E-mail to the firm is failing (the relay refuses or does not answer): said on the webhook, at
 * most once an hour, so that the firm hears of it on the channel that works (./outbox-email-state.ts).
 * `reason`: the relay's last answer, e-mail addresses masked. Not a lead, and never e-mailed.
 * (It crosses the wire like the leads' events: src/contracts/lead-event.ts is its place once that
 * file can take it.)
 */
export type EmailFailingData = { since: string; reason: string };
export type EmailFailingEvent = { id: string; type: 'notifications.email_failing'; createdAt: string; data: EmailFailingData };
/** Every event a job carries: the leads' (LeadEvent) and the server's own word to the firm. */
export type OutboxEvent = LeadEvent | EmailFailingEvent;

/** An event as it is queued: everything but its id, which enqueue gives it. */
export type LeadEventInput = LeadEvent extends infer Event ? (Event extends LeadEvent ? Omit<Event, 'id'> : never) : never;
type OutboxEventInput = LeadEventInput | Omit<EmailFailingEvent, 'id'>;

/** The kinds of request a summary counts, by event: the rest are never summarised. */
const SUMMARISED: Partial<Record<LeadEventType, keyof Pick<LeadsSummaryData, 'contactRequests' | 'newsletterSignUps'>>> = {
  'contact.created': 'contactRequests',
  'newsletter.subscribed': 'newsletterSignUps',
};

/**
 * Writes the event's jobs inside the caller's transaction; does nothing when no channel wants it.
 * `network`: where the request came from (networkOf); absent for what the voice agent took.
 */
export async function enqueue(trx: Transaction<Database>, policy: OutboxPolicy, event: LeadEventInput, network?: string): Promise<void> {
  let channels = policy.channels[event.type];
  if (channels.length === 0) return;
  const kind = SUMMARISED[event.type];
  if (network !== undefined && kind && channels.includes('email') && (await summarise(trx, policy, network, kind))) {
    channels = channels.filter((channel) => channel !== 'email');
  }
  await insertJobs(trx, channels, event, network ?? VOICE_SOURCE);
}

/** Queues the server's own word to the firm (notifications.email_failing) on these channels, in the caller's transaction. */
export async function enqueueServerEvent(trx: Transaction<Database>, channels: readonly Channel[], event: Omit<EmailFailingEvent, 'id'>): Promise<void> {
  await insertJobs(trx, channels, event, SERVER_SOURCE);
}

async function insertJobs(trx: Transaction<Database>, channels: readonly Channel[], event: OutboxEventInput, source: string, dueAt?: string) {
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
        source,
        queued_at: now,
        next_attempt_at: dueAt ?? now,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Counts one notified request of `network` in its hour (a window from its first one); past the
 * policy's number, adds it to that hour's summary e-mail (queued, due when the hour ends, its
 * counts brought up to date by each further request) and returns true: no e-mail of its own.
 */
async function summarise(trx: Transaction<Database>, policy: OutboxPolicy, network: string, kind: keyof LeadsSummaryData): Promise<boolean> {
  const limit = policy.perNetworkPerHour;
  if (limit === undefined) return false;
  const { count, resetAt } = await hitCounter(trx, COUNTER_KEYS.notified(network), HOUR_MS);
  if (count <= limit) return false;
  const now = new Date().toISOString();
  // This hour's summary, unless a worker already holds it (then a new one follows: nothing is lost).
  const pending = await trx
    .selectFrom('delivery_jobs')
    .select(['id', 'payload'])
    .where('event_type', '=', 'leads.summary')
    .where('source', '=', network)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (pending?.payload) {
    const event = JSON.parse(pending.payload) as Extract<LeadEvent, { type: 'leads.summary' }>;
    const data = { ...event.data, [kind]: (event.data[kind] as number) + 1 };
    await trx
      .updateTable('delivery_jobs')
      .set({ payload: JSON.stringify({ ...event, data }) })
      .where('id', '=', pending.id)
      .execute();
    return true;
  }
  const data: LeadsSummaryData = {
    network,
    contactRequests: 0,
    newsletterSignUps: 0,
    sentOneByOne: limit,
    from: new Date(resetAt - HOUR_MS).toISOString(),
    to: new Date(resetAt).toISOString(),
  };
  await insertJobs(trx, ['email'], { type: 'leads.summary', createdAt: now, data: { ...data, [kind]: 1 } }, network, data.to);
  return true;
}
