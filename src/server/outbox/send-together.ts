import type { ClaimedDelivery, DeliveryQueue } from './queue';
import { type SendContext, fieldsOf } from './send-context';
import { describeFailure, emailFailed, emailWorks, recordFailure } from './send-failure';
import { deliver } from './send-one';
import { TOGETHER_EVENTS } from './together-email';

/**
 * The most leads one e-mail may carry together (the minute's last): with NOTIFICATIONS_PER_MINUTE
 * e-mails a minute, the firm's e-mail takes in about this many leads a minute however many networks
 * send them (fewer when the leads are long: the e-mail holds what fits in its size).
 */
export const TOGETHER_MAX = 1_000;

/**
 * The minute's last e-mail to the firm: `held` (this claim's leads) and every other lead waiting
 * in that lane, in their turns, up to TOGETHER_MAX, in one e-mail (as many as it can hold: the
 * sender says how many; the others go back to the queue for the next minute's). Alone when no
 * other lead waits. Sent, each is done; failed, each is retried on its own back-off.
 */
export async function deliverTogether(context: SendContext, queue: DeliveryQueue, held: ClaimedDelivery[]) {
  const { senders, settings, log, shutdown } = context;
  const sender = senders.email;
  let more: ClaimedDelivery[] = [];
  try {
    more = await queue.claim({ lane: 'firm', channels: ['email'], limit: TOGETHER_MAX - held.length, leaseMs: settings.leaseMs, events: TOGETHER_EVENTS });
  } catch (error) {
    log.warn({ err: error }, 'delivery worker cannot reach the database; the waiting leads go in a later e-mail');
  }
  const jobs = [...held, ...more];
  if (jobs.length === 1 || !sender?.sendTogether) return deliver(context, queue, jobs[0]!);
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  let carried: number;
  try {
    carried = await sender.sendTogether(
      jobs.map((job) => job.event),
      AbortSignal.any([shutdown, timeout]),
    );
  } catch (error) {
    if (shutdown.aborted) {
      await Promise.all(jobs.map((job) => queue.release(job).catch(() => undefined)));
      log.info({ leads: jobs.length }, 'leads e-mailed together: interrupted by shutdown; they will be sent again');
      return;
    }
    const reason = timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error);
    for (const job of jobs) await recordFailure(context, queue, job, reason, fieldsOf(job), false);
    await emailFailed(context, queue, reason);
    return;
  }
  const sent = jobs.slice(0, carried);
  const left = jobs.slice(carried);
  // The ones it could not hold wait for the next minute's e-mail, their attempt not counted.
  for (const job of left) await queue.release(job, context.firmEmailReopens()).catch(() => undefined);
  try {
    await queue.completeAll(sent);
    for (const job of sent.slice(1)) await queue.countTurn(job).catch(() => undefined);
    log.info({ leads: sent.length, waiting: left.length, eventIds: sent.map((job) => job.event.id) }, 'leads e-mailed together (the minute’s last e-mail)');
  } catch (error) {
    log.warn({ err: error, leads: sent.length }, 'leads e-mailed together, but that could not be recorded: they may be sent again');
  }
  await emailWorks(context, queue);
}
