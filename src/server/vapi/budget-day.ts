/**
 * The day VOICE_CALLS_PER_DAY counts in: the date in the firm's time zone (FIRM_TIME_ZONE), so the
 * budget starts again at the firm's midnight, and how long until then (Retry-After of a refusal;
 * on the two days a year the clocks change it may be an hour off, which is harmless there).
 */
export function budgetDay(now: Date, timeZone: string): { day: string; secondsLeft: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return { day: `${parts.year}-${parts.month}-${parts.day}`, secondsLeft: Math.max(1, 86_400 - elapsed) };
}
