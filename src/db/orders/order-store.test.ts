import { afterEach, describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../../schemas/api/cart';
import { ORDER_MESSAGES, PRICE_CHANGED } from '../../../schemas/api/order';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { createApiClient } from '../../../replication/api/api-client';
import { createOrderOutbox } from '../../../replication/orders/order-outbox';
import { fakeBrowser, openTestDatabase } from '../../../tests/doubles/test-database';
import type { ShopDatabase } from '../database-types';
import { firstValueFrom, filter } from 'rxjs';
import { orderStore, watchStoredOrder } from './order-store';
import { handleQueuedOrders } from './queued-orders';

const opened: ShopDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/**
 * Two tabs of one browser. The second one's writes are not broadcast, so the first has not heard of
 * them: between real tabs that lasts until the change message arrives, which a busy machine delays.
 */
async function twoTabs(): Promise<[ShopDatabase, ShopDatabase]> {
  const browser = fakeBrowser();
  const options = { browser, name: 'orders_two_tabs', collections: ['orders', 'notifications'] as const, devMode: true, ignoreDuplicate: true };
  const first = await openTestDatabase({ ...options, multiInstance: true });
  const second = await openTestDatabase({ ...options, multiInstance: false });
  opened.push(first, second);
  return [first, second];
}

/** What IndexedDB holds under the id, whatever a tab's cache of it says. */
async function stored(db: ShopDatabase, orderId: string): Promise<OrderRecord | null> {
  const [doc] = await db.orders.storageInstance.findDocumentsById([orderId], false);
  return (doc as OrderRecord | undefined) ?? null;
}

const order = (orderId: string, state: OrderRecord['state']): OrderRecord => ({ order_id: orderId, state, transmited: false, transmited_at: null, attempts: 0, body: { order_id: orderId, grand_total: 10 }, result: null, error: null, created_at: 1, updated_at: 1 });

const json = (code: number, result: unknown, meta?: object) => new Response(JSON.stringify({ code, result, ...(meta ? { meta } : {}) }), { status: code, headers: { 'content-type': 'application/json' } });
const totals = { grand_total: 13, items: [{ item_id: 1, sku: 'A', qty: 1, price: 13, price_incl_tax: 13 }] } as TotalsReply;

describe('the orders collection seen from two tabs', () => {
  it('removes an order the other tab wrote a moment ago, which this tab has not heard of yet', async () => {
    const [tab, other] = await twoTabs();
    await orderStore(tab).insert(order('o-1', 'queued'));
    await orderStore(other).update('o-1', { attempts: 1 });
    await orderStore(tab).remove(['o-1']);
    expect(await stored(tab, 'o-1')).toBeNull();
  });

  it('removes an order only in the state asked for, as the other tab left it', async () => {
    const [tab, other] = await twoTabs();
    await orderStore(tab).insert(order('o-1', 'repriced'));
    // The shopper confirmed the new total in the other tab: the order is queued again, to be sent.
    await orderStore(other).update('o-1', { state: 'queued' });
    await orderStore(tab).remove(['o-1'], 'repriced');
    expect(await stored(tab, 'o-1')).toMatchObject({ state: 'queued' });
  });

  it('drops a repriced order after the other tab recorded the same refusal (one checkout stays one order)', async () => {
    const [tab, other] = await twoTabs();
    // The shop raised a price: every push of the order is refused with the new total.
    let otherPushed!: () => void;
    const otherPushing = new Promise<void>((resolve) => (otherPushed = resolve));
    let answerOther!: () => void;
    const otherAnswer = new Promise<void>((resolve) => (answerOther = resolve));
    const refusal = () => json(409, ORDER_MESSAGES.priceChanged, { reason: PRICE_CHANGED, grand_total: 13, confirmed_grand_total: 10, totals });
    const outbox = (db: ShopDatabase, fetch: typeof globalThis.fetch) =>
      createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch, timeoutMs: 5000 }), store: orderStore(db), notify: async () => undefined, isOnline: () => true });
    const here = outbox(tab, async () => refusal());
    const there = outbox(other, async () => {
      otherPushed();
      await otherAnswer;
      return refusal();
    });

    await here.store({ grand_total: 10, products: [] }, 'checkout-1');
    // The other tab's round finds the order queued and sends it too; its refusal comes back last.
    const round = there.sendQueued();
    await otherPushing;
    expect((await here.sendNow('checkout-1')).outcome).toBe('repriced');
    answerOther();
    // Its refusal found the order refused already (it writes nothing new, but it writes).
    expect(await round).toMatchObject({ sent: 0, repriced: 0 });

    // The placing tab puts the lines back and drops the order, so the confirmed press reuses its id.
    await here.dropRepriced('checkout-1');
    expect(await stored(tab, 'checkout-1')).toBeNull();
  });

  it("drops a repriced order the other tab's round has just asked the shopper about", async () => {
    const [tab, other] = await twoTabs();
    const refusal = async () => json(409, ORDER_MESSAGES.priceChanged, { reason: PRICE_CHANGED, grand_total: 13, confirmed_grand_total: 10, totals });
    const outbox = (db: ShopDatabase) => createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch: refusal, timeoutMs: 5000 }), store: orderStore(db), notify: async () => undefined, isOnline: () => true });
    const here = outbox(tab);

    await here.store({ grand_total: 10, products: [] }, 'checkout-1');
    expect((await here.sendNow('checkout-1')).outcome).toBe('repriced');
    // The leading tab's round meets the refusal before the placing tab drops it: "Order waiting!" asks about it.
    expect(await handleQueuedOrders(other, outbox(other))).toBe('confirmation');
    expect((await stored(tab, 'checkout-1'))?.repriced).toMatchObject({ asked: true });

    await here.dropRepriced('checkout-1');
    expect(await stored(tab, 'checkout-1')).toBeNull();
  });

  it('keeps a late refusal of the old total off the order stored afresh under its id, which is placed once', async () => {
    const [tab, other] = await twoTabs();
    const shop = { total: 13, placed: new Set<string>() };
    const reply = (body: { order_id: string; grand_total: number }) => {
      if (body.grand_total !== shop.total) return json(409, ORDER_MESSAGES.priceChanged, { reason: PRICE_CHANGED, grand_total: shop.total, confirmed_grand_total: body.grand_total, totals });
      shop.placed.add(body.order_id);
      return json(200, { order_id: body.order_id, increment_id: '1' });
    };
    let otherPushed!: () => void;
    const otherPushing = new Promise<void>((resolve) => (otherPushed = resolve));
    let answerOther!: () => void;
    const otherAnswer = new Promise<void>((resolve) => (answerOther = resolve));
    const outbox = (db: ShopDatabase, fetch: typeof globalThis.fetch) =>
      createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch, timeoutMs: 5000 }), store: orderStore(db), notify: async () => undefined, isOnline: () => true });
    const bodyOf = (init?: RequestInit) => JSON.parse(init?.body as string) as { order_id: string; grand_total: number };
    const here = outbox(tab, async (_url, init) => reply(bodyOf(init)));
    const there = outbox(other, async (_url, init) => {
      const body = bodyOf(init);
      otherPushed();
      await otherAnswer;
      return reply(body);
    });

    await here.store({ grand_total: 10, products: [] }, 'checkout-1');
    // The other tab sends the order at the old total too; its refusal comes back only at the end.
    const round = there.sendQueued();
    await otherPushing;
    expect((await here.sendNow('checkout-1')).outcome).toBe('repriced');
    await here.dropRepriced('checkout-1');
    // The shopper confirms the new total: the checkout's order is stored afresh under the same id.
    await here.store({ grand_total: 13, products: [] }, 'checkout-1');
    answerOther();
    // Its refusal is not the new order's: that one goes as it is now, once.
    expect(await round).toMatchObject({ sent: 1, repriced: 0 });
    expect(await stored(tab, 'checkout-1')).toMatchObject({ state: 'sent', body: { grand_total: 13 } });
    expect(await here.sendNow('checkout-1')).toMatchObject({ outcome: 'sent', order: { state: 'sent' } });
    expect([...shop.placed]).toEqual(['checkout-1']);
  });
});

describe('following a stored order', () => {
  it('follows an order sent from the queue to the order another device had placed for its cart', async () => {
    const db = await openTestDatabase({ browser: fakeBrowser(), name: 'orders_follow', collections: ['orders', 'notifications'] as const, devMode: true });
    opened.push(db);
    let online = false;
    const fetch = async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return json(409, ORDER_MESSAGES.cartAlreadyOrdered, { order_id: 'elsewhere-1', increment_id: '000000042' });
    };
    const outbox = createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch, timeoutMs: 5000 }), store: orderStore(db), notify: async () => undefined, isOnline: () => online });
    await outbox.store({ grand_total: 10, cart_id: 'cart-1', products: [] }, 'checkout-1');
    // The thank-you page of the queued order watches it by the id its checkout gave it.
    const watched = watchStoredOrder(db, 'checkout-1');
    expect(await firstValueFrom(watched)).toMatchObject({ state: 'queued' });

    online = true;
    const followed = firstValueFrom(watched.pipe(filter((o) => o?.order_id === 'elsewhere-1')));
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    expect(await followed).toMatchObject({ state: 'sent', result: { increment_id: '000000042', ordered_elsewhere: true } });
    expect(await stored(db, 'checkout-1')).toBeNull();
  });
});
