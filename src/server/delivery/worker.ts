import type { DeliveryConfig } from '../config';
import type { Channel, ClaimedDelivery, DeliveryQueue } from '../store';
import type { Sender } from './sender';

/**
 * Delivers the outbox. Runs inside the server process: wakes up every DELIVERY_POLL and right
 * after each submission (nudge), claims due jobs, sends them, and records the outcome.
 *
 * - At least once: a job is marked done only after its channel acknowledged it. A crash between
 *   the two means the job is sent again once its lease runs out; receivers drop duplicates by
 *   event id.
 * - Retries back off exponentially with jitter; after DELIVERY_MAX_ATTEMPTS attempts or
 *   DELIVERY_MAX_AGE the job is marked failed, logged as an error, and waits for
 *   `npm run deliveries -- --retry`.
 * - Several servers on one PostgreSQL database claim jobs with SKIP LOCKED (store/delivery-queue.ts):
 *   each job is held by one worker at a time.
 * - At most NOTIFICATIONS_PER_MINUTE sends per channel per minute, all instances together
 *   (`admit`, counted in the database): a flood of leads cannot flood the firm's inbox or CRM.
 *   The excess waits for the next minute, uncounted, and goes out in order: delayed, never dropped.
 */

export type WorkerLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export type DeliveryWorkerOptions = {
  /** The store's queue, or undefined while storage is not open (the worker then waits). */
  queue: () => DeliveryQueue | undefined;
  senders: Partial<Record<Channel, Sender>>;
  settings: DeliveryConfig;
  log: WorkerLogger;
  random?: () => number;
  /**
   * Whether one more send on this channel fits this minute's cap (NOTIFICATIONS_PER_MINUTE); each
   * call counts one. Absent: no cap.
   */
  admit?: (channel: Channel, minute: number) => Promise<boolean>;
  /** The cap, for the warning. */
  perMinute?: number;
};

export interface DeliveryWorker {
  /** Look for due jobs now (called right after a submission is committed). */
  nudge(): void;
  /** Stops polling, lets deliveries under way finish briefly, then interrupts and gives them back. */
  stop(): Promise<void>;
}

/** How long stop() lets deliveries under way finish before interrupting them. */
const STOP_GRACE_MS = 3_000;
const MINUTE_MS = 60_000;
const minuteNow = () => Math.floor(Date.now() / MINUTE_MS);
const REASON_MAX = 500;

