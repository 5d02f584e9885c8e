import { afterEach, describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { manualConnectivity } from './connectivity';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { dismissNotification } from './notification-center';
import { createShopSync, type ShopSync } from './shop-sync';
import { SYNC_STATUS, requestRetry } from './sync-status';
import { manualLeadership } from './tab-leadership';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { newLine } from '../../../tests/doubles/cart/cart-test-setup';

let db: ShopDatabase;
let shop: ShopSync | undefined;
afterEach(async () => {
  await shop?.stop();
  shop = undefined;
  await db?.close();
});

/** The server as the order push sees it: each POST /api/order answered with the next order number. */
function orderServer() {
  const bodies: Record<string, unknown>[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    // Asked to withdraw an order (a cancel): it is not one it was sent.
    if ((input instanceof Request ? input.url : input.toString()).endsWith('/withdraw')) return new Response(JSON.stringify({ code: 200, result: { state: 'withdrawn' } }), { headers: { 'content-type': 'application/json' } });
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    bodies.push(body);
    const result = { order_id: body.order_id, increment_id: String(1000 + bodies.length).padStart(9, '0'), status: 'pending', grand_total: 12 };
    return new Response(JSON.stringify({ code: 200, result }), { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, bodies };
}

async function open(online = false) {
  db = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks', 'notifications'] });
  const net = orderServer();
  const connectivity = manualConnectivity(online);
  const leadership = manualLeadership(true);
  shop = createShopSync(db, { baseUrl: 'http://shop.test', fetch: net.fetch, connectivity, leadership, catalogue: false });
  shop.start();
  await shop.whenLeading();
  return { shop, net, connectivity, leadership };
}

const waitFor = async (test: () => Promise<boolean>, what: string) => {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > 5000) throw new Error(`${what} not reached`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the sync status of one tab', () => {
  it('lists an order placed offline as waiting, then as sent with its time and server number', async () => {
    const { shop, net, connectivity } = await open(false);
    await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
    const placed = await shop.placeOrder({ products: [{ sku: 'A', qty: 1 }] });
    expect(placed.outcome).toBe('queued');
    const waiting = await firstValueFrom(shop.overview$().pipe(filter((o) => o.waitingOrders.length === 1)));
    expect(waiting).toMatchObject({ online: false, leading: true, waitingCount: 1, sentOrders: [], automaticTransmission: true });
    expect(waiting.waitingOrders[0]!.placedAt).toBe(placed.order.created_at);

    connectivity.set(true);
    const sent = await firstValueFrom(shop.overview$().pipe(filter((o) => o.sentOrders.length === 1)));
    expect(sent.waitingOrders).toEqual([]);
    expect(sent.sentOrders[0]).toMatchObject({ orderId: placed.order.order_id, number: '000001001' });
    expect(sent.sentOrders[0]!.sentAt).toBeGreaterThanOrEqual(placed.order.created_at);
    expect(net.bodies).toHaveLength(1);
    await waitFor(async () => (await readLocal(db, SYNC_STATUS)).lastSyncAt !== null, 'last sync recorded');
  });

  it('cancelling the orders awaiting confirmation deletes them and the "Order waiting!" question', async () => {
    const { shop, net, connectivity } = await open(false);
    await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    await shop.placeOrder({ products: [{ sku: 'A', qty: 1 }] });
    connectivity.set(true);
    const asking = await firstValueFrom(shop.overview$().pipe(filter((o) => o.waitingOrders.some((w) => w.awaitingConfirmation))));
    expect(asking.waitingOrders).toHaveLength(1);
    await waitFor(async () => (await db.notifications.find().exec()).some((n) => n.message === 'Order waiting!'), '"Order waiting!"');

    expect(await shop.cancelQueuedOrders()).toEqual({ removed: 1, placed: 0, unknown: 0 });
    expect(await db.orders.count().exec()).toBe(0);
    expect((await db.notifications.find().exec()).map((n) => n.message)).not.toContain('Order waiting!');
    expect((await readLocal(db, LOCAL.ui)).ordersAwaitingConfirmation).toEqual([]);
    expect(net.bodies).toEqual([]);
  });

  it('adds the "Order waiting!" a closed tab stored but never showed, and asks again when its notice went unanswered', async () => {
    const { shop, connectivity } = await open(false);
    await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    const placed = await shop.placeOrder({ products: [{ sku: 'A', qty: 1 }] });
    // As a tab leaves the device when it closes after storing the question, before adding its notification.
    await modifyLocal(db, LOCAL.ui, (u) => ({ ...u, ordersAwaitingConfirmation: [placed.order.order_id], orderQuestionUnraised: true }));
    connectivity.set(true);
    const waiting = async () => (await db.notifications.find().exec()).filter((n) => n.message === 'Order waiting!');
    await waitFor(async () => (await waiting()).length === 1 && !(await readLocal(db, LOCAL.ui)).orderQuestionUnraised, '"Order waiting!"');

    // Gone without an answer (it has no plain OK; cleared storage or an older version's OK did this).
    await dismissNotification(db, (await waiting())[0]!.id);
    await shop.retry();
    await waitFor(async () => (await waiting()).length === 1, 'the question asked again');
    expect((await readLocal(db, LOCAL.ui)).ordersAwaitingConfirmation).toEqual([placed.order.order_id]);
  });

  it('records an error for the panel and clears it after the next good round', async () => {
    const { shop } = await open(true);
    await modifyLocal(db, SYNC_STATUS, (s) => ({ ...s, lastError: 'Network error', lastErrorAt: 1 }));
    const before = (await readLocal(db, SYNC_STATUS)).lastSyncAt;
    await shop.retry();
    await waitFor(async () => (await readLocal(db, SYNC_STATUS)).lastSyncAt !== before, 'a round after Retry now');
    expect(await readLocal(db, SYNC_STATUS)).toMatchObject({ lastError: null, lastErrorAt: null });
  });

  it('a tab that handed the lead over ignores "Retry now" until it leads again', async () => {
    const { leadership } = await open(true);
    await waitFor(async () => (await readLocal(db, SYNC_STATUS)).lastSyncAt !== null, 'start-up round');
    leadership.set(false);
    const idle = (await readLocal(db, SYNC_STATUS)).lastSyncAt;
    await requestRetry(db, Date.now() + 1);
    await new Promise((r) => setTimeout(r, 100));
    expect((await readLocal(db, SYNC_STATUS)).lastSyncAt).toBe(idle);
    leadership.set(true);
    await new Promise((r) => setTimeout(r, 5));
    await requestRetry(db, Date.now() + 2);
    await waitFor(async () => (await readLocal(db, SYNC_STATUS)).lastSyncAt !== idle, 'round in the new lead');
  });
});

describe('"Retry now" and a cart connection the server refused', () => {
  it('tries the cart connection again, which otherwise stopped until the page was reloaded', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks', 'notifications'] });
    let refusing = true;
    const creates: string[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const fetch = (async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/api/cart/create')) {
        creates.push(refusing ? 'refused' : 'created');
        return refusing ? json({ code: 401, result: 'The cart cannot be created' }) : json({ code: 200, result: 'cart-1' });
      }
      if (url.includes('/api/cart/pull')) return json({ code: 200, result: [] });
      return json({ code: 200, result: true });
    }) as typeof globalThis.fetch;
    shop = createShopSync(db, { baseUrl: 'http://shop.test', fetch, connectivity: manualConnectivity(true), leadership: manualLeadership(true), catalogue: false });
    shop.start();
    await shop.whenLeading();
    await db.cart.insert(newLine('A', 1));
    // Refused as a guest's cart, and again past the bypass limit: the cart sync stops.
    await waitFor(async () => creates.length >= 2, 'the refused connections');
    const stoppedAt = creates.length;
    refusing = false;
    await shop.retry();
    await waitFor(async () => (await readLocal(db, LOCAL.cartState)).token === 'cart-1', 'a cart after Retry now');
    expect(creates.slice(0, stoppedAt).every((c) => c === 'refused')).toBe(true);
    expect(creates.slice(stoppedAt)).toContain('created');
  });
});
