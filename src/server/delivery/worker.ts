import { backoffMs, jittered } from '../backoff';
import type { DeliveryConfig } from '../config';
import { limitWarning } from '../limit-warnings';
import { maskEmails } from '../logger';
import { COUNTER_KEYS, type Channel, type ClaimedDelivery, type DeliveryQueue, LANES, type Lane, mailboxOf } from '../store';
import { HOUR_MS, MINUTE_MS } from '../time';
import { TOGETHER_EVENTS, carriesTogether } from './together-email';
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
 *   `npm run deliveries -- --retry`. A visitor's address the relay refuses for good (SMTP 5xx to
 *   that message or recipient) fails its job at once: retrying cannot change the answer. The
 *   firm's own address refused, 5xx or not, is retried like any failure: a quota resets, a relay
 *   gets fixed.
 * - While e-mail to the firm fails, that is recorded with since when (store/outbox-email-state.ts:
 *   `/api/health`, `npm run deliveries`) and said once an hour, all instances together: an error
 *   in the log, and a notifications.email_failing event on the firm's webhook.
 * - One loop per lane and channel (store/outbox.ts LANES: the firm's notifications, and the
 *   e-mails asking newsletter sign-ups to confirm), each claiming on its own, with a few sends under
 *   way at once (CONCURRENCY): a relay that hangs never holds a webhook back, nor a slow webhook an
 *   e-mail, nor the firm's backlog a visitor's confirmation. Within a lane, each source network
 *   takes its turn (store/delivery-queue.ts).
 * - Several servers on one PostgreSQL database claim jobs with SKIP LOCKED (store/delivery-queue.ts):
 *   each job is held by one worker at a time.
 * - At most NOTIFICATIONS_PER_MINUTE e-mails per lane per minute, all instances together (counted
 *   in the database), so a flood of leads cannot flood the firm's inbox or spend its relay's quota.
 *   The firm's last e-mail of a minute carries every lead still waiting (up to TOGETHER_MAX, as many
 *   as its size allows), so each lead is in an e-mail within about a minute however many networks
 *   send. Webhooks have no such cap: each lead is posted on its own, CONCURRENCY at a time (a cap
 *   would only delay them: every one is sent in the end, and the receiver is asked no faster than
 *   it answers). At most CONFIRMATIONS_PER_DOMAIN_PER_HOUR confirmation e-mails to one recipient
 *   domain per hour. What waits goes back to the queue, uncounted, and takes its turn later:
 *   delayed, never dropped.
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
    /** NOTIFICATIONS_PER_MINUTE, e-mails per lane. */
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

/** Which channels each lane sends by: a visitor's confirmation is an e-mail. */
const LANE_CHANNELS: Record<Lane, readonly Channel[]> = { firm: ['email', 'webhook'], visitor: ['email'] };
/**
 * Sends one lane and channel may have under way at once (never more than DELIVERY_BATCH): webhooks
 * a few side by side, e-mails two (one SMTP connection each; relays limit them).
 */
export const CONCURRENCY: Record<Channel, number> = { email: 2, webhook: 4 };
const loopKey = (lane: Lane, channel: Channel) => `${lane}:${channel}`;

/** How long stop() lets deliveries under way finish before interrupting them. */
const STOP_GRACE_MS = 3_000;
const REASON_MAX = 500;
/**
 * The most leads one e-mail may carry together (the minute's last): with NOTIFICATIONS_PER_MINUTE
 * e-mails a minute, the firm's e-mail takes in about this many leads a minute however many networks
 * send them (fewer when the leads are long: the e-mail holds what fits in its size).
 */
export const TOGETHER_MAX = 1_000;

