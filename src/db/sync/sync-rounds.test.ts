import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '../../../replication/api/api-errors';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { scaled } from '../../../tests/helpers/time-limits';
import type { ShopDatabase } from '../database-types';
import { manualConnectivity } from './connectivity';
import { createSyncRounds } from './sync-rounds';

let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe("the leader's sync round", () => {
  it('starts the retry wait again from the shortest when the connection comes back, though the round then fails once more', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks'] });
    // An order whose send failed waits for the timer; every send fails (the server is still away).
    await db.orders.insert({ order_id: 'o-1', state: 'queued', transmited: false, attempts: 1, body: {}, created_at: 1, updated_at: 1 });
    const failing = async () => {
      throw new TimeoutError(20_000);
    };
    const rounds = createSyncRounds(db, { connectivity: manualConnectivity(true), isLeading: () => true, parts: [failing], retryBaseMs: 200 });
    await rounds.run();
    // The timer's retries fail too, and the wait doubles: 200, 400, 800 ms, then 1.6 s.
    await vi.waitFor(() => expect(rounds.nextRetryMs()).toBeGreaterThanOrEqual(1_600), { timeout: scaled(10_000), interval: 20 });
    await rounds.fresh();
    // One more failure on the way back: the next retry is the second shortest, not the grown one.
    expect(rounds.nextRetryMs()).toBe(400);
    rounds.stop();
  });
});
