import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageSettled } from './page-settled';

describe('pageSettled', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits through short idle periods (the screens waiting on IndexedDB) for a long one', async () => {
    const periods = [5, 12, 45];
    const asked: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      const remaining = periods.shift() ?? 50;
      asked.push(remaining);
      setTimeout(() => callback({ didTimeout: false, timeRemaining: () => remaining }), 0);
      return asked.length;
    });
    await pageSettled();
    expect(asked).toEqual([5, 12, 45]);
  });

  it('starts at once offline, and at the time-out however busy the page is', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    let asked = 0;
    vi.stubGlobal('requestIdleCallback', () => ++asked);
    await pageSettled();
    expect(asked).toBe(0);
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), 0);
      return ++asked;
    });
    await pageSettled();
    expect(asked).toBe(1);
  });
});
