import { afterEach, describe, expect, it } from 'vitest';
import { waitLimit } from '../helpers/time-limits';

describe('waitLimit', () => {
  const before = process.env.TEST_TIME_SCALE;
  afterEach(() => {
    if (before === undefined) delete process.env.TEST_TIME_SCALE;
    else process.env.TEST_TIME_SCALE = before;
  });

  it('reads the machine’s load when a poll starts, not when the limit was set', () => {
    process.env.TEST_TIME_SCALE = '1';
    const limit = waitLimit(30_000, { interval: 250 });
    expect(limit.timeout).toBe(30_000);
    process.env.TEST_TIME_SCALE = '3';
    expect(limit.timeout).toBe(90_000);
    // As expect.poll reads its options.
    const { timeout, interval } = limit;
    expect({ timeout, interval }).toEqual({ timeout: 90_000, interval: 250 });
  });
});
