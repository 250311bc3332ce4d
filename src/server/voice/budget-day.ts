import { addDays, dayOf, startOfDay } from '../core/calendar';

/**
 * The day the demo's budgets (VOICE_MINUTES_PER_DAY) count in: the date in the firm's time zone
 * (FIRM_TIME_ZONE), so they start again at the firm's midnight, and the seconds until then (the
 * Retry-After of a refusal; a day the clocks change has 23 or 25 hours).
 */
export function budgetDay(now: Date, timeZone: string): { day: string; secondsLeft: number } {
  const day = dayOf(now, timeZone);
  const next = startOfDay(addDays(day, 1), timeZone);
  return { day, secondsLeft: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) };
}
