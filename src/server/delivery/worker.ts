import type { DeliveryConfig } from '../config';
import { limitWarning } from '../limit-warnings';
import { type Channel, type ClaimedDelivery, type DeliveryQueue, LANES, type Lane, mailboxOf } from '../store';
import { type Sender, isPermanent } from './sender';

/**
 * Delivers the outbox. Runs inside the server process: wakes up every DELIVERY_POLL and right
 * after each submission (nudge), claims due jobs, sends them, and records the outcome.
 *
 * - At least once: a job is marked done only after its channel acknowledged it. A crash between
 *   the two means the job is sent again once its lease runs out; receivers drop duplicates by
 *   event id.
 * - Retries back off exponentially with jitter; after DELIVERY_MAX_ATTEMPTS attempts or
 *   DELIVERY_MAX_AGE the job is marked failed, logged as an error, and waits for
 *   `npm run deliveries -- --retry`. A refusal the other side calls permanent (SMTP 5xx to this
 *   message or recipient) fails the job at once: retrying cannot change the answer.
 * - Two lanes, each claimed on its own (store/outbox.ts LANES): the firm's notifications, and the
 *   e-mails asking newsletter sign-ups to confirm, so a visitor's confirmation never waits behind
 *   the firm's backlog. Within a lane, each source network takes its turn (store/delivery-queue.ts).
 * - Several servers on one PostgreSQL database claim jobs with SKIP LOCKED (store/delivery-queue.ts):
 *   each job is held by one worker at a time.
 * - At most NOTIFICATIONS_PER_MINUTE sends per lane and channel per minute, all instances together
 *   (counted in the database), so a flood of leads cannot flood the firm's inbox or CRM, and at
 *   most CONFIRMATIONS_PER_DOMAIN_PER_HOUR confirmation e-mails to one recipient domain per hour.
 *   What waits goes back to the queue, uncounted, and takes its turn later: delayed, never dropped.
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
   * The caps on sends, counted with `hit` (store.hit: a windowed counter every instance shares).
   * Absent: no cap.
   */
  caps?: {
    hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
    /** NOTIFICATIONS_PER_MINUTE, per lane and channel. */
    perMinute: number;
    /** CONFIRMATIONS_PER_DOMAIN_PER_HOUR, confirmation e-mails per recipient domain. */
    perDomainPerHour: number;
  };
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
const HOUR_MS = 60 * MINUTE_MS;
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
  const { settings, log, senders, caps } = options;
  const batchSize = settings.batchSize;
  const random = options.random ?? Math.random;
  const channels = (Object.keys(senders) as Channel[]).filter((channel) => senders[channel]);
  /** What each lane sends by: confirmations are e-mails. */
  const laneChannels: Record<Lane, Channel[]> = { firm: channels, visitor: channels.filter((channel) => channel === 'email') };
  const shutdown = new AbortController();
  let stopped = false;
  // stop() flips it while a pass is awaited; read through a function so that is plain to see.
  const isStopped = () => stopped;
  /**
   * Each lane is worked on its own, with its own timer and passes, so that a slow send in the
   * firm's lane (a webhook that takes DELIVERY_TIMEOUT to fail) never holds a visitor's
   * confirmation back.
   */
  type LaneLoop = { timer: NodeJS.Timeout | undefined; running: Promise<void> | undefined; again: boolean };
  const loops = Object.fromEntries(LANES.map((lane) => [lane, { timer: undefined, running: undefined, again: false }])) as Record<Lane, LaneLoop>;
  /** A lane and channel whose minute is spent, until when: no claims for it before then. */
  const capped = new Map<string, number>();
  const minuteWarning = limitWarning(log, 'NOTIFICATIONS_PER_MINUTE', 'the rest wait for the next minute, in their turns; none is dropped', {
    perMinute: caps?.perMinute,
  });
  const domainWarning = limitWarning(log, 'CONFIRMATIONS_PER_DOMAIN_PER_HOUR', "that domain's confirmation e-mails wait for the next hour; none is dropped", {
    perHour: caps?.perDomainPerHour,
  });

  function schedule(lane: Lane, delayMs: number) {
    const loop = loops[lane];
    clearTimeout(loop.timer);
    loop.timer = setTimeout(() => void run(lane), delayMs);
    // The worker alone must not keep a process alive (the HTTP server does that).
    loop.timer.unref();
  }

  async function run(lane: Lane) {
    const loop = loops[lane];
    if (stopped) return;
    if (loop.running) {
      loop.again = true;
      return;
    }
    loop.running = (async () => {
      // A full batch means more may be due, and a nudge during a pass asks for another: go on at once.
      for (let more = true; more && !isStopped();) {
        loop.again = false;
        more = (await pass(lane)) || loop.again;
      }
    })();
    await loop.running;
    loop.running = undefined;
    if (stopped) return;
    // Capped: look again as soon as a capped minute ends, if that comes before the next poll.
    const now = Date.now();
    const reopens = laneChannels[lane].map((channel) => capped.get(`${lane}:${channel}`) ?? 0).filter((until) => until > now);
    schedule(lane, Math.min(settings.pollMs, ...reopens.map((until) => until - now + 50)));
  }

  const open = (lane: Lane, channel: Channel) => (capped.get(`${lane}:${channel}`) ?? 0) <= Date.now();

  /** One claim of the lane's due jobs; true when more may be due at once. */
  async function pass(lane: Lane): Promise<boolean> {
    const queue = options.queue();
    const ready = laneChannels[lane].filter((channel) => open(lane, channel));
    if (!queue || ready.length === 0 || isStopped()) return false;
    let jobs: ClaimedDelivery[];
    try {
      jobs = await queue.claim({ lane, channels: ready, limit: batchSize, leaseMs: settings.leaseMs });
    } catch (error) {
      log.warn({ err: error }, 'delivery worker cannot reach the database; it will try again');
      return false;
    }
    // Let past the caps in turn order (the claim's), then send side by side.
    const going: ClaimedDelivery[] = [];
    for (const job of jobs) if (await admitted(queue, job)) going.push(job);
    await Promise.all(going.map((job) => deliver(queue, job)));
    return jobs.length === batchSize && ready.some((channel) => open(lane, channel));
  }

  /** Whether the caps let this job go now; if not, it goes back to the queue until they do. */
  async function admitted(queue: DeliveryQueue, job: ClaimedDelivery): Promise<boolean> {
    const fields = fieldsOf(job);
    const wait = async (until: number) => {
      await queue.release(job, new Date(until)).catch(() => undefined);
      return false;
    };
    const laneKey = `${job.lane}:${job.channel}`;
    if (!open(job.lane, job.channel)) return wait(capped.get(laneKey)!);
    if (caps) {
      const minute = Math.floor(Date.now() / MINUTE_MS);
      try {
        if ((await caps.hit(`notify:${laneKey}:${minute}`, 2 * MINUTE_MS)).count > caps.perMinute) {
          const next = (minute + 1) * MINUTE_MS;
          capped.set(laneKey, next);
          minuteWarning.reached(laneKey);
          return wait(next);
        }
        const domain = job.event.type === 'newsletter.confirmation' ? mailboxOf(job.event.data.email).domain : undefined;
        if (domain !== undefined) {
          const { count, resetAt } = await caps.hit(`confirm-domain:${domain}`, HOUR_MS);
          if (count > caps.perDomainPerHour) {
            domainWarning.reached(domain);
            return wait(resetAt);
          }
        }
      } catch (error) {
        log.warn({ ...fields, err: error }, "delivery worker cannot count this minute's notifications; it will try again");
        await queue.release(job).catch(() => undefined);
        return false;
      }
    }
    // This job's turn is taken now: its source goes after quieter ones in the next claims.
    await queue.countTurn(job).catch(() => undefined);
    return true;
  }

  async function deliver(queue: DeliveryQueue, job: ClaimedDelivery) {
    const fields = fieldsOf(job);
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
      await recordFailure(queue, job, timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error), fields, isPermanent(error));
      return;
    }
    try {
      await queue.complete(job);
      log.info(fields, 'lead notification delivered');
    } catch (error) {
      log.warn({ ...fields, err: error }, 'lead notification delivered, but that could not be recorded: it may be sent again');
    }
  }

  async function recordFailure(queue: DeliveryQueue, job: ClaimedDelivery, reason: string, fields: object, permanent: boolean) {
    const ageMs = Date.now() - Date.parse(job.queuedAt);
    try {
      if (permanent || job.attempt >= settings.maxAttempts || ageMs >= settings.maxAgeMs) {
        await queue.fail(job, reason);
        if (permanent && job.lane === 'visitor') {
          // A visitor's address the relay will never deliver to: theirs to fix, not the firm's.
          log.warn({ ...fields, reason }, 'confirmation e-mail refused for good by the mail server; not retried');
        } else {
          const why = permanent ? 'refused for good by the mail server; not retried' : 'failed for good';
          log.error({ ...fields, reason }, `lead notification ${why}; see \`npm run deliveries\` to retry it`);
        }
      } else {
        const at = new Date(Date.now() + retryDelayMs(job.attempt, settings, random));
        await queue.retryLater(job, reason, at);
        log.warn({ ...fields, reason, nextAttemptAt: at.toISOString() }, 'lead notification failed; it will be retried');
      }
    } catch (error) {
      log.warn({ ...fields, reason, err: error }, 'lead notification failed and that could not be recorded: it will be retried after its lease');
    }
  }

  const nudge = () => {
    if (stopped) return;
    for (const lane of LANES) {
      if (loops[lane].running) loops[lane].again = true;
      else schedule(lane, 0);
    }
  };
  nudge();

  return {
    nudge,
    async stop() {
      if (stopped) return;
      stopped = true;
      const running = LANES.map((lane) => {
        clearTimeout(loops[lane].timer);
        return loops[lane].running;
      }).filter((loop) => loop !== undefined);
      if (running.length > 0) {
        const grace = setTimeout(() => shutdown.abort(), Math.min(settings.timeoutMs, STOP_GRACE_MS));
        await Promise.all(running);
        clearTimeout(grace);
      }
      shutdown.abort();
      for (const sender of Object.values(senders)) sender?.close();
    },
  };
}

const fieldsOf = (job: ClaimedDelivery) => ({
  jobId: job.id,
  channel: job.channel,
  lane: job.lane,
  event: job.event.type,
  eventId: job.event.id,
  attempt: job.attempt,
});