/**
 * Delay before the next attempt after `attempt` failed: DELIVERY_RETRY_BASE doubled per attempt,
 * capped at DELIVERY_RETRY_MAX, then ±20% so jobs that failed together do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, settings: Pick<DeliveryConfig, 'retryBaseMs' | 'retryMaxMs'>, random: () => number = Math.random): number {
  return jittered(backoffMs(attempt, settings.retryBaseMs, settings.retryMaxMs), random);
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
  const random = options.random ?? Math.random;
  const shutdown = new AbortController();
  let stopped = false;
  // stop() flips it while a claim or a send is awaited; read through a function so that is plain to see.
  const isStopped = () => stopped;
  /**
   * One loop per lane and configured channel, each with its own timer, claims and sends: a relay
   * that hangs never holds a webhook back, a slow webhook never an e-mail, the firm's backlog never
   * a visitor's confirmation. Within a loop, up to `slots` sends are under way at once, and a free
   * slot takes the next due job at once: one slow send holds only its own slot.
   */
  type Loop = {
    key: string;
    lane: Lane;
    channel: Channel;
    slots: number;
    timer: NodeJS.Timeout | undefined;
    /** Set while the loop claims (one claim at a time per loop). */
    claiming: Promise<void> | undefined;
    again: boolean;
    sending: Set<Promise<void>>;
  };
  const loops: Loop[] = LANES.flatMap((lane) =>
    LANE_CHANNELS[lane]
      .filter((channel) => senders[channel])
      .map((channel) => ({
        key: loopKey(lane, channel),
        lane,
        channel,
        slots: Math.min(settings.batchSize, CONCURRENCY[channel]),
        timer: undefined,
        claiming: undefined,
        again: false,
        sending: new Set<Promise<void>>(),
      })),
  );
  /** A lane and channel whose minute is spent, until when: no claims for it before then. */
  const capped = new Map<string, number>();
  const minuteWarning = limitWarning(log, 'NOTIFICATIONS_PER_MINUTE', 'the rest wait for the next minute, in their turns; none is dropped', {
    perMinute: caps?.perMinute,
  });
  const domainWarning = limitWarning(log, 'CONFIRMATIONS_PER_DOMAIN_PER_HOUR', "that domain's confirmation e-mails wait for the next hour; none is dropped", {
    perHour: caps?.perDomainPerHour,
  });

  function schedule(loop: Loop, delayMs: number) {
    clearTimeout(loop.timer);
    loop.timer = setTimeout(() => void run(loop), delayMs);
    // The worker alone must not keep a process alive (the HTTP server does that).
    loop.timer.unref();
  }

  async function run(loop: Loop) {
    if (stopped) return;
    if (loop.claiming) {
      loop.again = true;
      return;
    }
    let claimed: (() => void) | undefined;
    loop.claiming = new Promise<void>((resolve) => (claimed = resolve));
    try {
      // Claims that filled every free slot, and a nudge or a freed slot during a claim, ask for another.
      for (let more = true; more && !isStopped();) {
        loop.again = false;
        more = (await claimAndSend(loop)) || loop.again;
      }
    } finally {
      loop.claiming = undefined;
      claimed?.();
    }
    if (stopped) return;
    // Capped: look again as soon as the capped minute ends, if that comes before the next poll.
    const reopens = (capped.get(loop.key) ?? 0) - Date.now();
    schedule(loop, reopens > 0 ? Math.min(settings.pollMs, reopens + 50) : settings.pollMs);
  }

  const open = (key: string) => (capped.get(key) ?? 0) <= Date.now();

  /** One claim of the loop's due jobs, as many as it has free slots, each sent at once; true when more may be due. */
  async function claimAndSend(loop: Loop): Promise<boolean> {
    const queue = options.queue();
    const free = loop.slots - loop.sending.size;
    if (!queue || free <= 0 || !open(loop.key) || isStopped()) return false;
    let jobs: ClaimedDelivery[];
    try {
      jobs = await queue.claim({ lane: loop.lane, channels: [loop.channel], limit: free, leaseMs: settings.leaseMs });
    } catch (error) {
      log.warn({ err: error }, 'delivery worker cannot reach the database; it will try again');
      return false;
    }
    // Let past the caps in turn order (the claim's); each goes as soon as it is let past.
    for (const [index, job] of jobs.entries()) {
      if (isStopped()) {
        await queue.release(job).catch(() => undefined);
        continue;
      }
      const verdict = await admitted(queue, job);
      if (verdict === 'alone') send(loop, queue, job);
      if (verdict === 'together') {
        // The minute's last e-mail: the leads this claim holds go with it, the others back to the queue.
        const rest = jobs.slice(index + 1);
        const joining = rest.filter((other) => carriesTogether(other.event));
        for (const other of rest) if (!joining.includes(other)) await queue.release(other, new Date(capped.get(loop.key) ?? Date.now())).catch(() => undefined);
        send(loop, queue, job, joining);
        break;
      }
    }
    return jobs.length === free && loop.sending.size < loop.slots && open(loop.key);
  }

  /** Sends `job` on its own, or with `together` and every other lead waiting (the minute's last e-mail: deliverTogether). */
  function send(loop: Loop, queue: DeliveryQueue, job: ClaimedDelivery, together?: ClaimedDelivery[]) {
    const sending: Promise<void> = (together ? deliverTogether(queue, [job, ...together]) : deliver(queue, job))
      .catch((error: unknown) => log.warn({ ...fieldsOf(job), err: error }, 'lead notification: unexpected error; it will be retried after its lease'))
      .finally(() => {
        loop.sending.delete(sending);
        // A slot is free: the next due job takes it now.
        void run(loop);
      });
    loop.sending.add(sending);
  }

  /**
   * Whether the caps let this job go now: on its own, or (the minute's last e-mail to the firm,
   * when it is a lead) together with every other lead waiting. If not, it goes back to the queue
   * until they do.
   */
  async function admitted(queue: DeliveryQueue, job: ClaimedDelivery): Promise<'alone' | 'together' | false> {
    const fields = fieldsOf(job);
    const wait = async (until: number) => {
      await queue.release(job, new Date(until)).catch(() => undefined);
      return false as const;
    };
    const key = loopKey(job.lane, job.channel);
    if (!open(key)) return wait(capped.get(key)!);
    let together = false;
    // Webhooks are not capped: each lead is delivered on its own, CONCURRENCY at a time (see above).
    if (caps && job.channel === 'email') {
      const minute = Math.floor(Date.now() / MINUTE_MS);
      try {
        const sent = (await caps.hit(COUNTER_KEYS.notify(job.lane, job.channel, minute), 2 * MINUTE_MS)).count;
        if (sent > caps.perMinute) {
          const next = (minute + 1) * MINUTE_MS;
          capped.set(key, next);
          minuteWarning.reached(key);
          return wait(next);
        }
        if (sent === caps.perMinute) {
          // The minute's last e-mail: nothing more goes on this lane before the next minute.
          capped.set(key, (minute + 1) * MINUTE_MS);
          together = job.lane === 'firm' && senders.email?.sendTogether !== undefined && carriesTogether(job.event);
        }
        const domain = job.event.type === 'newsletter.confirmation' ? mailboxOf(job.event.data.email).domain : undefined;
        if (domain !== undefined) {
          const { count, resetAt } = await caps.hit(COUNTER_KEYS.confirmDomain(domain), HOUR_MS);
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
    return together ? 'together' : 'alone';
  }

  /**
   * The minute's last e-mail to the firm: `held` (this claim's leads) and every other lead waiting
   * in that lane, in their turns, up to TOGETHER_MAX, in one e-mail (as many as it can hold: the
   * sender says how many; the others go back to the queue for the next minute's). Alone when no
   * other lead waits. Sent, each is done; failed, each is retried on its own back-off.
   */
  async function deliverTogether(queue: DeliveryQueue, held: ClaimedDelivery[]) {
    const sender = senders.email;
    let more: ClaimedDelivery[] = [];
    try {
      more = await queue.claim({ lane: 'firm', channels: ['email'], limit: TOGETHER_MAX - held.length, leaseMs: settings.leaseMs, events: TOGETHER_EVENTS });
    } catch (error) {
      log.warn({ err: error }, 'delivery worker cannot reach the database; the waiting leads go in a later e-mail');
    }
    const jobs = [...held, ...more];
    if (jobs.length === 1 || !sender?.sendTogether) return deliver(queue, jobs[0]!);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let carried: number;
    try {
      carried = await sender.sendTogether(
        jobs.map((job) => job.event),
        AbortSignal.any([shutdown.signal, timeout]),
      );
    } catch (error) {
      if (shutdown.signal.aborted) {
        await Promise.all(jobs.map((job) => queue.release(job).catch(() => undefined)));
        log.info({ leads: jobs.length }, 'leads e-mailed together: interrupted by shutdown; they will be sent again');
        return;
      }
      const reason = timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error);
      for (const job of jobs) await recordFailure(queue, job, reason, fieldsOf(job), false);
      await emailFailed(queue, reason);
      return;
    }
    const sent = jobs.slice(0, carried);
    const left = jobs.slice(carried);
    // The ones it could not hold wait for the next minute's e-mail, their attempt not counted.
    for (const job of left) await queue.release(job, new Date(capped.get(loopKey('firm', 'email')) ?? Date.now())).catch(() => undefined);
    try {
      await queue.completeAll(sent);
      for (const job of sent.slice(1)) await queue.countTurn(job).catch(() => undefined);
      log.info({ leads: sent.length, waiting: left.length, eventIds: sent.map((job) => job.event.id) }, 'leads e-mailed together (the minute’s last e-mail)');
    } catch (error) {
      log.warn({ err: error, leads: sent.length }, 'leads e-mailed together, but that could not be recorded: they may be sent again');
    }
    await emailWorks(queue);
  }

  async function deliver(queue: DeliveryQueue, job: ClaimedDelivery) {
    const fields = fieldsOf(job);
    const sender = senders[job.channel];
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const toTheFirmByEmail = job.lane === 'firm' && job.channel === 'email';
    try {
      if (!sender) throw new Error(`no ${job.channel} channel configured`);
      await sender.send(job.event, AbortSignal.any([shutdown.signal, timeout]));
    } catch (error) {
      if (shutdown.signal.aborted) {
        await queue.release(job).catch(() => undefined);
        log.info(fields, 'lead notification interrupted by shutdown; it will be sent again');
        return;
      }
      const reason = timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error);
      await recordFailure(queue, job, reason, fields, isPermanent(error));
      if (toTheFirmByEmail) await emailFailed(queue, reason);
      return;
    }
    try {
      await queue.complete(job);
      log.info(fields, 'lead notification delivered');
    } catch (error) {
      log.warn({ ...fields, err: error }, 'lead notification delivered, but that could not be recorded: it may be sent again');
    }
    if (toTheFirmByEmail) await emailWorks(queue);
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

  /**
   * An e-mail to the firm failed: e-mail is failing, since its first failure (store/outbox-email-state.ts).
   * Once an hour, all instances together, it is said: an error in the log and, when the firm has
   * a webhook, a notifications.email_failing event on it, sent at once.
   */
  async function emailFailed(queue: DeliveryQueue, reason: string) {
    const webhook = senders.webhook !== undefined;
    try {
      const masked = maskEmails(reason);
      const { since, announced } = await queue.emailFailed({ reason: masked, webhook });
      if (!announced) return;
      const told = webhook ? '; the firm is told on its webhook (notifications.email_failing)' : '';
      log.error({ since, reason: masked }, `e-mail to the firm is failing; its notifications are kept and retried${told}`);
      if (webhook) for (const loop of loops) if (loop.lane === 'firm' && loop.channel === 'webhook') nudgeLoop(loop);
    } catch (error) {
      log.warn({ err: error }, 'e-mail to the firm failed, and that could not be recorded');
    }
  }

  async function emailWorks(queue: DeliveryQueue) {
    try {
      const recovered = await queue.emailDelivered();
      if (recovered) log.info(recovered, 'e-mail to the firm works again');
    } catch (error) {
      log.warn({ err: error }, 'e-mail to the firm works again, but that could not be recorded');
    }
  }

  const claims = () => loops.flatMap((loop) => (loop.claiming ? [loop.claiming] : []));
  const sends = () => loops.flatMap((loop) => [...loop.sending]);
  const nudgeLoop = (loop: Loop) => {
    if (loop.claiming) loop.again = true;
    else schedule(loop, 0);
  };
  const nudge = () => {
    if (stopped) return;
    for (const loop of loops) nudgeLoop(loop);
  };
  nudge();

  return {
    nudge,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const loop of loops) clearTimeout(loop.timer);
      if (claims().length + sends().length > 0) {
        const grace = setTimeout(() => shutdown.abort(), Math.min(settings.timeoutMs, STOP_GRACE_MS));
        // Claims under way end first (what they claim from now on goes back), then the sends they started.
        await Promise.all(claims());
        await Promise.all(sends());
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
