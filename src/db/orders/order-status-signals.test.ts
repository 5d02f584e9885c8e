import { firstValueFrom, take, toArray, type Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../replication/api/api-types';
import { catalogStream, orderSignalChannelName, type OrderStreamSignal } from '../../../replication/catalog/catalog-stream';
import { orderRef } from '../../../server/order/order-changes';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { knownOrderChanges, orderStreamSignals } from './order-status-signals';

let db: ShopDatabase | undefined;
const channels: BroadcastChannel[] = [];
afterEach(async () => {
  channels.splice(0).forEach((c) => c.close());
  await db?.close();
  db = undefined;
});

let serial = 0;
/** An API client for a made-up server: only its URL matters to the channel's name (one per test). */
function apiAt(fetchImpl: typeof fetch = () => Promise.reject(new TypeError('offline'))): ApiClient {
  const base = `http://shop-${process.pid}-${++serial}.test`;
  return { url: (path: string) => base + path, fetch: fetchImpl, request: () => Promise.reject(new Error('not used')) };
}

/** What the leader tab posts, from another channel object (another tab). */
function leaderOf(api: ApiClient): (signal: unknown) => void {
  const channel = new BroadcastChannel(orderSignalChannelName(api));
  channels.push(channel);
  return (signal) => channel.postMessage(signal);
}

const next = <T>(source: Observable<T>, n = 1) => firstValueFrom(source.pipe(take(n), toArray()));

describe('order signals across tabs', () => {
  it('a tab hears the order events of the stream another tab holds, with a resync on each connect', async () => {
    const stream = new TextEncoder().encode(
      `retry: 3000\nevent: ready\ndata: {"seq":4}\n\nevent: order\ndata: ${JSON.stringify({ ref: orderRef('o-1'), status: 'shipped' })}\n\n` +
        `event: order\ndata: {"ref":"o-1","status":"shipped"}\n\nevent: order\ndata: ${JSON.stringify({ ref: orderRef('o-2'), status: 'delivered' })}\n\n`,
    );
    const api = apiAt(() => Promise.resolve(new Response(new ReadableStream({ start: (c) => (c.enqueue(stream), c.close()) }), { headers: { 'content-type': 'text/event-stream' } })));
    const heard = next(orderStreamSignals(api), 3);
    const holder = catalogStream(api, { reconnectMs: 60_000 }).subscribe();
    try {
      // The malformed ref (an order id) is not passed on.
      expect(await heard).toEqual<OrderStreamSignal[]>([
        { kind: 'resync' },
        { kind: 'order', ref: orderRef('o-1'), status: 'shipped' },
        { kind: 'order', ref: orderRef('o-2'), status: 'delivered' },
      ]);
    } finally {
      holder.unsubscribe();
    }
  });

  it("passes on changes of the orders shown and of this device's orders, and every resync; nothing for other orders", async () => {
    db = await openTestDatabase({ collections: ['orders'] });
    await db.orders.insert({ order_id: 'placed-here', state: 'sent', transmited: true, attempts: 1, body: {}, created_at: 1, updated_at: 1 });
    const api = apiAt();
    const shown = ['in-history'];
    const heard = next(knownOrderChanges(db, api, () => shown), 3);
    const post = leaderOf(api);
    post({ kind: 'order', ref: orderRef('someone-elses'), status: 'processing' });
    post({ kind: 'order', ref: orderRef('in-history'), status: 'processing' });
    post({ kind: 'bogus' });
    post({ kind: 'order', ref: orderRef('placed-here'), status: 'shipped' });
    post({ kind: 'order', ref: orderRef('someone-elses'), status: 'shipped' });
    post({ kind: 'resync' });
    expect(await heard).toEqual<OrderStreamSignal[]>([
      { kind: 'order', ref: orderRef('in-history'), status: 'processing' },
      { kind: 'order', ref: orderRef('placed-here'), status: 'shipped' },
      { kind: 'resync' },
    ]);
  });

  it('reads the orders shown when the signal comes, not when it started listening', async () => {
    db = await openTestDatabase({ collections: ['orders'] });
    const api = apiAt();
    const shown: string[] = [];
    const heard = next(knownOrderChanges(db, api, () => shown));
    shown.push('loaded-later');
    leaderOf(api)({ kind: 'order', ref: orderRef('loaded-later'), status: 'cancelled' });
    expect(await heard).toEqual([{ kind: 'order', ref: orderRef('loaded-later'), status: 'cancelled' }]);
  });
});
