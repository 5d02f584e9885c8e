import { afterEach, describe, expect, it } from 'vitest';
import { Subject } from 'rxjs';
import type { FeedCheckpoint } from '../../../replication/catalog/catalog-feed';
import { toProductRecord } from '../../../replication/catalog/catalog-records';
import type { FeedRecord } from './catalog-batch-write';
import { startCatalogPull, type CatalogPullOptions, type CatalogPullState } from './catalog-pull';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';

const opened: { db: ShopDatabase; pulls: CatalogPullState[] }[] = [];
afterEach(async () => {
  for (const { db, pulls } of opened.splice(0)) {
    await Promise.all(pulls.map((p) => p.cancel()));
    await db.close();
  }
});

/** A feed of products with ids 1..total (seq = id) that records the checkpoints asked for; `total` may grow. */
function fakeFeed(initial: number) {
  const feed = {
    total: initial,
    asked: [] as number[],
    /** Fail the next n pulls. */
    failing: 0,
    /** Pulls wait for this while set (a reply that does not come). */
    hold: null as Promise<void> | null,
    pull: async (checkpoint: FeedCheckpoint | undefined, batchSize: number) => {
      const seq = checkpoint?.seq ?? 0;
      feed.asked.push(seq);
      if (feed.hold) await feed.hold;
      if (feed.failing > 0) {
        feed.failing--;
        throw new Error('socket hang up');
      }
      const documents: FeedRecord[] = [];
      for (let id = seq + 1; id <= Math.min(feed.total, seq + batchSize); id++) {
        documents.push(toProductRecord({ id, sku: `SKU-${id}`, name: `Product ${id}`, price: 1, _entity: 'product', _deleted: false }));
      }
      const last = Math.min(feed.total, seq + batchSize);
      return { documents, checkpoint: { seq: Math.max(seq, last), id: String(Math.max(seq, last)) } };
    },
  };
  return feed;
}

async function setUp(total: number, overrides: Partial<CatalogPullOptions> = {}, db?: ShopDatabase) {
  const database = db ?? (await openTestDatabase({ collections: ['products'] }));
  const entry = opened.find((o) => o.db === database) ?? { db: database, pulls: [] };
  if (!opened.includes(entry)) opened.push(entry);
  const feed = fakeFeed(total);
  const changes$ = new Subject<void>();
  const pull = startCatalogPull({
    db: database,
    collection: database.products,
    checkpointId: 'catalog-feed-checkpoint-products',
    pull: feed.pull,
    batchSize: 10,
    retryTime: 20,
    changes$,
    autoStart: true,
    waitForLeadership: false,
    ...overrides,
  });
  entry.pulls.push(pull);
  return { db: database, feed, pull, changes$ };
}

const waitFor = async (test: () => Promise<boolean> | boolean, ms = 5000) => {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > ms) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('a catalogue replica pulled by checkpoint', () => {
  it('pulls batch after batch to the end, and a new start resumes from the stored checkpoint', async () => {
    const { db, feed, pull } = await setUp(25);
    const active: boolean[] = [];
    pull.active$.subscribe((a) => active.push(a));
    await pull.awaitInitialReplication();
    expect(await db.products.count().exec()).toBe(25);
    expect(feed.asked).toEqual([0, 10, 20]);
    await waitFor(() => active.at(-1) === false);
    expect(active).toEqual([true, false]); // started at once (autoStart), then caught up
    await pull.cancel();

    const again = await setUp(30, {}, db);
    await again.pull.awaitInitialReplication();
    expect(again.feed.asked).toEqual([25]);
    expect(await db.products.count().exec()).toBe(30);
  });

  it('reports a failed pull and tries the same checkpoint again', async () => {
    const { db, feed, pull } = await setUp(25, { autoStart: false });
    const errors: string[] = [];
    pull.error$.subscribe((e) => errors.push(e.message));
    feed.failing = 2;
    await pull.start();
    await pull.awaitInitialReplication();
    expect(errors).toEqual(['socket hang up', 'socket hang up']);
    expect(feed.asked).toEqual([0, 0, 0, 10, 20]);
    expect(await db.products.count().exec()).toBe(25);
  });

  it('pulls again when the feed signals a change, also one that arrives mid-download', async () => {
    const { db, feed, pull, changes$ } = await setUp(15);
    changes$.next(); // during the first pass: one more pass follows it
    await pull.awaitInitialReplication();
    await waitFor(() => feed.asked.length === 3);
    expect(feed.asked).toEqual([0, 10, 15]);
    feed.total = 18;
    changes$.next();
    await waitFor(async () => (await db.products.count().exec()) === 18);
    expect(feed.asked).toEqual([0, 10, 15, 15]);
    pull.reSync();
    await waitFor(() => feed.asked.length === 5);
    expect(feed.asked[4]).toBe(18);
  });

  it('waits for start, pauses without losing its place, and ignores signals while paused', async () => {
    const { db, feed, pull, changes$ } = await setUp(25, { autoStart: false });
    changes$.next();
    await new Promise((r) => setTimeout(r, 30));
    expect(feed.asked).toEqual([]);
    let release: () => void = () => undefined;
    feed.hold = new Promise<void>((r) => (release = r));
    void pull.start();
    await waitFor(() => feed.asked.length === 1);
    await pull.pause(); // the reply on its way is dropped and asked for again on start
    changes$.next();
    pull.reSync();
    release();
    feed.hold = null;
    await new Promise((r) => setTimeout(r, 30));
    expect(feed.asked).toEqual([0]);
    expect(await db.products.count().exec()).toBe(0);
    await pull.start();
    await pull.awaitInitialReplication();
    expect(feed.asked).toEqual([0, 0, 10, 20]);
    expect(await db.products.count().exec()).toBe(25);
  });

  it('cancels at once while a reply is still on its way, and stops for good', async () => {
    const { feed, pull, changes$ } = await setUp(25, { autoStart: false });
    feed.hold = new Promise<void>(() => undefined); // never answers
    void pull.start();
    await waitFor(() => feed.asked.length === 1);
    const canceled: boolean[] = [];
    pull.canceled$.subscribe((c) => canceled.push(c));
    await pull.cancel();
    expect(pull.isStopped()).toBe(true);
    expect(canceled).toEqual([false, true]);
    feed.hold = null;
    changes$.next();
    await pull.start();
    await new Promise((r) => setTimeout(r, 30));
    expect(feed.asked).toEqual([0]);
  });
});
