import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { HOUR_MS } from '../core/time';
import { COUNTER_KEYS } from '../core/database/counter-keys';
import { hitCounter } from '../core/database/limits';
import type { Engine } from '../core/database/engine';
import { type Channel, type Lane, type OutboxEvent, VISITOR_EVENTS } from '../core/database/outbox';
import { type EmailState, emailState } from './email-state';
import type { Database } from '../core/database/tables';

export type { EmailFailing, EmailState } from './email-state';

/**
 * The outbox's jobs as the delivery worker (src/server/outbox/worker.ts) and `npm run
 * deliveries` work on them: claim the due ones, record each outcome, list and requeue; and
 * whether e-mail to the firm is failing (./outbox-email-state.ts). The jobs themselves are written
 * with their lead by ./outbox.ts's enqueue.
 */
export type DeliveryStatus = 'pending' | 'done' | 'failed';

/** A job a worker holds until `lockedUntil`. */
export type ClaimedDelivery = {
  id: number;
  channel: Channel;
  lane: Lane;
  /** The network (or `voice`) it came from; null for jobs queued before 0011. */
  source: string | null;
  event: OutboxEvent;
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

export interface DeliveryQueue extends EmailState {
  /**
   * Reserves up to `limit` due jobs of this lane (the firm's by default) and these channels for `leaseMs`, in fair turns:
   * each source's first job before any source's second, and among them the sources served least
   * in the last hour first (see turnOrder). Safe with several workers.
   */
  claim(options: {
    lane?: Lane;
    channels: readonly Channel[];
    limit: number;
    leaseMs: number;
    events?: readonly OutboxEvent['type'][];
  }): Promise<ClaimedDelivery[]>;
  /** The job is being sent now: one more turn for its source this hour (claim's order reads it). */
  countTurn(job: ClaimedDelivery): Promise<void>;
  /** The channel acknowledged: done for good (its payload is dropped; the lead stays in its table). */
  complete(job: ClaimedDelivery): Promise<void>;
  /** complete, for the jobs one e-mail carried together, in one statement. */
  completeAll(jobs: readonly ClaimedDelivery[]): Promise<void>;
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
  /** The update of a job the caller claimed: it changes the row only while the claim is still this one. */
  const claimed = (job: ClaimedDelivery) => db.updateTable('delivery_jobs').where('id', '=', job.id).where('claim_token', '=', job.claimToken);

  async function completeAll(jobs: readonly ClaimedDelivery[]) {
    if (jobs.length === 0) return;
    // Not tied to the claim: the channel has the message, whoever else may hold the job now.
    await db
      .updateTable('delivery_jobs')
      .set({ status: 'done', delivered_at: new Date().toISOString(), payload: null, source: null, locked_until: null, claim_token: null, last_error: null })
      .where(
        'id',
        'in',
        jobs.map((job) => job.id),
      )
      .where('status', '=', 'pending')
      .execute();
  }

  return {
    ...emailState(db, engine),

    async claim({ lane = 'firm', channels, limit, leaseMs, events }) {
      if (channels.length === 0 || events?.length === 0) return [];
      const now = new Date();
      const nowIso = now.toISOString();
      const lockedUntil = new Date(now.getTime() + leaseMs).toISOString();
      const claimToken = randomUUID();
      // Fair turns, so that a flood from a few networks cannot hold back a visitor from another:
      // every due job gets its turn within its source (1 for the oldest, 2 for the next, ...), and
      // goes by that turn plus the turns its source already had this hour. A quiet network's lead
      // (turn 1, none before) goes ahead of every flooding network's queue, however long.
      const due = db
        .selectFrom('delivery_jobs')
        .select(['id', 'channel', 'source', 'next_attempt_at'])
        .select((eb) =>
          eb.fn
            .agg<number>('row_number', [])
            .over((over) => over.partitionBy(['channel', 'source']).orderBy('next_attempt_at').orderBy('id'))
            .as('turn'),
        )
        .where('status', '=', 'pending')
        .where('channel', 'in', channels)
        .where('event_type', lane === 'visitor' ? 'in' : 'not in', [...VISITOR_EVENTS])
        .$if(events !== undefined, (query) => query.where('event_type', 'in', events!))
        .where('next_attempt_at', '<=', nowIso)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]));
      const inTurn = db
        .selectFrom(due.as('due'))
        .leftJoin('rate_counters as turns', (join) =>
          join
            // COUNTER_KEYS.turns, as SQL.
            .on('turns.key', '=', sql<string>`${sql.lit(COUNTER_KEYS.turnsOfLane(lane))} || due.channel || ':' || coalesce(due.source, '')`)
            .on('turns.expires_at', '>', nowIso),
        )
        .select('due.id')
        .orderBy(sql`coalesce(turns.count, 0) + due.turn`)
        .orderBy('due.next_attempt_at')
        .orderBy('due.id')
        .limit(limit);
      const order = (await inTurn.execute()).map((row) => row.id);
      if (order.length === 0) return [];
      const claimable = db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('id', 'in', order)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
        // PostgreSQL: rows another instance is claiming right now are skipped, not waited for
        // (and re-checked after its commit, so a job is never claimed twice). SQLite has one
        // writer at a time, so the UPDATE below is atomic on its own.
        .$if(engine === 'postgres', (query) => query.forUpdate().skipLocked());
      const rows = await db
        .updateTable('delivery_jobs')
        .set((eb) => ({ locked_until: lockedUntil, claim_token: claimToken, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', claimable)
        .returning(['id', 'channel', 'source', 'payload', 'attempts', 'queued_at'])
        .execute();
      // In their turns' order, which is the order the worker lets them past the per-minute cap.
      const place = new Map(order.map((id, index) => [id, index]));
      return rows
        .filter((row) => row.payload !== null)
        .toSorted((a, b) => place.get(a.id)! - place.get(b.id)!)
        .map((row) => ({
          id: row.id,
          channel: row.channel as Channel,
          lane,
          source: row.source,
          event: JSON.parse(row.payload as string) as OutboxEvent,
          attempt: row.attempts,
          queuedAt: iso(row.queued_at),
          lockedUntil,
          claimToken,
        }));
    },

    async countTurn(job) {
      await hitCounter(db, COUNTER_KEYS.turns(job.lane, job.channel, job.source), HOUR_MS);
    },

    complete: (job) => completeAll([job]),
    completeAll,

    async retryLater(job, reason, at) {
      await claimed(job).set({ next_attempt_at: at.toISOString(), locked_until: null, claim_token: null, last_error: reason }).execute();
    },

    async fail(job, reason) {
      await claimed(job).set({ status: 'failed', source: null, locked_until: null, claim_token: null, last_error: reason }).execute();
    },

    async release(job, until) {
      await claimed(job)
        .set((eb) => ({ locked_until: null, claim_token: null, attempts: eb('attempts', '-', 1), ...(until ? { next_attempt_at: until.toISOString() } : {}) }))
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
