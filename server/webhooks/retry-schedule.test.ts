import { describe, expect, it } from 'vitest';
import { retryDelayMs, retrySchedule } from './retry-schedule';

const DEFAULTS = { retryBaseMs: 30_000, retryMaxMs: 3_600_000, retryForMs: 24 * 3_600_000 };
const MINUTE = 60_000;

describe('webhook retry schedule', () => {
  it('doubles from 30 s and is capped at an hour a step', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map((n) => retryDelayMs(n, DEFAULTS, () => 0));
    expect(waits).toEqual([0.5, 1, 2, 4, 8, 16, 32, 60, 60, 60].map((m) => m * MINUTE));
  });

  it('takes up to a quarter off at random, never adds', () => {
    expect(retryDelayMs(1, DEFAULTS, () => 1)).toBe(22_500);
    expect(retryDelayMs(30, DEFAULTS, () => 0.5)).toBe(52.5 * MINUTE);
    for (let i = 0; i < 200; i++) {
      const wait = retryDelayMs(20, DEFAULTS);
      expect(wait).toBeGreaterThanOrEqual(45 * MINUTE);
      expect(wait).toBeLessThanOrEqual(60 * MINUTE);
    }
  });

  it('goes on for at least 24 hours after the event, whatever the jitter draws', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const times = retrySchedule(DEFAULTS, random);
      expect(times.at(-1)).toBeGreaterThanOrEqual(24 * 60 * MINUTE);
      // ...and stops soon after: the step before the last was still inside the period.
      expect(times.at(-2)).toBeLessThan(24 * 60 * MINUTE);
      expect(times.length).toBeGreaterThan(20);
      expect(times.length).toBeLessThan(45);
    }
  });

  it('with a period of 0 makes one attempt only', () => {
    expect(retrySchedule({ ...DEFAULTS, retryForMs: 0 })).toEqual([0]);
  });

  it('a shortened schedule for tests keeps its shape', () => {
    expect(retrySchedule({ retryBaseMs: 100, retryMaxMs: 400, retryForMs: 1_000 })).toEqual([0, 100, 300, 700, 1100]);
  });
});
