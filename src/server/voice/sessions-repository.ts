import { randomBytes } from 'node:crypto';
import { type BudgetRefusal, type Hold, type VoiceBudget, refusal as budgetRefusal } from './budget';
import type { Runner, StoreContext } from '../core/database/context';

/**
 * The voice demo's sessions and what each holds of the day's budget (policy:
 * src/server/voice/budget.ts), until the call it placed is settled. Shared by every instance on one
 * database: a session is admitted under the day's lock row, so a burst on several instances cannot
 * hand out more than the budget and the lines have left; a session's key is used by one conditional
 * update, so it places one call whichever instance it reaches. The calls' own records:
 * ./voice-call-records.ts.
 */
export interface VoiceSessionsRepository {
  /** Why `network` would get no session now (nothing written): asked before a proof of work is spent. */
  voiceSessionRefusal(request: VoiceSessionRequest): Promise<BudgetRefusal | undefined>;
  /**
   * Admits one session for `network`: a hold on the day's budget until `expiresAt`, named by the
   * key returned (the page's SDK sends it back as its Bearer to place the call). The day's first
   * session deletes the holds of the days before.
   */
  admitVoiceSession(
    request: VoiceSessionRequest & { expiresAt: Date; locale: string },
  ): Promise<{ ok: true; session: string } | { ok: false; refusal: BudgetRefusal }>;
  /**
   * Uses a session's key, once: the session's language and day, or why not ('session_expired': unknown
   * or past `expiresAt`; 'session_used': it has placed, or is placing, its call).
   */
  useVoiceSession(session: string, now: Date): Promise<{ ok: true; locale: string; day: string } | { ok: false; refusal: SessionRefusal }>;
  /**
   * The call Vapi placed for a used session: it holds its line from now until it is settled. False
   * (and the session's hold gone) when another session's hold already has that call id.
   */
  voiceCallPlaced(session: string, call: { callId: string; controlUrl: string | null; now: Date }): Promise<boolean>;
  /** Vapi did not place the session's call: its hold goes, and the line with it. */
  voiceCallNotPlaced(session: string): Promise<void>;
  /** Placed calls not reported started, placed at or before `before`: the keeper asks Vapi about them. */
  unjoinedVoiceCalls(before: Date): Promise<Array<{ callId: string; locale: string; controlUrl: string | null }>>;
  /** A placed call that never started, ended by the server: it holds nothing more. */
  endUnjoinedVoiceCall(callId: string, now: Date): Promise<void>;
  /** The day's holds (tests and the budget's inspection). */
  voiceHolds(day: string): Promise<Array<Hold & { id: string; callId: string | null }>>;
}

export type VoiceSessionRequest = { day: string; network: string; budget: VoiceBudget; now: Date };

export type SessionRefusal = 'session_expired' | 'session_used';

const ms = (value: Date | string) => new Date(value).getTime();
const msOrNull = (value: Date | string | null) => (value === null ? null : ms(value));

async function holdsOf(runner: Runner, day: string): Promise<Array<Hold & { id: string; callId: string | null }>> {
  const rows = await runner
    .selectFrom('voice_holds')
    .leftJoin('voice_calls', 'voice_calls.call_id', 'voice_holds.call_id')
    .select([
      'voice_holds.id',
      'voice_holds.network',
      'voice_holds.expires_at',
      'voice_holds.used_at',
      'voice_holds.placed_at',
      'voice_holds.ended_at',
      'voice_holds.call_id',
      'voice_calls.started_at',
      'voice_calls.duration_seconds',
    ])
    .where('voice_holds.day', '=', day)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    callId: row.call_id,
    network: row.network,
    expiresAt: ms(row.expires_at),
    usedAt: msOrNull(row.used_at),
    placedAt: msOrNull(row.placed_at),
    endedAt: msOrNull(row.ended_at),
    call: row.call_id && row.started_at ? { startedAt: ms(row.started_at), durationSeconds: row.duration_seconds ?? null } : null,
  }));
}

