import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitWarning } from './limit-warnings';

describe('a limit reached is one warning a minute, with counts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the first refusal at once, counts the minute’s others into one line at its end, and is quiet after a quiet minute', () => {
    vi.useFakeTimers();
    const lines: Array<Record<string, unknown>> = [];
    const warning = limitWarning({ warn: (fields, msg) => lines.push({ ...fields, msg }) }, 'SUBMISSIONS_PER_NETWORK_PER_DAY', 'that network waits', {
      perDay: 100,
    });
    warning.reached('203.0.113.0/24');
    expect(lines).toEqual([
      {
        limit: 'SUBMISSIONS_PER_NETWORK_PER_DAY',
        perDay: 100,
        count: 1,
        sources: 1,
        periodSeconds: 60,
        msg: 'limit reached: SUBMISSIONS_PER_NETWORK_PER_DAY; that network waits',
      },
    ]);
    // 143 more refusals from two networks within the minute: nothing more until it ends.
    for (let i = 0; i < 143; i++) warning.reached(i % 2 ? '203.0.113.0/24' : '198.51.100.0/24');
    vi.advanceTimersByTime(59_000);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ count: 143, sources: 2 });
    // A minute without refusals: no line; the next refusal is said at once again.
    vi.advanceTimersByTime(10 * 60_000);
    expect(lines).toHaveLength(2);
    warning.reached(undefined, { freeBytes: 12 });
    expect(lines[2]).toMatchObject({ count: 1, freeBytes: 12 });
    expect(lines[2]).not.toHaveProperty('sources');
  });
});
