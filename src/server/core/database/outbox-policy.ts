import type { LeadEventType } from '../../../contracts/lead-event';

/**
 * Which notifications a write queues: the outbox's policy, apart from the outbox itself so that
 * the store's context (./context.ts) can hold it without importing the outbox, which imports the
 * context (an import circle otherwise).
 */

export const CHANNELS = ['email', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Which channels get a job for each kind of event (from the server configuration), and after how
 * many e-mails in an hour a network's further notifications are summarised (none: never).
 */
export type OutboxPolicy = { channels: Record<LeadEventType, readonly Channel[]>; perNetworkPerHour: number | undefined };
export const NO_NOTIFICATIONS: OutboxPolicy = {
  channels: {
    'contact.created': [],
    'contact.call_report': [],
    'newsletter.subscribed': [],
    'newsletter.confirmation': [],
    'leads.summary': [],
    'stats.digest': [],
  },
  perNetworkPerHour: undefined,
};

/** Which notifications the server sends (ServerConfig['notifications']); absent in scripts and tests of other things. */
export type NotificationChannels = { email?: unknown; webhook?: unknown; newsletter: boolean };

/** One job per configured channel; newsletter sign-ups only when asked for. */
export function outboxPolicy(notifications: NotificationChannels | undefined, perNetworkPerHour?: number): OutboxPolicy {
  if (!notifications) return NO_NOTIFICATIONS;
  const channels: Channel[] = [];
  if (notifications.email) channels.push('email');
  if (notifications.webhook) channels.push('webhook');
  return {
    channels: {
      'contact.created': channels,
      // A voice lead's call report follows its lead wherever the lead went.
      'contact.call_report': channels,
      'newsletter.subscribed': notifications.newsletter ? channels : [],
      // To the visitor, by e-mail only: never to the firm's webhook.
      'newsletter.confirmation': notifications.email ? ['email'] : [],
      // Made by the outbox itself (summarise, below), for the firm's inbox only.
      'leads.summary': notifications.email ? ['email'] : [],
      // To the firm's mailbox only (it is queued only when STATS_DIGEST is on).
      'stats.digest': notifications.email ? ['email'] : [],
    },
    perNetworkPerHour,
  };
}
