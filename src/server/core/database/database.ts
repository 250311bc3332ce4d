import { sql } from 'kysely';
import type { StoreContext } from './context';
import { guarded } from './errors';

/** What concerns the database as a whole rather than one kind of record. */
export interface DatabaseTasks {
  /**
   * Whether the database answers a read and can commit a write (a full disk or a read-only
   * database still answers reads). The write is a one-row update, made at most every
   * HEALTH_WRITE_EVERY_MS whoever asks; in between the last outcome is reused.
   */
  health(): Promise<StoreHealth>;
  /**
   * Runs `work` unless another instance is running work under the same lock; then it returns
   * `{ ran: false }` at once. PostgreSQL: a session advisory lock (pg_try_advisory_lock), held on
   * one connection of the pool while `work` runs. SQLite serves one instance: `work` just runs.
   */
  exclusively<T>(lock: ExclusiveLock, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }>;
}

export type StoreHealth = { status: 'ok' } | { status: 'unreachable' | 'cannot_write'; cause: unknown };

/**
 * Work that only one instance may do at a time, with its advisory lock key on PostgreSQL (the
 * second half of a two-part key whose first half says the lock is ours: 'ATIA').
 */
export const EXCLUSIVE_LOCKS = { retention: 1, voiceCalls: 2 } as const;
export type ExclusiveLock = keyof typeof EXCLUSIVE_LOCKS;
export const EXCLUSIVE_LOCK_NAMESPACE = 0x41544941;

/** A load balancer polling /api/health every second costs at most one small write per this. */
export const HEALTH_WRITE_EVERY_MS = 2_000;

export function databaseTasks({ db, engine, write }: StoreContext): DatabaseTasks {
  let lastWriteProbe: { at: number; outcome: Promise<StoreHealth> } | undefined;

  return {
    async health() {
      try {
        await sql`select 1`.execute(db);
      } catch (cause) {
        return { status: 'unreachable', cause };
      }
      if (!lastWriteProbe || Date.now() - lastWriteProbe.at >= HEALTH_WRITE_EVERY_MS) {
        const at = new Date();
        lastWriteProbe = {
          at: at.getTime(),
          outcome: write((trx) =>
            trx
              .insertInto('settings')
              .values({ name: 'health_write_probe', value: at.toISOString() })
              .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: at.toISOString() }))
              .execute(),
          ).then(
            (): StoreHealth => ({ status: 'ok' }),
            (cause: unknown): StoreHealth => ({ status: 'cannot_write', cause }),
          ),
        };
      }
      return lastWriteProbe.outcome;
    },

    async exclusively(lock, work) {
      if (engine === 'sqlite') return { ran: true, result: await work() };
      const key = EXCLUSIVE_LOCKS[lock];
      return guarded(() =>
        db.connection().execute(async (connection) => {
          const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${EXCLUSIVE_LOCK_NAMESPACE}, ${key}) as locked`.execute(connection);
          if (!rows[0]?.locked) return { ran: false as const };
          try {
            return { ran: true as const, result: await work() };
          } finally {
            await sql`select pg_advisory_unlock(${EXCLUSIVE_LOCK_NAMESPACE}, ${key})`.execute(connection);
          }
        }),
      );
    },
  };
}
