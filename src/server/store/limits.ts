import type { Kysely, Transaction } from 'kysely';
import { type Runner, type StoreContext, type StoreLogger, MINUTE_MS } from './context';
import { SubmissionCapError } from './errors';
import type { Database } from './tables';

/**
 * The limits kept in the database, so that every instance on one PostgreSQL shares them: the
 * storage ceiling (SUBMISSIONS_PER_DAY), the voice demo's daily budget, spent proofs of work and
 * the windowed counters behind the rate limits.
 */
export interface LimitsRepository {
  /**
   * Counts one voice-demo session for `day` (a date in the firm's time zone) unless `cap` sessions
   * were already counted for it, by any instance sharing the database: true when counted, false
   * when the day's budget is spent (nothing written). The day's first session clears other days.
   */
  countVoiceSession(day: string, cap: number): Promise<boolean>;
  /**
   * Marks a proof-of-work challenge (by its signature) as used until it expires: 'spent' the first
   * time, 'already' ever after, on every instance sharing the database (a UNIQUE key, not a
   * read-before-write). Expired ones are forgotten.
   */
  spendProof(signature: string, expiresAt: Date): Promise<'spent' | 'already'>;
  /**
   * Counts one hit of `key` in a fixed window of `windowMs` that starts with the key's first hit:
   * returns the count so far (this one included) and when the window ends. Atomic on both engines.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

/** Thrown inside a voice-session count to roll it back: the day's budget is spent. */
const OVER_BUDGET = Symbol('voice budget spent');
/** The storage ceiling counts the submissions of the last 24 hours, minute by minute. */
const CEILING_WINDOW_MINUTES = 24 * 60;
/** Expired spent proofs and counters are deleted at most this often per instance (they are ignored once expired anyway). */
const SWEEP_EVERY_MS = 60_000;

export function limitsRepository({ db, write }: StoreContext): LimitsRepository {
  let lastSweep = 0;

  /** Deletes expired spent proofs and counters, at most once a minute per instance. */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.deleteFrom('spent_proofs').where('expires_at', '<', now.toISOString()).execute();
    await db.deleteFrom('rate_counters').where('expires_at', '<', now.toISOString()).execute();
  }

  return {
    async countVoiceSession(day, perDay) {
      // Like the submission cap: checked first without a lock, counted last in the transaction
      // (the upsert serializes sessions on the day's row), rolled back when it went over.
      try {
        await write(async (trx) => {
          const row = await trx.selectFrom('voice_session_counts').select('count').where('day', '=', day).executeTakeFirst();
          if (row && row.count >= perDay) throw OVER_BUDGET;
          const { count } = await trx
            .insertInto('voice_session_counts')
            .values({ day, count: 1 })
            .onConflict((conflict) => conflict.column('day').doUpdateSet((eb) => ({ count: eb('voice_session_counts.count', '+', 1) })))
            .returning('count')
            .executeTakeFirstOrThrow();
          if (count > perDay) throw OVER_BUDGET;
          if (count === 1) await trx.deleteFrom('voice_session_counts').where('day', '<>', day).execute();
        });
        return true;
      } catch (error) {
        if (error === OVER_BUDGET) return false;
        throw error;
      }
    },

    async spendProof(signature, expiresAt) {
      await sweep(new Date());
      const spent = await db
        .insertInto('spent_proofs')
        .values({ signature, expires_at: expiresAt.toISOString() })
        .onConflict((conflict) => conflict.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return spent ? 'spent' : 'already';
    },

    async hit(key, windowMs) {
      await sweep(new Date());
      return hitCounter(db, key, windowMs);
    },
  };
}

/** See LimitsRepository.hit; inside a transaction when given one. */
export async function hitCounter(runner: Runner, key: string, windowMs: number) {
  const now = new Date();
  const nowIso = now.toISOString();
  const row = await runner
    .insertInto('rate_counters')
    .values({ key, count: 1, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        // A window that has ended starts again at 1; otherwise one more.
        count: eb
          .case()
          .when('rate_counters.expires_at', '<=', nowIso)
          .then(1)
          .else(eb('rate_counters.count', '+', 1))
          .end(),
        expires_at: eb.case().when('rate_counters.expires_at', '<=', nowIso).then(eb.ref('excluded.expires_at')).else(eb.ref('rate_counters.expires_at')).end(),
      })),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, resetAt: new Date(row.expires_at).getTime() };
}

/**
 * The storage ceiling (SUBMISSIONS_PER_DAY), counted in the database so that every instance on
 * one PostgreSQL shares it: the submissions stored in the last 1440 minutes. Checked first (one
 * indexed sum), counted last in the submission's transaction, so the minute's row (which
 * serializes submissions on PostgreSQL) is held only until the commit, and a submission that
 * fails or goes past the ceiling is not counted. Only stored submissions reach it: posts without
 * a valid proof, or caught by the honeypot, are refused before. Returns StoreContext.submit.
 */
export function submitUnderCeiling(db: Kysely<Database>, ceiling: number | undefined, log: StoreLogger): StoreContext['submit'] {
  let warnedMinute = -1;

  /** The ceiling is reached: a warning named as such, once a minute per instance, not an error per request. */
  function reached(minute: number): SubmissionCapError {
    if (warnedMinute !== minute) {
      warnedMinute = minute;
      log.warn(
        { cap: 'SUBMISSIONS_PER_DAY', limit: ceiling },
        'cap reached: storage ceiling (SUBMISSIONS_PER_DAY); form posts get 503 until the oldest of the last 24 hours age out',
      );
    }
    // Past the ceiling: the oldest minute of the window leaves it when this minute ends.
    return new SubmissionCapError(Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - Date.now()) / 1000)));
  }

  async function check(trx: Transaction<Database>, minute: number) {
    if (ceiling === undefined) return;
    const row = await trx
      .selectFrom('submission_counts')
      .select((eb) => eb.fn.sum<number | string | null>('count').as('total'))
      .where('minute', '>', minute - CEILING_WINDOW_MINUTES)
      .executeTakeFirst();
    if (Number(row?.total ?? 0) >= ceiling) throw reached(minute);
  }

  async function countOne(trx: Transaction<Database>, minute: number) {
    if (ceiling === undefined) return;
    const { count } = await trx
      .insertInto('submission_counts')
      .values({ minute, count: 1 })
      .onConflict((conflict) => conflict.column('minute').doUpdateSet((eb) => ({ count: eb('submission_counts.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    // The first submission of a minute clears the minutes no one will look at again.
    if (count === 1)
      await trx
        .deleteFrom('submission_counts')
        .where('minute', '<=', minute - CEILING_WINDOW_MINUTES)
        .execute();
  }

  return async (work) => {
    const minute = Math.floor(Date.now() / MINUTE_MS);
    await db.transaction().execute(async (trx) => {
      await check(trx, minute);
      await work(trx);
      await countOne(trx, minute);
    });
  };
}
