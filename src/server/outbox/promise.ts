import { type Kysely, sql } from 'kysely';
import type { LeadEventType } from '../../contracts/lead-event';
import { CHANNELS } from '../core/database/outbox-policy';
import type { Database } from '../core/database/tables';

/**
 * The promise the outbox keeps: every lead the server answered 201 for is in the firm's hands (its
 * e-mail or its webhook) within LEAD_DELIVERY_PROMISE_MS, and how far it is from breaking it: the
 * age of the oldest lead not yet delivered, read by `/api/health` (503 `leads_waiting` past the
 * promise) and `npm run deliveries`.
 */

/** Every lead reaches the firm within this, whatever other senders do. */
export const LEAD_DELIVERY_PROMISE_MS = 5 * 60_000;

/**
 * The events that are leads: a request the firm must answer. Not the outbox's other words
 * (summaries, the digest, call reports that follow their lead, the visitor's confirmation, the
 * server's own notices).
 */
export const LEAD_EVENTS = ['contact.created', 'newsletter.subscribed'] as const satisfies readonly LeadEventType[];

/** The oldest lead the firm does not have yet. */
export type UndeliveredLead = {
  /** When it was stored (and its jobs queued). */
  createdAt: string;
  /** Whole seconds it has waited, at the time asked. */
  ageSeconds: number;
  /** Waited longer than LEAD_DELIVERY_PROMISE_MS. */
  overdue: boolean;
};

export interface DeliveryPromise {
  /**
   * The oldest lead none of whose jobs is done (either channel puts it in the firm's hands) while
   * one is still pending or failed; undefined when the firm has every lead. A lead queued on no
   * channel (none configured) is not waited for.
   */
  oldestUndeliveredLead(now?: Date): Promise<UndeliveredLead | undefined>;
}

export function deliveryPromise(db: Kysely<Database>): DeliveryPromise {
  return {
    async oldestUndeliveredLead(now = new Date()) {
      // One query, cheap enough for a monitor asking often: the jobs not done come by a status index
      // (only what is waiting or failed: a few rows), and whether a sibling is done by the UNIQUE
      // (event_id, channel) index. Naming its two columns (channel: any) is what makes SQLite,
      // which keeps no statistics here, take that index rather than scan every done job by status.
      const row = await db
        .selectFrom('delivery_jobs as job')
        .select((eb) => eb.fn.min('job.created_at').as('oldest'))
        .where('job.status', 'in', ['pending', 'failed'])
        .where('job.event_type', 'in', LEAD_EVENTS)
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('delivery_jobs as sibling')
                .select(sql.lit(1).as('one'))
                .whereRef('sibling.event_id', '=', 'job.event_id')
                .where('sibling.channel', 'in', CHANNELS)
                .where('sibling.status', '=', 'done'),
            ),
          ),
        )
        .executeTakeFirst();
      if (row?.oldest === undefined || row.oldest === null) return undefined;
      // PostgreSQL reads a timestamptz back as a Date, SQLite the ISO text the store wrote.
      const createdAt = new Date(row.oldest).toISOString();
      // Another instance's clock may run a little ahead: never a negative age.
      const waitedMs = Math.max(0, now.getTime() - Date.parse(createdAt));
      return { createdAt, ageSeconds: Math.floor(waitedMs / 1000), overdue: waitedMs > LEAD_DELIVERY_PROMISE_MS };
    },
  };
}
