import { describe, expect, it } from 'vitest';
import { LinkClock, pieceSizes, sendMs, SLOW_4G, TakeTurns } from './link-shaping';

describe('a shaped link', () => {
  it('sends 200,000 bytes at 1.6 Mbps in one second', () => {
    expect(sendMs(200_000, SLOW_4G.downBitsPerSecond)).toBe(1000);
  });

  it('cuts a reply into pieces, the last one shorter', () => {
    expect(pieceSizes(10_000, 4096)).toEqual([4096, 4096, 1808]);
    expect(pieceSizes(0)).toEqual([]);
  });

  it('starts a piece when the one before has left, and delivers it half a round trip later', () => {
    const link = new LinkClock(1_600_000, 75);
    expect(link.send(2000, 0)).toEqual({ leftAt: 10, arrivesAt: 85 });
    // Offered at 5 ms, while the first is still going out: it waits its turn.
    expect(link.send(2000, 5)).toEqual({ leftAt: 20, arrivesAt: 95 });
    // Offered after the link went idle: it starts at once.
    expect(link.send(2000, 100)).toEqual({ leftAt: 110, arrivesAt: 185 });
  });

  it('does not lose time to a late timer: a piece queued meanwhile starts where the last one ended', () => {
    const link = new LinkClock(1_600_000, 0);
    link.send(2000, 0); // leaves at 10
    // Queued at 3 ms and handed over when the timer woke late (12 ms): it starts at 10, not at 12.
    expect(link.send(2000, 3).leftAt).toBe(20);
    // A whole megabyte offered at once takes five seconds, whatever the pieces.
    const fresh = new LinkClock(1_600_000, 0);
    let left = 0;
    for (const bytes of pieceSizes(1_000_000)) left = fresh.send(bytes, 0).leftAt;
    expect(left).toBeCloseTo(5000, 6);
  });
});

describe('flows taking turns', () => {
  it('serves one piece of each flow in turn, in the order the flows came', () => {
    const turns = new TakeTurns<string>();
    turns.add(1, 'a1');
    turns.add(1, 'a2');
    turns.add(1, 'a3');
    turns.add(2, 'b1');
    const order: string[] = [];
    for (let item = turns.next(); item !== undefined; item = turns.next()) {
      order.push(item);
      if (item === 'a2') turns.add(3, 'c1');
    }
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'c1']);
    expect(turns.size).toBe(0);
  });

  it('forgets a dropped flow', () => {
    const turns = new TakeTurns<string>();
    turns.add(1, 'a1');
    turns.add(2, 'b1');
    turns.drop(1);
    expect(turns.next()).toBe('b1');
    expect(turns.next()).toBeUndefined();
  });
});
