import type { FastifyBaseLogger } from 'fastify';
import type { VoiceStore } from './store';
import { JOIN_GRACE_SECONDS, REPORT_GRACE_SECONDS } from './budget';
import { budgetDay } from './budget-day';
import { callCost, callSeconds } from './call-reports';
import type { CallRecord, CallsApi } from './calls-api';

/**
 * What the server does on its own for the calls it placed, so that no line or minute is held by a
 * call that does not exist and every call is settled (one instance at a time, every few seconds:
 * src/server/voice/keeper-schedule.ts):
 *
 * - A placed call Vapi has not reported started JOIN_GRACE_SECONDS after it was placed is looked
 *   up (GET /call/{id}): started after all (its message was lost), it is recorded so; otherwise it
 *   is ended through its control URL ({type: "end-call"}), its record at Vapi deleted, and it
 *   holds nothing more: the visitor never joined.
 * - A started call with no end-of-call report by its longest length plus REPORT_GRACE_SECONDS is
 *   settled from Vapi's own record (its start, end, reason and cost); only when Vapi cannot be asked,
 *   or its record has no end, is it charged its longest length. A report arriving later replaces
 *   those figures with its own.
 */
export async function keepVoiceCalls(options: {
  store: VoiceStore;
  calls: CallsApi;
  maxCallSeconds: number;
  timeZone: string;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<{ ended: number; settled: number }> {
  const { store, calls, now, log } = options;
  let ended = 0;
  let settled = 0;

  const record = async (callId: string, locale: string, found: CallRecord) => {
    if (!found.startedAt) return false;
    const ending =
      found.endedAt && found.endedAt >= found.startedAt
        ? {
            endedAt: found.endedAt,
            durationSeconds: callSeconds(found.startedAt, found.endedAt),
            reason: found.endedReason?.slice(0, 200) ?? null,
            cost: callCost(found.cost),
            settledBy: 'vapi' as const,
          }
        : undefined;
    await store.recordVoiceCall({
      callId,
      session: undefined,
      locale,
      day: budgetDay(found.startedAt, options.timeZone).day,
      startedAt: found.startedAt,
      ...(ending ? { ended: ending } : {}),
    });
    return true;
  };

  for (const call of await store.unjoinedVoiceCalls(new Date(now.getTime() - JOIN_GRACE_SECONDS * 1000))) {
    const found = await calls.get(call.callId).catch((error: unknown) => {
      log.warn({ err: error, callId: call.callId }, 'voice call: Vapi could not be asked whether a placed call started; ending it');
      return undefined;
    });
    if (found && (await record(call.callId, call.locale, found))) continue;
    if (call.controlUrl && found?.status !== 'ended') {
      await calls.end(call.controlUrl).catch((error: unknown) => log.warn({ err: error, callId: call.callId }, 'voice call: its control URL did not end it'));
    }
    await store.endUnjoinedVoiceCall(call.callId, now);
    // Nobody spoke in it and it is never counted: its record at Vapi goes now, not after
    // VAPI_CALL_RETENTION_DAYS (no row of voice_calls would ever ask for it).
    await calls
      .remove(call.callId)
      .catch((error: unknown) => log.warn({ err: error, callId: call.callId }, 'voice call: its record at Vapi could not be deleted'));
    log.info({ callId: call.callId }, 'voice call: placed but never joined; ended, its record at Vapi deleted, its line is free');
    ended += 1;
  }

  const longest = options.maxCallSeconds;
  for (const call of await store.unreportedVoiceCalls(new Date(now.getTime() - (longest + REPORT_GRACE_SECONDS) * 1000))) {
    const found = await calls.get(call.callId).catch((error: unknown) => {
      log.warn({ err: error, callId: call.callId }, 'voice call: no end-of-call report and Vapi could not be asked; charged its longest length');
      return undefined;
    });
    if (found?.endedAt && (await record(call.callId, call.locale, { ...found, startedAt: found.startedAt ?? call.startedAt }))) {
      settled += 1;
      continue;
    }
    await store.recordVoiceCall({
      callId: call.callId,
      session: undefined,
      locale: call.locale,
      day: budgetDay(call.startedAt, options.timeZone).day,
      startedAt: call.startedAt,
      ended: {
        endedAt: new Date(call.startedAt.getTime() + longest * 1000),
        durationSeconds: longest,
        reason: null,
        cost: callCost(found?.cost),
        settledBy: 'longest',
      },
    });
    settled += 1;
  }
  return { ended, settled };
}
