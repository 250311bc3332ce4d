import type { DeliveryConfig } from '../core/config';
import { type Channel, LANES, type Lane } from '../core/database/outbox';
import type { ClaimedDelivery, DeliveryQueue } from './queue';
import { type SendCapsOptions, loopKey, sendCaps } from './send-caps';
import { type SendContext, type WorkerLogger, fieldsOf } from './send-context';
import { deliver } from './send-one';
import { deliverTogether } from './send-together';
import type { Sender } from './sender';
import { carriesTogether } from './together-email';

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
 * - While e-mail to the firm fails, that is recorded with since when (outbox/email-state.ts:
 *   `/api/health`, `npm run deliveries`) and said once an hour, all instances together: an error
 *   in the log, and a notifications.email_failing event on the firm's webhook.
 * - One loop per lane and channel (core/database/outbox.ts LANES: the firm's notifications, and the
 *   e-mails asking newsletter sign-ups to confirm), each claiming on its own, with a few sends under
 *   way at once (CONCURRENCY): a relay that hangs never holds a webhook back, nor a slow webhook an
 *   e-mail, nor the firm's backlog a visitor's confirmation. Within a lane, each source network
 *   takes its turn (outbox/queue.ts).
 * - Several servers on one PostgreSQL database claim jobs with SKIP LOCKED (outbox/queue.ts):
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
  caps?: SendCapsOptions;
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

/** How long stop() lets deliveries under way finish before interrupting them. */
const STOP_GRACE_MS = 3_000;

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
  const gate = sendCaps(caps, log, senders);
  const context: SendContext = {
    senders,
    settings,
    log,
    random,
    shutdown: shutdown.signal,
    firmEmailReopens: () => new Date(gate.reopensAt(loopKey('firm', 'email')) ?? Date.now()),
    nudgeFirmWebhook: () => {
      for (const loop of loops) if (loop.lane === 'firm' && loop.channel === 'webhook') nudgeLoop(loop);
    },
  };

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
    const reopens = (gate.reopensAt(loop.key) ?? 0) - Date.now();
    schedule(loop, reopens > 0 ? Math.min(settings.pollMs, reopens + 50) : settings.pollMs);
  }

  /** One claim of the loop's due jobs, as many as it has free slots, each sent at once; true when more may be due. */
  async function claimAndSend(loop: Loop): Promise<boolean> {
    const queue = options.queue();
    const free = loop.slots - loop.sending.size;
    if (!queue || free <= 0 || !gate.open(loop.key) || isStopped()) return false;
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
      const verdict = await gate.admit(queue, job);
      if (verdict === 'alone') send(loop, queue, job);
      if (verdict === 'together') {
        // The minute's last e-mail: the leads this claim holds go with it, the others back to the queue.
        const rest = jobs.slice(index + 1);
        const joining = rest.filter((other) => carriesTogether(other.event));
        for (const other of rest)
          if (!joining.includes(other)) await queue.release(other, new Date(gate.reopensAt(loop.key) ?? Date.now())).catch(() => undefined);
        send(loop, queue, job, joining);
        break;
      }
    }
    return jobs.length === free && loop.sending.size < loop.slots && gate.open(loop.key);
  }

  /** Sends `job` on its own, or with `together` and every other lead waiting (the minute's last e-mail: deliverTogether). */
  function send(loop: Loop, queue: DeliveryQueue, job: ClaimedDelivery, together?: ClaimedDelivery[]) {
    const sending: Promise<void> = (together ? deliverTogether(context, queue, [job, ...together]) : deliver(context, queue, job))
      .catch((error: unknown) => log.warn({ ...fieldsOf(job), err: error }, 'lead notification: unexpected error; it will be retried after its lease'))
      .finally(() => {
        loop.sending.delete(sending);
        // A slot is free: the next due job takes it now.
        void run(loop);
      });
    loop.sending.add(sending);
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
