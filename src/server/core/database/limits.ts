import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { limitWarning } from '../limit-warnings';
import { DAY_MS } from '../time';
import { COUNTER_KEYS } from './counter-keys';
import { type Runner, type StoreContext, type StoreLogger } from './context';
import { NetworkLimitError, StorageReserveError } from './errors';
import { secretOf } from './settings';
import type { Database } from './tables';

/**
 * The limits kept in the database, so that every instance on one PostgreSQL shares them: each
 * network's leads per day and the storage reserve (submitWithinLimits, below), spent proofs of work and the windowed counters behind the rate limits.
 */
export interface LimitsRepository {
  /**
   * Whether a submission from `network` would be refused by a limit (the storage reserve, the
   * network's leads for the day): throws StorageReserveError or NetworkLimitError, writes nothing.
   * Asked before a post's proof of work is spent; the submission itself is counted when stored.
   */
  checkSubmission(network: string | undefined): Promise<void>;
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
  /**
   * The same for one client's requests to `scope` (the per-client rate limits), counted under a
   * keyed hash of the client: the database holds no visitor's address, only a number that the
   * counter's secret ties to it, for the window's length.
   */
  hitClient(scope: string, client: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /**
   * Deletes every counter (keyed by a client's hash, a network or a figure) and spent proof whose
   * window ended before `now`: the daily run's, for the days nobody posts (counting also sweeps
   * them, at most once a minute). Returns how many rows went.
   */
  purgeExpiredCounters(now: Date): Promise<number>;
}

/** Expired spent proofs and counters are deleted at most this often per instance (they are ignored once expired anyway). */
const SWEEP_EVERY_MS = 60_000;

export function limitsRepository({ db, checkSubmission }: StoreContext): LimitsRepository {
  let lastSweep = 0;
  /** The counters' secret, read once (it never changes). */
  let counterSecret: Promise<string> | undefined;
  const secret = () => {
    counterSecret ??= secretOf(db, 'counter_secret');
    // A failed read is not remembered: the next hit asks the database again.
    counterSecret.catch(() => (counterSecret = undefined));
    return counterSecret;
  };

  /** Deletes expired spent proofs and counters, at most once a minute per instance. */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.deleteFrom('spent_proofs').where('expires_at', '<', now.toISOString()).execute();
    await db.deleteFrom('rate_counters').where('expires_at', '<', now.toISOString()).execute();
  }

  return {
    checkSubmission,

    async purgeExpiredCounters(now) {
      const proofs = await db.deleteFrom('spent_proofs').where('expires_at', '<', now.toISOString()).executeTakeFirst();
      const counters = await db.deleteFrom('rate_counters').where('expires_at', '<', now.toISOString()).executeTakeFirst();
      return Number(proofs.numDeletedRows) + Number(counters.numDeletedRows);
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

    async hitClient(scope, client, windowMs) {
      await sweep(new Date());
      const anonymous = createHmac('sha256', await secret())
        .update(client)
        .digest('base64url')
        .slice(0, 22);
      return hitCounter(db, COUNTER_KEYS.client(scope, anonymous), windowMs);
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

/** What a stored submission is held to (StorageConfig.caps); either may be absent (scripts, tests of other things). */
export type SubmissionLimits = {
  /** SUBMISSIONS_PER_NETWORK_PER_DAY. */
  perNetworkPerDay?: number;
  /** STORAGE_RESERVE, and how much the database's disk has free now (undefined: cannot be seen, as PostgreSQL's). */
  reserve?: { bytes: number; freeBytes: () => Promise<number | undefined> };
};

/**
 * The limits a stored submission is held to, counted in the database so that every instance on
 * one PostgreSQL shares them, and shared out per source so that no one can spend them for others:
 * - SUBMISSIONS_PER_NETWORK_PER_DAY leads per source network (networkOf: an IPv4 /24, an IPv6
 *   /48) in a 24-hour window that starts with that network's first lead. Counted last in the
 *   submission's transaction (the upsert serializes that network's submissions on PostgreSQL and is
 *   held only until the commit), rolled back with it when it went over: a failed or refused
 *   submission counts nothing. Past it: NetworkLimitError, with the true time the window ends.
 * - STORAGE_RESERVE: below that much free space on the database's disk, no new lead
 *   (StorageReserveError). The disk is seen on SQLite only: PostgreSQL's is its server's.
 * `check` runs the same tests without writing, before a proof of work is spent on a post they refuse.
 * Only stored submissions reach them: posts without a valid proof, or caught by the honeypot, are
 * refused before. Returns StoreContext.submit and StoreContext.checkSubmission.
 */
export function submitWithinLimits(db: Kysely<Database>, limits: SubmissionLimits, log: StoreLogger): Pick<StoreContext, 'submit' | 'checkSubmission'> {
  const networkWarning = limitWarning(
    log,
    'SUBMISSIONS_PER_NETWORK_PER_DAY',
    'leads from that network get 429 until its 24-hour window ends; other networks are not affected',
    {
      perDay: limits.perNetworkPerDay,
    },
  );
  const reserveWarning = limitWarning(log, 'STORAGE_RESERVE', "new leads get 503 and the page offers the firm's phone until space is freed", {
    reserveBytes: limits.reserve?.bytes,
  });

  async function checkReserve() {
    if (!limits.reserve || limits.reserve.bytes === 0) return;
    const free = await limits.reserve.freeBytes();
    if (free === undefined || free >= limits.reserve.bytes) return;
    reserveWarning.reached(undefined, { freeBytes: free });
    throw new StorageReserveError(free);
  }

  function overLimit(network: string, resetAt: number): NetworkLimitError {
    networkWarning.reached(network);
    return new NetworkLimitError(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
  }

  return {
    async checkSubmission(network) {
      await checkReserve();
      if (network === undefined || limits.perNetworkPerDay === undefined) return;
      const row = await db
        .selectFrom('rate_counters')
        .select(['count', 'expires_at'])
        .where('key', '=', COUNTER_KEYS.leads(network))
        .where('expires_at', '>', new Date().toISOString())
        .executeTakeFirst();
      if (row && row.count >= limits.perNetworkPerDay) throw overLimit(network, new Date(row.expires_at).getTime());
    },

    async submit(work, network) {
      await checkReserve();
      await db.transaction().execute(async (trx) => {
        await work(trx);
        if (network === undefined || limits.perNetworkPerDay === undefined) return;
        const { count, resetAt } = await hitCounter(trx, COUNTER_KEYS.leads(network), DAY_MS);
        if (count > limits.perNetworkPerDay) throw overLimit(network, resetAt);
      });
    },
  };
}
