import type { OutboxEvent } from '../core/database/outbox';

/**
 * One delivery channel. `send` resolves only once the other side has acknowledged the event
 * (SMTP accepted the message, the webhook answered 2xx) and rejects otherwise, with a reason fit
 * for the log and `npm run deliveries`. It gives up when `signal` aborts (per-attempt timeout or
 * shutdown).
 */
export interface Sender {
  send(event: OutboxEvent, signal: AbortSignal): Promise<void>;
  /**
   * E-mail only: one message carrying the first of these leads (as many as it can hold, at least
   * one), once the minute's NOTIFICATIONS_PER_MINUTE is reached; resolves with how many it carried.
   */
  sendTogether?(events: readonly OutboxEvent[], signal: AbortSignal): Promise<number>;
  close(): void;
}

/**
 * The other side refused this event for good (an SMTP 5xx to a visitor's address or to the message
 * for it, such as an address the relay cannot deliver to): the worker fails the job at once
 * instead of retrying. Never for the firm's own address (see email.ts).
 */
export class PermanentRefusalError extends Error {
  override name = 'PermanentRefusalError';
}

export const isPermanent = (error: unknown): boolean => error instanceof PermanentRefusalError;
