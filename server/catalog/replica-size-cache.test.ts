import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { cachedReplicaSize } from './replica-documents';

/** A database that counts the counts it is asked for, and can be told to fail the next one. */
function countingDb() {
  const state = { queries: 0, fail: false, products: 7 };
  const db = {
    query: async () => {
      state.queries++;
      if (state.fail) throw new Error('connection lost');
      return [{ n: state.products }];
    },
  } as unknown as Queryable;
  return { db, state };
}

describe('cachedReplicaSize', () => {
  it('answers requests within the time limit from one count, and counts again after it', async () => {
    const { db, state } = countingDb();
    let now = 1_000;
    const size = cachedReplicaSize(db, 50, () => now);
    expect(await Promise.all([size(), size(), size()])).toEqual([7, 7, 7]);
    expect(state.queries).toBe(1);
    state.products = 9;
    expect(await size()).toBe(7);
    now += 49;
    expect(await size()).toBe(7);
    now += 1;
    expect(await size()).toBe(9);
    expect(state.queries).toBe(2);
  });

  it('does not keep a failed count: the next request asks again', async () => {
    const { db, state } = countingDb();
    const size = cachedReplicaSize(db, 60_000);
    state.fail = true;
    await expect(size()).rejects.toThrow('connection lost');
    state.fail = false;
    expect(await size()).toBe(7);
    expect(state.queries).toBe(2);
  });
});
