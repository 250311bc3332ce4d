import { limitWarning } from '../core/limit-warnings';
import { COUNTER_KEYS } from '../core/database/counter-keys';
import type { Channel, Lane } from '../core/database/outbox';
import type { ClaimedDelivery, DeliveryQueue } from './queue';
import { mailboxOf } from '../core/database/context';
import { HOUR_MS, MINUTE_MS } from '../core/time';
import { type WorkerLogger, fieldsOf } from './send-context';
import type { Sender } from './sender';
import { carriesTogether } from './together-email';

/** The caps on e-mails, and how sends are counted against them. */
export type SendCapsOptions = {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** NOTIFICATIONS_PER_MINUTE, e-mails per lane. */
  perMinute: number;
  /** CONFIRMATIONS_PER_DOMAIN_PER_HOUR, confirmation e-mails per recipient domain. */
  perDomainPerHour: number;
};

/** A lane and channel: what a loop of the worker sends, and what a minute's cap is counted for. */
export const loopKey = (lane: Lane, channel: Channel) => `${lane}:${channel}`;

export type SendCaps = {
  /** Whether the lane and channel (loopKey) may send now: its minute is not spent. */
  open(key: string): boolean;
  /** Until when the lane and channel's minute is spent, if it was. */
  reopensAt(key: string): number | undefined;
  /** Whether the caps let this job go now, alone or with the other leads waiting; if not, it is back in the queue. */
  admit(queue: DeliveryQueue, job: ClaimedDelivery): Promise<'alone' | 'together' | false>;
};

/** The caps of one worker (absent: no cap), and the warnings it gives when one is reached. */
export function sendCaps(caps: SendCapsOptions | undefined, log: WorkerLogger, senders: Partial<Record<Channel, Sender>>): SendCaps {
  /** A lane and channel whose minute is spent, until when: no claims for it before then. */
  const capped = new Map<string, number>();
  const minuteWarning = limitWarning(log, 'NOTIFICATIONS_PER_MINUTE', 'the rest wait for the next minute, in their turns; none is dropped', {
    perMinute: caps?.perMinute,
  });
  const domainWarning = limitWarning(log, 'CONFIRMATIONS_PER_DOMAIN_PER_HOUR', "that domain's confirmation e-mails wait for the next hour; none is dropped", {
    perHour: caps?.perDomainPerHour,
  });
  const open = (key: string) => (capped.get(key) ?? 0) <= Date.now();

  /**
   * Whether the caps let this job go now: on its own, or (the minute's last e-mail to the firm,
   * when it is a lead) together with every other lead waiting. If not, it goes back to the queue
   * until they do.
   */
  async function admit(queue: DeliveryQueue, job: ClaimedDelivery): Promise<'alone' | 'together' | false> {
    const fields = fieldsOf(job);
    const wait = async (until: number) => {
      await queue.release(job, new Date(until)).catch(() => undefined);
      return false as const;
    };
    const key = loopKey(job.lane, job.channel);
    if (!open(key)) return wait(capped.get(key)!);
    let together = false;
    // Webhooks are not capped: each lead is delivered on its own, CONCURRENCY at a time (worker.ts).
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

  return { open, reopensAt: (key) => capped.get(key), admit };
}
