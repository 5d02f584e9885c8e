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
  it('sends the queued orders while the cart sync still waits for a reply', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks'] });
    // The cart's request hangs: it ends only by the client's time-out (20 s in a browser).
    let replyToCart: () => void = () => undefined;
    const cartSync = new Promise<void>((resolve) => (replyToCart = resolve));
    const ordersSent = vi.fn(async () => undefined);
    const rounds = createSyncRounds(db, { connectivity: manualConnectivity(true), isLeading: () => true, parts: [async () => undefined, () => cartSync, ordersSent] });

    const round = rounds.run();
    await vi.waitFor(() => expect(ordersSent).toHaveBeenCalledTimes(1), { timeout: scaled(1_000) });

    replyToCart();
    await round;
    rounds.stop();
  });

  it('starts the parts in their order (tasks, the cart, the orders) and ends when the last is done', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks'] });
    const started: string[] = [];
    let replyToTasks: () => void = () => undefined;
    const part = (name: string, reply: Promise<void> = Promise.resolve()) => () => {
      started.push(name);
      return reply;
    };
    const rounds = createSyncRounds(db, {
      connectivity: manualConnectivity(true),
      isLeading: () => true,
      parts: [part('tasks', new Promise((resolve) => (replyToTasks = resolve))), part('cart'), part('orders')],
    });

    let ended = false;
    const round = rounds.run().then(() => (ended = true));
    await vi.waitFor(() => expect(started).toEqual(['tasks', 'cart', 'orders']), { timeout: scaled(1_000) });
    expect(ended).toBe(false);
    replyToTasks();
    await round;
    expect(ended).toBe(true);
    rounds.stop();
  });

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
