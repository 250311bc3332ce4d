import { randomBytes } from 'node:crypto';
import { type StoreContext, isoTimestamp } from '../core/database/context';

/**
 * The voice demo's calls as Vapi reported them (voice_calls: language, start, end, length, cost,
 * how it ended; nothing about who called): each tied to the hold of the session that placed it
 * (./voice-sessions.ts), settled once, deleted at Vapi and here when the retention says so.
 */
export interface VoiceCallRecordsRepository {
  /**
   * A call Vapi reported (started, or ended with its length), or the server looked up: its row in
   * voice_calls, once, and its hold (the session's that placed it, else a new hold of no network: a
   * call this server did not place). An end settles the call's length and cost: the end-of-call
   * report's overrides a settlement made without it. Idempotent: Vapi may send a message again.
   */
  recordVoiceCall(call: SeenCall): Promise<void>;
  /** Started calls with no end-of-call report, started at or before `before`. */
  unreportedVoiceCalls(before: Date): Promise<Array<{ callId: string; locale: string; startedAt: Date }>>;
  /**
   * The daily purge's part: the holds (with the network each session went to) and session counts
   * of the days before `today`, and the calls started before `callsBefore` (STATS_RETENTION_DAYS).
   */
  purgeVoice(options: { today: string; callsBefore: Date }): Promise<{ holds: number; calls: number }>;
  /**
   * The calls whose record is to be deleted at Vapi now (VAPI_CALL_RETENTION_DAYS,
   * ./call-deletion.ts), oldest first: not deleted yet, and settled with an end at or before
   * `endedBefore` (`unreportedEndedBefore` when settled without its end-of-call report, which may
   * still come until then), or started before `startedBefore` (their rows go with the figures).
   */
  voiceCallsDueAtVapi(options: {
    endedBefore: Date;
    unreportedEndedBefore: Date;
    startedBefore: Date;
  }): Promise<Array<{ callId: string; endedAt: Date | null }>>;
  /** Vapi deleted the call's record (or had none): noted, so it is not asked again. */
  voiceCallDeletedAtVapi(callId: string, now: Date): Promise<void>;
  /**
   * Drops the ids of the calls deleted at Vapi that no session of `today` or later holds (the
   * day's budget reads its calls through them): `call_id` becomes NULL, and whether the call ended
   * in a callback request is written in the row, so the figures stay as they were. How many.
   */
  forgetDeletedVoiceCalls(today: string): Promise<number>;
  /**
   * The calls that started between the two instants (`to` excluded): their language, length, what
   * Vapi billed for each (US dollars; null while not known), and whether the caller asked to be
   * called back (a lead of the call's, or the row's own mark once the call's id is gone). The one
   * place the figures read the calls from.
   */
  callsBetween(from: Date, to: Date): Promise<CallLine[]>;
}

/** A call as the figures count it. */
export type CallLine = { startedAt: string; locale: string | null; seconds: number | null; cost: number | null; callback: boolean };

export type SeenCall = {
  callId: string;
  /** The session id the call carried back, if any: a claim, checked against the holds. */
  session: string | undefined;
  locale: string;
  /** The firm's day the call counts in when it names no session of ours. */
  day: string;
  startedAt: Date;
  ended?: { endedAt: Date; durationSeconds: number; reason: string | null; cost: number | null; settledBy: 'report' | 'vapi' | 'longest' };
};

const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

