import { backoffMs, jittered } from '../core/backoff';
import type { DeliveryConfig } from '../core/config';
import { maskEmails } from '../core/logger';
import type { ClaimedDelivery, DeliveryQueue } from './queue';
import type { SendContext } from './send-context';

/**
 * What a send that failed leaves: the job retried later on the back-off, or failed for good (its
 * attempts or its age spent, or refused for good), each said in the log; and, for an e-mail to the
 * firm, e-mail failing since its first failure until the next one goes through.
 */

const REASON_MAX = 500;

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

export async function recordFailure(context: SendContext, queue: DeliveryQueue, job: ClaimedDelivery, reason: string, fields: object, permanent: boolean) {
  const { settings, log, random } = context;
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
 * An e-mail to the firm failed: e-mail is failing, since its first failure (outbox/email-state.ts).
 * Once an hour, all instances together, it is said: an error in the log and, when the firm has
 * a webhook, a notifications.email_failing event on it, sent at once.
 */
export async function emailFailed(context: SendContext, queue: DeliveryQueue, reason: string) {
  const { senders, log } = context;
  const webhook = senders.webhook !== undefined;
  try {
    const masked = maskEmails(reason);
    const { since, announced } = await queue.emailFailed({ reason: masked, webhook });
    if (!announced) return;
    const told = webhook ? '; the firm is told on its webhook (notifications.email_failing)' : '';
    log.error({ since, reason: masked }, `e-mail to the firm is failing; its notifications are kept and retried${told}`);
    if (webhook) context.nudgeFirmWebhook();
  } catch (error) {
    log.warn({ err: error }, 'e-mail to the firm failed, and that could not be recorded');
  }
}

export async function emailWorks({ log }: SendContext, queue: DeliveryQueue) {
  try {
    const recovered = await queue.emailDelivered();
    if (recovered) log.info(recovered, 'e-mail to the firm works again');
  } catch (error) {
    log.warn({ err: error }, 'e-mail to the firm works again, but that could not be recorded');
  }
}
