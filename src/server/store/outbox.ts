import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { LeadEvent, LeadEventType } from '../../contracts/lead-event';
import type { Database } from './tables';

/**
 * The delivery outbox. A lead and the jobs that tell the firm about it are written in one
 * transaction (enqueue), so a stored lead always has its notifications and a failed insert
 * leaves none. The worker (src/server/delivery/worker.ts) then claims due jobs, delivers them
 * and records the outcome through DeliveryQueue (./delivery-queue.ts).
 */

export const CHANNELS = ['email', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

/** An event as it is queued: everything but its id, which enqueue gives it. */
export type LeadEventInput = LeadEvent extends infer Event ? (Event extends LeadEvent ? Omit<Event, 'id'> : never) : never;

/** Which channels get a job for each kind of event (from the server configuration). */
export type OutboxPolicy = Record<LeadEventType, readonly Channel[]>;
export const NO_NOTIFICATIONS: OutboxPolicy = { 'contact.created': [], 'contact.call_report': [], 'newsletter.subscribed': [], 'newsletter.confirmation': [] };

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