/**
 * Delay before the next attempt after `attempt` failed: DELIVERY_RETRY_BASE doubled per attempt,
 * capped at DELIVERY_RETRY_MAX, then ±20% so jobs that failed together do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, settings: Pick<DeliveryConfig, 'retryBaseMs' | 'retryMaxMs'>, random: () => number = Math.random): number {
  const capped = Math.min(settings.retryBaseMs * 2 ** Math.min(attempt - 1, 40), settings.retryMaxMs);
  return Math.round(capped * (0.8 + 0.4 * random()));
}

/** A short reason for the log and `npm run deliveries`: the error and its causes, one line. */
export function describeFailure(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && parts.length < 3) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    const prefix = typeof code === 'string' && !current.message.includes(code) ? `${code} ` : '';
    parts.push(`${prefix}${current.message}`);
    current = current.cause;
  }
  return parts.join(': ').replace(/\s+/g, ' ').slice(0, REASON_MAX);
}

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { settings, log, senders } = options;
  const batchSize = settings.batchSize;
  const random = options.random ?? Math.random;
  const channels = (Object.keys(senders) as Channel[]).filter((channel) => senders[channel]);
  const shutdown = new AbortController();
  let stopped = false;
  // stop() flips it while a pass is awaited; read through a function so that is plain to see.
  const isStopped = () => stopped;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** The minute in which this worker found the cap reached: no more claims until it ends. */
  let cappedMinute = -1;

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
    // The worker alone must not keep a process alive (the HTTP server does that).
    timer.unref();
  }

  async function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      // A full batch means more may be due, and a nudge during a pass asks for another: go on at once.
      for (let more = true; more && !isStopped();) {
        again = false;
        more = (await pass()) || again;
      }
    })();
    await running;
    running = undefined;
    if (stopped) return;
    // Capped: look again as the next minute starts.
    schedule(cappedMinute === minuteNow() ? (minuteNow() + 1) * MINUTE_MS - Date.now() + 50 : settings.pollMs);
  }

  async function pass(): Promise<boolean> {
    const queue = options.queue();
    if (!queue || cappedMinute === minuteNow()) return false;
    let jobs: ClaimedDelivery[];
    try {
      jobs = await queue.claim({ channels, limit: batchSize, leaseMs: settings.leaseMs });
    } catch (error) {
      log.warn({ err: error }, 'delivery worker cannot reach the database; it will try again');
      return false;
    }
    await Promise.all(jobs.map((job) => deliver(queue, job)));
    return jobs.length === batchSize && cappedMinute !== minuteNow();
  }

  /** Whether the cap lets this job go now; if not, it goes back to the queue for the next minute. */
  async function admitted(queue: DeliveryQueue, job: ClaimedDelivery, fields: object): Promise<boolean> {
    if (!options.admit) return true;
    const minute = minuteNow();
    try {
      if (await options.admit(job.channel, minute)) return true;
    } catch (error) {
      log.warn({ ...fields, err: error }, "delivery worker cannot count this minute's notifications; it will try again");
      await queue.release(job).catch(() => undefined);
      return false;
    }
    if (cappedMinute !== minute) {
      cappedMinute = minute;
      // A warning named as such, once a minute, not an error per lead.
      log.warn(
        { cap: 'NOTIFICATIONS_PER_MINUTE', limit: options.perMinute, channel: job.channel },
        'cap reached: notifications per minute (NOTIFICATIONS_PER_MINUTE); the rest wait for the next minute, none is dropped',
      );
    }
    await queue.release(job, new Date((minute + 1) * MINUTE_MS)).catch(() => undefined);
    return false;
  }

  async function deliver(queue: DeliveryQueue, job: ClaimedDelivery) {
    const fields = { jobId: job.id, channel: job.channel, event: job.event.type, eventId: job.event.id, attempt: job.attempt };
    if (!(await admitted(queue, job, fields))) return;
    const sender = senders[job.channel];
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    try {
      if (!sender) throw new Error(`no ${job.channel} channel configured`);
      await sender.send(job.event, AbortSignal.any([shutdown.signal, timeout]));
    } catch (error) {
      if (shutdown.signal.aborted) {
        await queue.release(job).catch(() => undefined);
        log.info(fields, 'lead notification interrupted by shutdown; it will be sent again');
        return;
      }
      await recordFailure(queue, job, timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error), fields);
      return;
    }
    try {
      await queue.complete(job);
      log.info(fields, 'lead notification delivered');
    } catch (error) {
      log.warn({ ...fields, err: error }, 'lead notification delivered, but that could not be recorded: it may be sent again');
    }
  }

  async function recordFailure(queue: DeliveryQueue, job: ClaimedDelivery, reason: string, fields: object) {
    const ageMs = Date.now() - Date.parse(job.queuedAt);
    try {
      if (job.attempt >= settings.maxAttempts || ageMs >= settings.maxAgeMs) {
        await queue.fail(job, reason);
        log.error({ ...fields, reason }, 'lead notification failed for good; see `npm run deliveries` to retry it');
      } else {
        const at = new Date(Date.now() + retryDelayMs(job.attempt, settings, random));
        await queue.retryLater(job, reason, at);
        log.warn({ ...fields, reason, nextAttemptAt: at.toISOString() }, 'lead notification failed; it will be retried');
      }
    } catch (error) {
      log.warn({ ...fields, reason, err: error }, 'lead notification failed and that could not be recorded: it will be retried after its lease');
    }
  }

  schedule(0);

  return {
    nudge() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      if (running) {
        const grace = setTimeout(() => shutdown.abort(), Math.min(settings.timeoutMs, STOP_GRACE_MS));
        await running;
        clearTimeout(grace);
      }
      shutdown.abort();
      for (const sender of Object.values(senders)) sender?.close();
    },
  };
}
