import { randomBytes } from 'node:crypto';
import { type BudgetRefusal, type Hold, type VoiceBudget, refusal as budgetRefusal } from '../vapi/budget';
import type { Runner, StoreContext } from './context';

/**
 * The voice demo's calls and the holds on its budget (policy: src/server/vapi/budget.ts). Shared by
 * every instance on one database: a key is admitted under the day's lock row, so a burst on several
 * instances cannot hand out more than the budget and the lines have left.
 */
export interface VoiceRepository {
  /** Why `network` would get no key now (nothing written): asked before a proof of work is spent. */
  voiceSessionRefusal(request: VoiceSessionRequest): Promise<BudgetRefusal | undefined>;
  /**
   * Admits one key for `network`: a hold on the day's budget until `expiresAt`, named by the
   * session id returned (the page sends it back through Vapi with the call). The day's first key
   * deletes the holds of the days before.
   */
  admitVoiceSession(request: VoiceSessionRequest & { expiresAt: Date }): Promise<{ ok: true; session: string } | { ok: false; refusal: BudgetRefusal }>;
  /**
   * A call Vapi reported (started, or ended with its length): its row in voice_calls, once, and its
   * hold: the session's it names when that session has not become a call yet, else a new hold of
   * the session's network (a key used twice), or of no network (no session of ours). An end settles
   * the call's length (the first report wins). Idempotent: Vapi may send a message again.
   */
  recordVoiceCall(call: SeenCall): Promise<void>;
  /** The day's holds (tests and the budget's inspection). */
  voiceHolds(day: string): Promise<Array<Hold & { id: string }>>;
}

export type VoiceSessionRequest = { day: string; network: string; budget: VoiceBudget; now: Date };

export type SeenCall = {
  callId: string;
  /** The session id the call carried back, if any: a claim, checked against the holds. */
  session: string | undefined;
  locale: string;
  /** The firm's day the call counts in when it names no session of ours. */
  day: string;
  startedAt: Date;
  ended?: { endedAt: Date; durationSeconds: number; reason: string | null };
};

const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
const ms = (value: Date | string) => new Date(value).getTime();

async function holdsOf(runner: Runner, day: string): Promise<Array<Hold & { id: string }>> {
  const rows = await runner
    .selectFrom('voice_holds')
    .leftJoin('voice_calls', 'voice_calls.call_id', 'voice_holds.call_id')
    .select([
      'voice_holds.id',
      'voice_holds.network',
      'voice_holds.expires_at',
      'voice_holds.call_id',
      'voice_calls.started_at',
      'voice_calls.duration_seconds',
    ])
    .where('voice_holds.day', '=', day)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    network: row.network,
    expiresAt: ms(row.expires_at),
    call: row.call_id && row.started_at ? { startedAt: ms(row.started_at), durationSeconds: row.duration_seconds ?? null } : null,
  }));
}

/** Thrown inside an admission to roll it back. */
class Refused {
  constructor(readonly refusal: BudgetRefusal) {}
}

export function voiceRepository({ db, write }: StoreContext): VoiceRepository {
  return {
    async voiceSessionRefusal({ day, network, budget, now }) {
      return budgetRefusal(await holdsOf(db, day), network, budget, now.getTime());
    },

    async admitVoiceSession({ day, network, budget, now, expiresAt }) {
      const session = randomBytes(16).toString('base64url');
      try {
        await write(async (trx) => {
          // The day's row first: its lock (held until the commit) makes every instance's admissions of the day one at a time.
          const { count } = await trx
            .insertInto('voice_session_counts')
            .values({ day, count: 1 })
            .onConflict((conflict) => conflict.column('day').doUpdateSet((eb) => ({ count: eb('voice_session_counts.count', '+', 1) })))
            .returning('count')
            .executeTakeFirstOrThrow();
          if (count === 1) {
            await trx.deleteFrom('voice_session_counts').where('day', '<>', day).execute();
            await trx.deleteFrom('voice_holds').where('day', '<>', day).execute();
          }
          const refused = budgetRefusal(await holdsOf(trx, day), network, budget, now.getTime());
          if (refused) throw new Refused(refused);
          await trx.insertInto('voice_holds').values({ id: session, day, network, expires_at: expiresAt.toISOString(), call_id: null }).execute();
        });
        return { ok: true, session };
      } catch (error) {
        if (error instanceof Refused) return { ok: false, refusal: error.refusal };
        throw error;
      }
    },

    async recordVoiceCall({ callId, session, locale, day, startedAt, ended }) {
      await write(async (trx) => {
        await trx
          .insertInto('voice_calls')
          .values({ call_id: callId, locale, started_at: startedAt.toISOString() })
          .onConflict((conflict) => conflict.column('call_id').doNothing())
          .execute();
        if (ended) {
          await trx
            .updateTable('voice_calls')
            .set({ ended_at: ended.endedAt.toISOString(), duration_seconds: ended.durationSeconds, ended_reason: ended.reason })
            .where('call_id', '=', callId)
            .where('duration_seconds', 'is', null)
            .execute();
        }
        const held = await trx.selectFrom('voice_holds').select('id').where('call_id', '=', callId).executeTakeFirst();
        if (held) return;
        const claimed = session ? await trx.selectFrom('voice_holds').selectAll().where('id', '=', session).executeTakeFirst() : undefined;
        if (claimed && claimed.call_id === null) {
          const linked = await trx
            .updateTable('voice_holds')
            .set({ call_id: callId })
            .where('id', '=', claimed.id)
            .where('call_id', 'is', null)
            .executeTakeFirst();
          if (Number(linked.numUpdatedRows) === 1) return;
        }
        await trx
          .insertInto('voice_holds')
          .values({
            id: randomBytes(16).toString('base64url'),
            day: claimed?.day ?? day,
            network: claimed?.network ?? null,
            expires_at: iso(startedAt),
            call_id: callId,
          })
          .onConflict((conflict) => conflict.column('call_id').doNothing())
          .execute();
      });
    },

    voiceHolds: (day) => holdsOf(db, day),
  };
}