export function voiceCallRecordsRepository({ db, write }: StoreContext): VoiceCallRecordsRepository {
  return {
    async recordVoiceCall({ callId, session, locale, day, startedAt, ended }) {
      await write(async (trx) => {
        await trx
          .insertInto('voice_calls')
          .values({ call_id: callId, locale, started_at: startedAt.toISOString() })
          .onConflict((conflict) => conflict.column('call_id').doNothing())
          .execute();
        if (ended) {
          let settle = trx
            .updateTable('voice_calls')
            .set({
              ended_at: ended.endedAt.toISOString(),
              duration_seconds: ended.durationSeconds,
              ended_reason: ended.reason,
              cost: ended.cost,
              settled_by: ended.settledBy,
            })
            .where('call_id', '=', callId);
          // The first settlement stands, but the report's own figures replace a guess made without it.
          settle =
            ended.settledBy === 'report'
              ? settle.where((eb) => eb.or([eb('duration_seconds', 'is', null), eb('settled_by', 'is', null), eb('settled_by', '<>', 'report')]))
              : settle.where('duration_seconds', 'is', null);
          await settle.execute();
          // The control URL is no longer needed once the call is over.
          await trx.updateTable('voice_holds').set({ control_url: null }).where('call_id', '=', callId).execute();
        }
        const held = await trx.selectFrom('voice_holds').select('id').where('call_id', '=', callId).executeTakeFirst();
        if (held) return;
        // Vapi's message arrived before the placement was written: the session that is placing it.
        if (session) {
          const linked = await trx
            .updateTable('voice_holds')
            .set({ call_id: callId })
            .where('id', '=', session)
            .where('call_id', 'is', null)
            .where('used_at', 'is not', null)
            .executeTakeFirst();
          if (Number(linked.numUpdatedRows) === 1) return;
        }
        await trx
          .insertInto('voice_holds')
          .values({ id: randomBytes(16).toString('base64url'), day, network: null, expires_at: iso(startedAt), call_id: callId })
          .onConflict((conflict) => conflict.column('call_id').doNothing())
          .execute();
      });
    },

    async unreportedVoiceCalls(before) {
      const rows = await db
        .selectFrom('voice_calls')
        .select(['call_id', 'locale', 'started_at'])
        .where('duration_seconds', 'is', null)
        .where('started_at', '<=', before.toISOString())
        .execute();
      return rows.flatMap((row) => (row.call_id ? [{ callId: row.call_id, locale: row.locale, startedAt: new Date(row.started_at) }] : []));
    },

    async voiceCallsDueAtVapi({ endedBefore, unreportedEndedBefore, startedBefore }) {
      const rows = await db
        .selectFrom('voice_calls')
        .select(['call_id', 'ended_at'])
        .where('call_id', 'is not', null)
        .where('vapi_deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('duration_seconds', 'is not', null),
              eb('ended_at', '<=', endedBefore.toISOString()),
              eb.or([eb('settled_by', '=', 'report'), eb('ended_at', '<=', unreportedEndedBefore.toISOString())]),
            ]),
            eb('started_at', '<', startedBefore.toISOString()),
          ]),
        )
        .orderBy('started_at')
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => (row.call_id ? [{ callId: row.call_id, endedAt: row.ended_at === null ? null : new Date(row.ended_at) }] : []));
    },

    async voiceCallDeletedAtVapi(callId, now) {
      await write((trx) =>
        trx.updateTable('voice_calls').set({ vapi_deleted_at: now.toISOString() }).where('call_id', '=', callId).where('vapi_deleted_at', 'is', null).execute(),
      );
    },

    async forgetDeletedVoiceCalls(today) {
      let forgotten = 0;
      await write(async (trx) => {
        const result = await trx
          .updateTable('voice_calls')
          .set((eb) => ({
            // One lead per call (contact_submissions.call_id is UNIQUE): the figures' callback column, kept without the id.
            callback: eb
              .case()
              .when(
                eb.exists(
                  eb.selectFrom('contact_submissions').select('contact_submissions.id').whereRef('contact_submissions.call_id', '=', 'voice_calls.call_id'),
                ),
              )
              .then(1)
              .else(0)
              .end(),
            call_id: null,
          }))
          .where('call_id', 'is not', null)
          .where('vapi_deleted_at', 'is not', null)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('voice_holds')
                  .select('voice_holds.id')
                  .whereRef('voice_holds.call_id', '=', 'voice_calls.call_id')
                  .where('voice_holds.day', '>=', today),
              ),
            ),
          )
          .executeTakeFirst();
        forgotten = Number(result.numUpdatedRows);
      });
      return forgotten;
    },

    async purgeVoice({ today, callsBefore }) {
      const deleted = { holds: 0, calls: 0 };
      await write(async (trx) => {
        deleted.holds = Number((await trx.deleteFrom('voice_holds').where('day', '<', today).executeTakeFirst()).numDeletedRows);
        await trx.deleteFrom('voice_session_counts').where('day', '<', today).execute();
        deleted.calls = Number((await trx.deleteFrom('voice_calls').where('started_at', '<', callsBefore.toISOString()).executeTakeFirst()).numDeletedRows);
      });
      return deleted;
    },

    async callsBetween(from, to) {
      // voice_calls (migrations 0013, 0014): one row per call Vapi reported; the one place the figures read it.
      const rows = await db
        .selectFrom('voice_calls')
        .select((eb) => [
          'started_at',
          'locale',
          'duration_seconds',
          'cost',
          // A call ended in a callback request when the agent stored one for it (one lead per call).
          // Once the call's id is gone (deleted at Vapi, ./call-deletion.ts), the row says it itself.
          eb
            .or([
              eb('voice_calls.callback', '=', 1),
              eb.exists(eb.selectFrom('contact_submissions').select('id').whereRef('contact_submissions.call_id', '=', 'voice_calls.call_id')),
            ])
            .as('callback'),
        ])
        .where('started_at', '>=', from.toISOString())
        .where('started_at', '<', to.toISOString())
        .execute();
      return rows.map((row) => ({
        startedAt: isoTimestamp(row.started_at),
        locale: row.locale,
        seconds: row.duration_seconds,
        cost: row.cost === null ? null : Number(row.cost),
        callback: Boolean(row.callback),
      }));
    },
  };
}
