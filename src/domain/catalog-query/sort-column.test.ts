import { describe, expect, it } from 'vitest';
import { DocumentStore } from './document-store';
import { isoTime, SortColumn } from './sort-column';

/** The definition: a key is a time when it is exactly that time's `toISOString()` text, lower-cased. */
function reference(key: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})t(\d{2}):(\d{2}):(\d{2})\.(\d{3})z$/.exec(key);
  if (!m) return undefined;
  const time = new Date(0).setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + ((Number(m[4]) * 60 + Number(m[5])) * 60 + Number(m[6])) * 1000 + Number(m[7]);
  return Number.isFinite(time) && new Date(time).toISOString().toLowerCase() === key ? time : undefined;
}

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

describe('isoTime', () => {
  it('reads exactly the keys that are a time’s own ISO text, as that time', () => {
    const next = random(3);
    const pad = (value: number, width: number) => String(Math.floor(value)).padStart(width, '0');
    const keys = [
      '0000-01-01t00:00:00.000z', '2024-02-29t00:00:00.000z', '2023-02-29t00:00:00.000z', '1900-02-29t00:00:00.000z',
      '2000-02-29t23:59:59.999z', '2024-09-21t09:50:20.460z', '2024-04-31t00:00:00.000z', '2024-01-01t24:00:00.000z',
      '2024-01-01t00:60:00.000z', '2024-01-01t00:00:60.000z', '2024-1-01t00:00:00.000z', '2024-09-21T09:50:20.460Z', '', 'yesterday',
    ];
    for (let i = 0; i < 20_000; i++) {
      keys.push(new Date((next() - 0.5) * 1.2e14).toISOString().toLowerCase());
      keys.push(`${pad(next() * 10000, 4)}-${pad(next() * 14, 2)}-${pad(next() * 33, 2)}t${pad(next() * 26, 2)}:${pad(next() * 62, 2)}:${pad(next() * 62, 2)}.${pad(next() * 1000, 3)}z`);
    }
    const differing = keys.filter((key) => isoTime(key) !== reference(key));
    expect(differing).toEqual([]);
    expect(keys.filter((key) => isoTime(key) !== undefined).length).toBeGreaterThan(20_000);
  });
});

describe('SortColumn.rank', () => {
  it('gives each live slot its place in the order, through updates and removals', () => {
    const next = random(11);
    const store = new DocumentStore();
    for (let i = 0; i < 500; i++) store.put({ id: i, price: Math.floor(next() * 50) });
    const column = new SortColumn('price', store);
    const check = () => {
      for (const dir of ['asc', 'desc'] as const) {
        const order = column.order(dir);
        const rank = column.rank(dir);
        order.forEach((slot, place) => expect(rank[slot]).toBe(place));
        expect(Array.from(rank).filter((place) => place >= 0).length).toBe(order.length);
      }
    };
    check();
    for (let step = 0; step < 60; step++) {
      const id = Math.floor(next() * 520);
      const removed = next() < 0.2;
      const slot = removed ? store.slotOf(id) : store.put({ id, price: Math.floor(next() * 50) }).slot;
      if (slot === undefined) continue;
      column.update(slot, removed ? undefined : store.docs[slot]);
      if (removed) store.remove(id);
      check();
    }
  });
});
