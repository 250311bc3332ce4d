import type { DeliveryConfig } from '../core/config';
import type { Channel } from '../core/database/outbox';
import type { ClaimedDelivery } from './queue';
import type { Sender } from './sender';

export type WorkerLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

/**
 * What sending a claimed job needs from the worker that claimed it (worker.ts): its senders,
 * settings and log, and the worker's own state a send reads or moves.
 */
export type SendContext = {
  senders: Partial<Record<Channel, Sender>>;
  settings: DeliveryConfig;
  log: WorkerLogger;
  random: () => number;
  /** Aborted once the worker's stop() has waited long enough: sends under way are interrupted and given back. */
  shutdown: AbortSignal;
  /** When the firm's e-mail lane sends again (its minute's cap reached), or now: what waits for it is released until then. */
  firmEmailReopens: () => Date;
  /** Looks for the firm's webhook jobs now (a notifications.email_failing was just queued). */
  nudgeFirmWebhook: () => void;
};

/** A job, as every log line about it names it. */
export const fieldsOf = (job: ClaimedDelivery) => ({
  jobId: job.id,
  channel: job.channel,
  lane: job.lane,
  event: job.event.type,
  eventId: job.event.id,
  attempt: job.attempt,
});
