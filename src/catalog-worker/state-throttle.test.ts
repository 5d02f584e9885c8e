import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueChange } from '../db/catalog/local-catalog';
import { throttleChanges } from './state-throttle';

describe('throttleChanges', () => {
  let sent: { at: number; changed: CatalogueChange[] }[];
  const start = Date.UTC(2026, 0, 1);
  beforeEach(() => {
    vi.useFakeTimers({ now: start });
    sent = [];
  });
  afterEach(() => vi.useRealTimers());
  const publish = (changed: CatalogueChange[]) => sent.push({ at: Date.now() - start, changed });

  it('publishes the first change at once and the ones after it together, 250 ms after the last message', () => {
    const throttle = throttleChanges(publish, 250);
    throttle.change('product');
    expect(sent).toEqual([{ at: 0, changed: ['product'] }]);
    vi.advanceTimersByTime(40);
    throttle.change('product');
    vi.advanceTimersByTime(60);
    throttle.change('category');
    throttle.change('product');
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(149);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      { at: 0, changed: ['product'] },
      { at: 250, changed: ['product', 'category'] },
    ]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('a batch every 50 ms for 2 s is at most one message per 250 ms', () => {
    const throttle = throttleChanges(publish, 250);
    for (let t = 0; t < 2000; t += 50) {
      throttle.change('product');
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(250);
    expect(sent.length).toBeLessThanOrEqual(9);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(250);
  });

  it('flush publishes at once with what is pending (the final count), and the held message is not sent again', () => {
    const throttle = throttleChanges(publish, 250);
    throttle.change('product');
    vi.advanceTimersByTime(10);
    throttle.change('product');
    throttle.flush();
    expect(sent).toEqual([
      { at: 0, changed: ['product'] },
      { at: 10, changed: ['product'] },
    ]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('after a quiet spell a change goes at once again', () => {
    const throttle = throttleChanges(publish, 250);
    throttle.change('content');
    vi.advanceTimersByTime(300);
    throttle.change('attribute');
    expect(sent.map((s) => s.at)).toEqual([0, 300]);
  });
});
