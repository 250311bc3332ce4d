/**
 * The voice demo's budget: what the firm pays for is minutes of calls, and Vapi takes only so many
 * calls at once. So the day's budget is counted in seconds of calls, from what Vapi reports, and
 * shared out so that no one source can spend it for everyone:
 *
 * - A key handed out (POST /api/voice/session) holds one longest call (VOICE_MAX_CALL_SECONDS) of
 *   the day and one line until it is seen as a call or expires. A key never used holds nothing
 *   once it has expired: it costs nothing.
 * - A call holds one longest call and a line from when Vapi reports it started (status-update
 *   in-progress) until its end-of-call report, which settles it at its real length and frees the
 *   line. A call whose report never comes keeps its longest length and frees its line after it.
 * - Each network (networkOf: an IPv4 /24, an IPv6 /48) may hold at most NETWORK_SHARE of the day's
 *   seconds and NETWORK_LINE_SHARE of the lines; one network's share is kept for networks not yet
 *   seen that day, so that networks already seen cannot spend the whole day between them.
 * - A call Vapi reports without a session of ours (the link stripped or forged) still counts
 *   against the day and the lines: whoever strips it gains nothing (their key still holds its own
 *   share until it expires).
 *
 * Pure: the store reads the day's holds, this decides. Everything is in seconds and milliseconds.
 */

export type VoiceBudget = {
  /** VOICE_MINUTES_PER_DAY × 60. */
  secondsPerDay: number;
  /** VOICE_MAX_CALL_SECONDS: what a call may last, so what a key or a call in progress holds. */
  maxCallSeconds: number;
  /** VOICE_MAX_CONCURRENT. */
  lines: number;
};

/** At most this part of the day's seconds goes to one network (at least one longest call). */
export const NETWORK_SHARE = 0.1;
/** At most this part of the lines is held by one network at once (at least one). */
export const NETWORK_LINE_SHARE = 0.2;
/**
 * How long after the key's own expiry it still holds its share: the page asks for the microphone,
 * then starts the call, and Vapi's status-update takes a moment to arrive.
 */
export const START_GRACE_SECONDS = 30;
/** A call with no end-of-call report frees its line this long after it could have ended at the latest. */
export const REPORT_GRACE_SECONDS = 60;

/** One hold of the day, as the store reads it. */
export type Hold = {
  network: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
  call: { startedAt: number; durationSeconds: number | null } | null;
};

/** Why no key: the day's (or the network's) minutes are spent, or every line (or the network's) is in use for now. */
export type BudgetRefusal = 'budget-spent' | 'lines-busy';

type Totals = { settled: number; held: number; lines: number };

export function shares(budget: VoiceBudget) {
  const networkSeconds = Math.max(budget.maxCallSeconds, Math.floor(budget.secondsPerDay * NETWORK_SHARE));
  return {
    networkSeconds,
    /** Kept for networks not yet seen today. */
    keptSeconds: networkSeconds,
    networkLines: Math.max(1, Math.ceil(budget.lines * NETWORK_LINE_SHARE)),
  };
}

/** Seconds settled (ended calls, and calls whose report never came), seconds held (keys, calls in progress), lines in use. */
export function totals(holds: readonly Hold[], budget: VoiceBudget, now: number): Totals {
  const sum: Totals = { settled: 0, held: 0, lines: 0 };
  const longest = budget.maxCallSeconds;
  for (const hold of holds) {
    if (!hold.call) {
      if (hold.expiresAt > now) {
        sum.held += longest;
        sum.lines += 1;
      }
    } else if (hold.call.durationSeconds !== null) {
      sum.settled += hold.call.durationSeconds;
    } else if (hold.call.startedAt + (longest + REPORT_GRACE_SECONDS) * 1000 > now) {
      sum.held += longest;
      sum.lines += 1;
    } else {
      sum.settled += longest;
    }
  }
  return sum;
}

/**
 * Whether `network` may have one more key now, given the day's holds: undefined when it may, else why
 * not. 'budget-spent' only when what is settled leaves no room (it stays so until the day ends);
 * 'lines-busy' when what is held for now (keys, calls in progress) is in the way (it passes in a minute or two).
 */
export function refusal(holds: readonly Hold[], network: string, budget: VoiceBudget, now: number): BudgetRefusal | undefined {
  const { networkSeconds, keptSeconds, networkLines } = shares(budget);
  const mine = holds.filter((hold) => hold.network === network);
  const all = totals(holds, budget, now);
  const own = totals(mine, budget, now);
  const call = budget.maxCallSeconds;
  // A network seen today leaves one share to the networks not yet seen.
  const dayLimit = mine.length > 0 ? budget.secondsPerDay - keptSeconds : budget.secondsPerDay;
  if (all.settled + call > dayLimit || own.settled + call > networkSeconds) return 'budget-spent';
  if (all.lines >= budget.lines || own.lines >= networkLines) return 'lines-busy';
  if (all.settled + all.held + call > dayLimit || own.settled + own.held + call > networkSeconds) return 'lines-busy';
  return undefined;
}

/** The budget as configured (VOICE_MINUTES_PER_DAY, VOICE_MAX_CALL_SECONDS, VOICE_MAX_CONCURRENT). */
export function voiceBudget(voice: { minutesPerDay: number; maxCallSeconds: number; maxConcurrent: number }): VoiceBudget {
  return { secondsPerDay: voice.minutesPerDay * 60, maxCallSeconds: voice.maxCallSeconds, lines: voice.maxConcurrent };
}
