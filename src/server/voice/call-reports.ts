import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_METADATA_KEY } from '../../contracts/voice';
import type { VoiceConfig } from '../core/config';
import type { StoreAccess } from '../core/plugins/storage';
import type { VoiceStore } from './store';
import { DAY_MS, MINUTE_MS } from '../core/time';
import { budgetDay } from './budget-day';
import { callLanguage } from './call-language';
import { CALL_IN_PROGRESS, type ServerMessage, callReportOf } from './server-messages';

/** Longest length a report is believed for (Vapi's own bound on maxDurationSeconds). */
const LONGEST_CALL_SECONDS = 43_200;
/** Most a call's cost is believed to be, in US dollars (far beyond 12 hours at any of Vapi's rates). */
const HIGHEST_CALL_COST = 10_000;

/** A call's length in whole seconds, rounded up, from what Vapi gave: its own count if any, else its times. */
export function callSeconds(startedAt: Date, endedAt: Date, given?: unknown): number {
  const seconds = typeof given === 'number' && Number.isFinite(given) ? given : (endedAt.getTime() - startedAt.getTime()) / 1000;
  return Math.min(LONGEST_CALL_SECONDS, Math.max(0, Math.ceil(Number.isFinite(seconds) ? seconds : 0)));
}

/** How far after the moment it arrives a report's times are believed: a clock a little ahead. */
const CLOCK_AHEAD_MS = MINUTE_MS;
/** How long before the moment it arrives a call is believed to have ended: a report retried for a day. */
const REPORT_LATE_MS = DAY_MS;

/** A date, when it falls between `earliest` and `latest` (milliseconds); otherwise it is not believed. */
const believed = (date: Date | undefined, earliest: number, latest: number) =>
  date !== undefined && date.getTime() >= earliest && date.getTime() <= latest ? date : undefined;

/**
 * A call's times as they are believed, from what a message says and the moment it arrived (`now`).
 * It ended when it says if that is between a day before and a minute after now, else now; it
 * started when it says if that is within LONGEST_CALL_SECONDS before it ended, else its length
 * (`durationSeconds`) before it ended; its length from those. A report dated 2001 or 2099, or with
 * dates that cannot be read, is charged to the day it arrives, never to another, and never for
 * more than the longest call.
 */
function callTimes(
  now: Date,
  said: { startedAt?: Date | undefined; endedAt?: Date | undefined; durationSeconds?: unknown },
): { startedAt: Date; endedAt: Date; durationSeconds: number } {
  const endedAt = believed(said.endedAt, now.getTime() - REPORT_LATE_MS, now.getTime() + CLOCK_AHEAD_MS) ?? now;
  const end = endedAt.getTime();
  const startedAt =
    believed(said.startedAt, end - LONGEST_CALL_SECONDS * 1000, end) ?? new Date(end - callSeconds(endedAt, endedAt, said.durationSeconds) * 1000);
  return { startedAt, endedAt, durationSeconds: callSeconds(startedAt, endedAt, said.durationSeconds) };
}

/** What Vapi billed, when it is a plausible amount. */
export function callCost(cost: unknown): number | null {
  return typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 && cost <= HIGHEST_CALL_COST ? cost : null;
}

/**
 * What Vapi reports of a call's life, for the day's budget and the firm's statistics:
 * - status-update "in-progress": the call started; it counts from now (src/server/voice/budget.ts).
 * - end-of-call-report: its real length settles it; and its summary (and transcript, with
 *   VOICE_LEAD_TRANSCRIPT=on) goes to that call's lead with a follow-up notification, when the
 *   agent took one (a call without a lead leaves nothing of what was said).
 * The session id the page gave the call (assistantOverrides.metadata) ties it to its key's network.
 */
export function callReports(
  app: FastifyInstance,
  options: { store: StoreAccess<VoiceStore>; voice: Pick<VoiceConfig, 'leads' | 'assistantIds'>; timeZone: string; now?: (() => Date) | undefined },
) {
  const { leads } = options.voice;
  const now = options.now ?? (() => new Date());

  function seen(message: ServerMessage, callId: string, startedAt: Date) {
    return {
      callId,
      session: sessionOf(message),
      locale: callLanguage(message, options.voice.assistantIds),
      day: budgetDay(startedAt, options.timeZone).day,
      startedAt,
    };
  }

  return {
    async statusUpdate(request: FastifyRequest, message: ServerMessage): Promise<void> {
      const callId = message.call?.id;
      if (message.status !== CALL_IN_PROGRESS || !callId) return;
      // In progress: it started within the longest call before now (now, if it does not say so).
      const { startedAt } = callTimes(now(), { startedAt: dateOf(message.call?.startedAt) });
      await options.store.get().recordVoiceCall(seen(message, callId, startedAt));
      request.logFields = { ...request.logFields, voiceCall: 'started' };
    },

    async endOfCall(request: FastifyRequest, message: ServerMessage): Promise<void> {
      const callId = message.call?.id;
      if (!callId) return;
      const { startedAt, endedAt, durationSeconds } = callTimes(now(), {
        startedAt: dateOf(message.startedAt ?? message.call?.startedAt),
        endedAt: dateOf(message.endedAt ?? message.call?.endedAt),
        durationSeconds: message.durationSeconds,
      });
      await options.store.get().recordVoiceCall({
        ...seen(message, callId, startedAt),
        ended: { endedAt, durationSeconds, reason: message.endedReason?.slice(0, 200) ?? null, cost: callCost(message.cost), settledBy: 'report' },
      });
      request.logFields = { ...request.logFields, voiceCall: 'ended', durationSeconds };

      const report = callReportOf(message);
      if (!(report.summary || (leads?.keepTranscript && report.transcript))) return;
      const attached = await app.leads.attachCallReport(callId, { summary: report.summary, transcript: leads?.keepTranscript ? report.transcript : null });
      request.logFields = { ...request.logFields, callReport: attached };
      if (attached === 'attached') app.outbox.nudge();
    },
  };
}

/** The session id the page set on the call, if it reads as one (a claim the store checks against its holds). */
function sessionOf(message: ServerMessage): string | undefined {
  const overrides = message.call?.assistantOverrides;
  const value = overrides?.metadata?.[SESSION_METADATA_KEY] ?? overrides?.variableValues?.[SESSION_METADATA_KEY];
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : undefined;
}

function dateOf(text: string | null | undefined): Date | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
