import type { VoiceCallRecordsRepository } from './call-records-repository';
import { DAY_MS } from '../core/time';
import type { CallsApi } from './calls-api';

/**
 * Failures in a row after which a run asks Vapi nothing more (it is down, or refuses the key): the
 * calls left wait for the next run instead of each waiting out its own timeout.
 */
const FAILURES_IN_A_ROW = 3;

/**
 * How long after its end a call settled without its end-of-call report waits all the same: a
 * report retried late is still believed that long (REPORT_LATE_MS in ./call-reports.ts), and once
 * the id is gone it would be counted as another call.
 */
const REPORT_LATE_DAYS = 1;

/** VAPI_CALL_RETENTION_DAYS, and Vapi's API with the private key (undefined without VAPI_PRIVATE_KEY). */
export type VapiDeletion = { days: number; calls: Pick<CallsApi, 'remove'> | undefined };

export type VapiDeletionOutcome = {
  /** Records Vapi deleted, or answered it had none (404). */
  deleted: number;
  /** Records Vapi did not delete (an error, no answer): asked again at the next run. */
  failed: number;
  /** Records not asked for after FAILURES_IN_A_ROW failures: asked at the next run. */
  untried: number;
  /** Ids dropped here (./call-records-repository.ts, forgetDeletedVoiceCalls). */
  forgotten: number;
  /** One line for the operator when a record that is due was not deleted; undefined when none. */
  warning: string | undefined;
};

/**
 * The daily run's part for the demo's calls at Vapi (src/server/retention.ts, one instance at a
 * time): each call's record in the firm's account (transcript, summary, logs) is deleted
 * `days` after the call ended (0: at the first run once it is settled), never before, and
 * before its row goes with the figures (STATS_RETENTION_DAYS) if that comes first. Then its id is
 * dropped here, once no session of today holds it (the day's budget reads it). A record Vapi did not
 * delete keeps its id and is asked for again at the next run; the run says so in one warning,
 * however many failed.
 */
export async function deleteDemoCallsAtVapi(
  store: VoiceCallRecordsRepository,
  { days, calls }: VapiDeletion,
  { now, today, statsDays }: { now: Date; today: string; statsDays: number },
): Promise<VapiDeletionOutcome> {
  const daysBefore = (count: number) => new Date(now.getTime() - count * DAY_MS);
  const due = await store.voiceCallsDueAtVapi({
    endedBefore: daysBefore(days),
    unreportedEndedBefore: daysBefore(Math.max(days, REPORT_LATE_DAYS)),
    startedBefore: daysBefore(statsDays),
  });
  const outcome: VapiDeletionOutcome = { deleted: 0, failed: 0, untried: 0, forgotten: 0, warning: undefined };
  const oldest = due[0]?.endedAt;
  const since = oldest ? `, the oldest ended ${Math.floor((now.getTime() - oldest.getTime()) / DAY_MS)} days ago` : '';

  if (!calls) {
    if (due.length > 0) {
      outcome.warning = `${due.length} demo call record(s) at Vapi are past VAPI_CALL_RETENTION_DAYS (${days})${since}, but VAPI_PRIVATE_KEY is not set: the server cannot delete them (set it, or delete them in Vapi's dashboard)`;
    }
    return outcome;
  }

  let firstReason: string | undefined;
  let inARow = 0;
  for (const [index, call] of due.entries()) {
    try {
      await calls.remove(call.callId);
    } catch (error) {
      outcome.failed += 1;
      // The SDK's messages run over several lines (name, status, body): one line of the log.
      firstReason ??= (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 300);
      inARow += 1;
      if (inARow >= FAILURES_IN_A_ROW) {
        outcome.untried = due.length - index - 1;
        break;
      }
      continue;
    }
    inARow = 0;
    await store.voiceCallDeletedAtVapi(call.callId, now);
    outcome.deleted += 1;
  }
  outcome.forgotten = await store.forgetDeletedVoiceCalls(today);
  if (outcome.failed > 0) {
    const untried = outcome.untried > 0 ? ` and ${outcome.untried} not asked after ${FAILURES_IN_A_ROW} failures in a row` : '';
    outcome.warning = `${outcome.failed} demo call record(s) at Vapi could not be deleted${untried} (first: ${firstReason})${since}; asked again at the next daily run`;
  }
  return outcome;
}