/** Thrown inside an admission to roll it back. */
class Refused {
  constructor(readonly refusal: BudgetRefusal) {}
}

export function voiceSessionsRepository({ db, write }: StoreContext): VoiceSessionsRepository {
  return {
    async voiceSessionRefusal({ day, network, budget, now }) {
      return budgetRefusal(await holdsOf(db, day), network, budget, now.getTime());
    },

    async admitVoiceSession({ day, network, budget, now, expiresAt, locale }) {
      // 128 random bits: the key that places one call.
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
          await trx.insertInto('voice_holds').values({ id: session, day, network, locale, expires_at: expiresAt.toISOString(), call_id: null }).execute();
        });
        return { ok: true, session };
      } catch (error) {
        if (error instanceof Refused) return { ok: false, refusal: error.refusal };
        throw error;
      }
    },

    async useVoiceSession(session, now) {
      let outcome: { ok: true; locale: string; day: string } | { ok: false; refusal: SessionRefusal } = { ok: false, refusal: 'session_expired' };
      await write(async (trx) => {
        // One conditional update: of two uses at once, on any instances, one finds the key unused.
        const used = await trx
          .updateTable('voice_holds')
          .set({ used_at: now.toISOString() })
          .where('id', '=', session)
          .where('used_at', 'is', null)
          .where('call_id', 'is', null)
          .where('locale', 'is not', null)
          .where('expires_at', '>', now.toISOString())
          .returning(['locale', 'day'])
          .executeTakeFirst();
        if (used?.locale) {
          outcome = { ok: true, locale: used.locale, day: used.day };
          return;
        }
        const known = await trx.selectFrom('voice_holds').select(['used_at', 'call_id']).where('id', '=', session).executeTakeFirst();
        if (known && (known.used_at !== null || known.call_id !== null)) outcome = { ok: false, refusal: 'session_used' };
      });
      return outcome;
    },

    async voiceCallPlaced(session, { callId, controlUrl, now }) {
      let placed = false;
      await write(async (trx) => {
        const taken = await trx.selectFrom('voice_holds').select('id').where('call_id', '=', callId).where('id', '<>', session).executeTakeFirst();
        if (taken) {
          await trx.deleteFrom('voice_holds').where('id', '=', session).where('call_id', 'is', null).execute();
          return;
        }
        await trx
          .updateTable('voice_holds')
          .set({ call_id: callId, placed_at: now.toISOString(), control_url: controlUrl })
          .where('id', '=', session)
          .execute();
        placed = true;
      });
      return placed;
    },

    async voiceCallNotPlaced(session) {
      await write((trx) => trx.deleteFrom('voice_holds').where('id', '=', session).where('call_id', 'is', null).execute());
    },

    async unjoinedVoiceCalls(before) {
      const rows = await db
        .selectFrom('voice_holds')
        .leftJoin('voice_calls', 'voice_calls.call_id', 'voice_holds.call_id')
        .select(['voice_holds.call_id', 'voice_holds.locale', 'voice_holds.control_url'])
        .where('voice_holds.placed_at', 'is not', null)
        .where('voice_holds.placed_at', '<=', before.toISOString())
        .where('voice_holds.ended_at', 'is', null)
        .where('voice_holds.call_id', 'is not', null)
        .where('voice_calls.call_id', 'is', null)
        .execute();
      return rows.flatMap((row) => (row.call_id ? [{ callId: row.call_id, locale: row.locale ?? '', controlUrl: row.control_url }] : []));
    },

    async endUnjoinedVoiceCall(callId, now) {
      await write((trx) =>
        trx
          .updateTable('voice_holds')
          .set({ ended_at: now.toISOString(), control_url: null })
          .where('call_id', '=', callId)
          .where('ended_at', 'is', null)
          .execute(),
      );
    },

    voiceHolds: (day) => holdsOf(db, day),
  };
}
