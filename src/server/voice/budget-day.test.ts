import { describe, expect, it } from 'vitest';
import { budgetDay } from './budget-day';

describe('budgetDay', () => {
  it('is the date at the firm, and the seconds until its midnight', () => {
    // 03:30 UTC is still the evening before in Montréal (UTC-5 in November).
    expect(budgetDay(new Date('2026-11-26T03:30:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-25', secondsLeft: 30 * 60 + 60 * 60 });
    expect(budgetDay(new Date('2026-11-26T05:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-26', secondsLeft: 86_400 });
    expect(budgetDay(new Date('2026-11-26T23:59:59Z'), 'UTC')).toEqual({ day: '2026-11-26', secondsLeft: 1 });
    // The day the clocks go back (November 1st, 2026, in Montréal) has 25 hours; the one they go forward, 23.
    expect(budgetDay(new Date('2026-11-01T04:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-11-01', secondsLeft: 25 * 3600 });
    expect(budgetDay(new Date('2026-03-08T05:00:00Z'), 'America/Toronto')).toEqual({ day: '2026-03-08', secondsLeft: 23 * 3600 });
  });
});
