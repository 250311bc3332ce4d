import type { LeadEvent } from '../../contracts/lead-event';

/**
 * One delivery channel. `send` resolves only once the other side has acknowledged the event
 * (SMTP accepted the message, the webhook answered 2xx) and rejects otherwise, with a reason fit
 * for the log and `npm run deliveries`. It gives up when `signal` aborts (per-attempt timeout or
 * shutdown).
 */
export interface Sender {
  send(event: LeadEvent, signal: AbortSignal): Promise<void>;
  close(): void;
}
