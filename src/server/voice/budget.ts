/**
 * The voice demo's budget: what the firm pays for is minutes of calls, and Vapi takes only so many
 * calls at once. So the day's budget is counted in seconds of calls, from what Vapi reports, and
 * shared out so that no one source can spend it for everyone. Every call is placed by this server
 * (POST /api/voice/call/web), so each is known from the moment it exists:
 *
 * - A session (POST /api/voice/session) holds one longest call (VOICE_MAX_CALL_SECONDS) of the day
 *   and one line for SESSION_SECONDS, while the page asks for the microphone. Not used by then, it
 *   holds nothing: it cost nothing.
 * - Its one use places the call: from then the call holds a line and one longest call until its
 *   end-of-call report settles it at its real length. A placed call Vapi does not report started
 *   within JOIN_GRACE_SECONDS (the visitor never joined) is ended by the server and holds nothing.
 *   A call with no report by its longest length plus REPORT_GRACE_SECONDS is settled from Vapi's
 *   own record, or at its longest length (./call-keeper.ts).
 * - Each network (networkOf: an IPv4 /24, an IPv6 /48) may hold at most NETWORK_SHARE of the day's
 *   seconds and NETWORK_LINE_SHARE of the lines; one network's share is kept for networks not yet
 *   seen that day, so that networks already seen cannot spend the whole day between them.
 * - A call Vapi reports that this server did not place (one started from Vapi's dashboard) still
 *   counts against the day and the lines, charged to no network.
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
/** How long a session's key may place its call: the page asks for the microphone in between. */
export const SESSION_SECONDS = 60;
/** How long a used key holds its line while Vapi is asked to place the call (its answer times out before). */
export const PLACING_SECONDS = 15;
/** A placed call not reported started by then is ended through its control URL: the visitor never joined. */
export const JOIN_GRACE_SECONDS = 30;
/** A started call with no end-of-call report this long after it could have ended at the latest is looked up at Vapi. */
export const REPORT_GRACE_SECONDS = 60;

/** One hold of the day, as the store reads it. Times in milliseconds since the epoch. */
export type Hold = {
  network: string | null;
  /** An unused session holds nothing after this. */
  expiresAt: number;
  /** When the session's key was used to place its call. */
  usedAt: number | null;
  /** When Vapi answered with the call. */
  placedAt: number | null;
  /** A placed call that never started, ended by the server. */
  endedAt: number | null;
  /** The call as Vapi reported it started (and its settled length). */
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
  const hold = () => {
    sum.held += longest;
    sum.lines += 1;
  };
  // A call neither reported nor looked up by then is charged its longest length (the keeper settles it sooner).
  const unreported = (since: number) => since + (longest + REPORT_GRACE_SECONDS) * 1000 <= now;
  for (const { call, placedAt, endedAt, usedAt, expiresAt } of holds) {
    if (call) {
      if (call.durationSeconds !== null) sum.settled += call.durationSeconds;
      else if (unreported(call.startedAt)) sum.settled += longest;
      else hold();
    } else if (placedAt !== null) {
      if (endedAt !== null) continue;
      if (unreported(placedAt)) sum.settled += longest;
      else hold();
    } else if (usedAt !== null) {
      if (usedAt + PLACING_SECONDS * 1000 > now) hold();
    } else if (expiresAt > now) {
      hold();
    }
  }
  return sum;
}

/**
 * Whether `network` may have one more key now, given the day's holds: undefined when it may, else why
 * not. 'budget-spent' only when what is settled leaves no room (it stays so until the day ends);
 * 'lines-busy' when what is held for now (sessions, calls in progress) is in the way (it passes in a minute or so).
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
