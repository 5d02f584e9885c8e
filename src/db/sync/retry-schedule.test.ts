import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retrySchedule } from './retry-schedule';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A schedule without jitter (random 0.5 gives the wait itself) and the times its rounds ran, from the start. */
function schedule() {
  const start = Date.now();
  const runs: number[] = [];
  const retries = retrySchedule(() => void runs.push(Date.now() - start), { baseMs: 1000, random: () => 0.5 });
  return { retries, runs };
}

describe('the retry timer of queued work', () => {
  it('says how long until the retry set now runs, and nothing once it ran or the work settled', () => {
    const { retries } = schedule();
    expect(retries.dueInMs).toBeNull();
    retries.later();
    vi.advanceTimersByTime(400);
    expect(retries.dueInMs).toBe(600);
    vi.advanceTimersByTime(600);
    expect(retries.dueInMs).toBeNull();
    retries.later();
    retries.settled();
    expect(retries.dueInMs).toBeNull();
  });

  it('waits twice as long after each round that left work waiting', () => {
    const { retries, runs } = schedule();
    retries.later();
    vi.advanceTimersByTime(1000);
    retries.later();
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual([1000, 3000]);
  });

  it('retries when the server said it takes the requests again, however long the backoff has grown', () => {
    const { retries, runs } = schedule();
    for (let i = 0; i < 3; i++) {
      retries.later();
      vi.runOnlyPendingTimers();
    }
    expect(runs).toEqual([1000, 3000, 7000]);
    // The next wait would be 8 s; the round that just failed met a Retry-After that ends in 300 ms.
    retries.later(300);
    vi.advanceTimersByTime(300);
    expect(runs).toEqual([1000, 3000, 7000, 7300]);
  });

  it('brings a timer already set forward to the end of the wait, and only once', () => {
    const { retries, runs } = schedule();
    retries.later();
    retries.later(200);
    retries.later(500);
    vi.advanceTimersByTime(2000);
    expect(runs).toEqual([200]);
  });
});
