import type { ClaimedDelivery, DeliveryQueue } from './queue';
import { isPermanent } from './sender';
import { type SendContext, fieldsOf } from './send-context';
import { describeFailure, emailFailed, emailWorks, recordFailure } from './send-failure';

/**
 * One claimed job sent on its own, within DELIVERY_TIMEOUT: done once its channel acknowledged it,
 * given back uncounted when the worker stops, a failure recorded otherwise (send-failure.ts).
 */
export async function deliver(context: SendContext, queue: DeliveryQueue, job: ClaimedDelivery) {
  const { senders, settings, log, shutdown } = context;
  const fields = fieldsOf(job);
  const sender = senders[job.channel];
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const toTheFirmByEmail = job.lane === 'firm' && job.channel === 'email';
  try {
    if (!sender) throw new Error(`no ${job.channel} channel configured`);
    await sender.send(job.event, AbortSignal.any([shutdown, timeout]));
  } catch (error) {
    if (shutdown.aborted) {
      await queue.release(job).catch(() => undefined);
      log.info(fields, 'lead notification interrupted by shutdown; it will be sent again');
      return;
    }
    const reason = timeout.aborted ? `timed out after ${settings.timeoutMs} ms` : describeFailure(error);
    await recordFailure(context, queue, job, reason, fields, isPermanent(error));
    if (toTheFirmByEmail) await emailFailed(context, queue, reason);
    return;
  }
  try {
    await queue.complete(job);
    log.info(fields, 'lead notification delivered');
  } catch (error) {
    log.warn({ ...fields, err: error }, 'lead notification delivered, but that could not be recorded: it may be sent again');
  }
  if (toTheFirmByEmail) await emailWorks(context, queue);
}
