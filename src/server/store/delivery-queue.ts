import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Engine } from './migrations';
import type { LeadEvent } from '../../contracts/lead-event';
import type { Channel } from './outbox';
import type { Database } from './tables';

/**
 * The outbox's jobs as the delivery worker (src/server/delivery/worker.ts) and `npm run
 * deliveries` work on them: claim the due ones, record each outcome, list and requeue. The jobs
 * themselves are written with their lead by ./outbox.ts's enqueue.
 */
export type DeliveryStatus = 'pending' | 'done' | 'failed';

/** A job a worker holds until `lockedUntil`. */
export type ClaimedDelivery = {
  id: number;
  channel: Channel;
  event: LeadEvent;
  /** This attempt's number (1 for the first). */
  attempt: number;
  queuedAt: string;
  lockedUntil: string;
  claimToken: string;
};

/** A job as `npm run deliveries` shows it. */
export type DeliveryRecord = {
  id: number;
  eventId: string;
  eventType: string;
  channel: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  /** Set while a worker holds the job. */
  lockedUntil: string | null;
  lastError: string | null;
  deliveredAt: string | null;
};

export type RequeueResult = { requeued: number } | { error: 'not_found' | 'delivered' | 'in_progress' };

export interface DeliveryQueue {
  /** Reserves up to `limit` due jobs of these channels for `leaseMs`. Safe with several workers. */
  claim(options: { channels: readonly Channel[]; limit: number; leaseMs: number }): Promise<ClaimedDelivery[]>;
  /** The channel acknowledged: done for good (its payload is dropped; the lead stays in its table). */
  complete(job: ClaimedDelivery): Promise<void>;
  /** The attempt failed; try again at `at`. Ignored if the claim was lost meanwhile. */
  retryLater(job: ClaimedDelivery, reason: string, at: Date): Promise<void>;
  /** The attempt failed and no more will be made. */
  fail(job: ClaimedDelivery, reason: string): Promise<void>;
  /**
   * The attempt was not made (shutdown, or the notifications cap): give the job back without
   * counting the attempt, due at once or at `until`.
   */
  release(job: ClaimedDelivery, until?: Date): Promise<void>;
  /** Jobs with these statuses, oldest first. */
  list(statuses: readonly DeliveryStatus[]): Promise<DeliveryRecord[]>;
  /** Queues a job (by id) or every failed job again, with a fresh attempt count and age. */
  requeue(target: number | 'all-failed'): Promise<RequeueResult>;
}

/**
 * Timestamps are compared as values computed here (ISO-8601 UTC with milliseconds), never with
 * the database's clock, so both engines behave the same: SQLite compares the ISO text, which
 * sorts like time; PostgreSQL casts it to timestamptz.
 */
const iso = (date: Date | string) => new Date(date).toISOString();
const isoOrNull = (date: Date | string | null) => (date === null ? null : iso(date));

export function deliveryQueue(db: Kysely<Database>, engine: Engine): DeliveryQueue {
  return {
    async claim({ channels, limit, leaseMs }) {
      if (channels.length === 0) return [];
      const now = new Date();
      const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
      const claimToken = randomUUID();
      const due = db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('channel', 'in', channels)
        .where('next_attempt_at', '<=', now.toISOString())
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        // PostgreSQL: rows another instance is claiming right now are skipped, not waited for
        // (and re-checked after its commit, so a job is never claimed twice). SQLite has one
        // writer at a time, so the UPDATE below is atomic on its own.
        .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked());
      const rows = await db
        .updateTable('delivery_jobs')
        .set((eb) => ({ locked_until: lockedUntil, claim_token: claimToken, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due)
        .returning(['id', 'channel', 'payload', 'attempts', 'queued_at'])
        .execute();
      return rows
        .filter((row) => row.payload !== null)
        .map((row) => ({
          id: row.id,
          channel: row.channel as Channel,
          event: JSON.parse(row.payload as string) as LeadEvent,
          attempt: row.attempts,
          queuedAt: iso(row.queued_at),
          lockedUntil,
          claimToken,
        }));
    },

    async complete(job) {
      // Not tied to the claim: the channel has the message, whoever else may hold the job now.
      await db
        .updateTable('delivery_jobs')
        .set({ status: 'done', delivered_at: new Date().toISOString(), payload: null, locked_until: null, claim_token: null, last_error: null })
        .where('id', '=', job.id)
        .where('status', '=', 'pending')
        .execute();
    },

    async retryLater(job, reason, at) {
      await db
        .updateTable('delivery_jobs')
        .set({ next_attempt_at: at.toISOString(), locked_until: null, claim_token: null, last_error: reason })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .execute();
    },

    async fail(job, reason) {
      await db
        .updateTable('delivery_jobs')
        .set({ status: 'failed', locked_until: null, claim_token: null, last_error: reason })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .execute();
    },

    async release(job, until) {
      await db
        .updateTable('delivery_jobs')
        .set((eb) => ({ locked_until: null, claim_token: null, attempts: eb('attempts', '-', 1), ...(until ? { next_attempt_at: until.toISOString() } : {}) }))
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .execute();
    },

    async list(statuses) {
      if (statuses.length === 0) return [];
      const rows = await db
        .selectFrom('delivery_jobs')
        .select([
          'id',
          'event_id',
          'event_type',
          'channel',
          'status',
          'attempts',
          'created_at',
          'next_attempt_at',
          'locked_until',
          'last_error',
          'delivered_at',
        ])
        .where('status', 'in', statuses)
        .orderBy('id')
        .execute();
      const now = Date.now();
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        eventType: row.event_type,
        channel: row.channel,
        status: row.status as DeliveryStatus,
        attempts: row.attempts,
        createdAt: iso(row.created_at),
        nextAttemptAt: iso(row.next_attempt_at),
        lockedUntil: row.locked_until !== null && new Date(row.locked_until).getTime() > now ? iso(row.locked_until) : null,
        lastError: row.last_error,
        deliveredAt: isoOrNull(row.delivered_at),
      }));
    },

    async requeue(target) {
      const now = new Date().toISOString();
      const fresh = { status: 'pending', attempts: 0, queued_at: now, next_attempt_at: now, locked_until: null, claim_token: null };
      if (target === 'all-failed') {
        const result = await db.updateTable('delivery_jobs').set(fresh).where('status', '=', 'failed').executeTakeFirst();
        return { requeued: Number(result.numUpdatedRows) };
      }
      return db.transaction().execute(async (trx) => {
        const job = await trx
          .selectFrom('delivery_jobs')
          .select(['status', 'locked_until'])
          .where('id', '=', target)
          .$if(engine === 'postgres', (query) => query.forUpdate())
          .executeTakeFirst();
        if (!job) return { error: 'not_found' } as const;
        if (job.status === 'done') return { error: 'delivered' } as const;
        if (job.locked_until !== null && iso(job.locked_until) > now) return { error: 'in_progress' } as const;
        await trx.updateTable('delivery_jobs').set(fresh).where('id', '=', target).execute();
        return { requeued: 1 };
      });
    },
  };
}
