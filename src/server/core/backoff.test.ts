import { describe, expect, it } from 'vitest';
import { backoffMs, jittered } from './backoff';

describe('the back-off', () => {
  it('doubles from the first wait up to the most, and stays there however many attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffMs(attempt, 1_000, 30_000))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(backoffMs(10_000, 1_000, 30_000)).toBe(30_000);
  });

  it('spreads a wait over 80% to 120% of it, in whole milliseconds', () => {
    expect([0, 0.5, 1].map((random) => jittered(1_000, () => random))).toEqual([800, 1_000, 1_200]);
    expect(jittered(333, () => 0.3)).toBe(306);
  });
});
