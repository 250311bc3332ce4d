/**
 * The firm's calendar: figures are kept per day in FIRM_TIME_ZONE ("2026-11-23"), and weeks run
 * Monday to Sunday there. Days are plain dates, so their arithmetic is done on UTC midnights,
 * where every day has 24 hours; only turning a day into an instant needs the zone.
 */

import { LOCALE_TAGS } from '../../contracts/locales';
import { DAY_MS } from './time';

/**
 * FIRM_TIME_ZONE when it is not set (Eastern Time): the configuration's default, and the zone of
 * the scripts and tests that open a store without the server's configuration.
 */
export const DEFAULT_FIRM_TIME_ZONE = 'America/Toronto';

/** What a clock in `timeZone` shows at `at`: the date's and the time's parts, as numbers. */
function clockIn(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(LOCALE_TAGS.en, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts[type]);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The date and hour of `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): { day: string; hour: number } {
  const clock = clockIn(now, timeZone);
  return { day: `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`, hour: clock.hour };
}

export const dayOf = (now: Date, timeZone: string): string => localTime(now, timeZone).day;

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayAt(utcMidnight(day) + days * DAY_MS);

/** Days from `from` to `to` (0 when the same). */
export const daysBetween = (from: string, to: string): number => Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);

/** The Monday of the week `day` is in. */
export function mondayOf(day: string): string {
  const weekday = new Date(utcMidnight(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(utcMidnight(text)) && dayAt(utcMidnight(text)) === text;
}

/** The instant `day` starts in `timeZone` (its local midnight), as the database's timestamps are compared. */
export function startOfDay(day: string, timeZone: string): Date {
  // The zone's offset at a guess, then again at the corrected instant (a change of time near midnight).
  let instant = utcMidnight(day);
  for (let i = 0; i < 2; i++) instant = utcMidnight(day) - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function offsetMs(at: Date, timeZone: string): number {
  const clock = clockIn(at, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** A period of whole days, both included. */
export type Period = { from: string; to: string };

/** The week (Monday to Sunday) that starts on `monday`. */
export const weekFrom = (monday: string): Period => ({ from: monday, to: addDays(monday, 6) });

/** ISO week name, "2026-W48", of the week starting on `monday`. */
export function isoWeekName(monday: string): string {
  const thursday = addDays(monday, 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday of ISO week "2026-W48" (undefined when it is not one). */
export function mondayOfIsoWeek(name: string): string | undefined {
  const match = /^(\d{4})-W(\d{2})$/.exec(name);
  if (!match) return undefined;
  const week = Number(match[2]);
  // ISO week 1 holds January 4th.
  const monday = addDays(mondayOf(`${match[1]}-01-04`), (week - 1) * 7);
  return week >= 1 && isoWeekName(monday) === name ? monday : undefined;
}
