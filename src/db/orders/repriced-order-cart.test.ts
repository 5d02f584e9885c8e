import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../replication/api/api-client';
import { createCartSync, type CartSync } from '../../../replication/cart/cart-sync';
import { createOrderOutbox } from '../../../replication/orders/order-outbox';
import { PRICE_CHANGED } from '../../../schemas/api/order-price-changed';
import { newLine } from '../../../tests/doubles/cart/cart-test-setup';
import { fakeCartServer } from '../../../tests/doubles/cart/fake-cart-server';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { productsAwaitingOrder } from '../cart/awaiting-order';
import { cartStore } from '../cart/cart-store';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import { orderStore } from './order-store';
import { placeOrderBody } from './place-order';

let db: ShopDatabase;
afterEach(async () => db?.close());

const envelope = (code: number, result: unknown, meta?: Record<string, unknown>) => new Response(JSON.stringify({ code, result, ...(meta ? { meta } : {}) }), { status: code, headers: { 'content-type': 'application/json' } });

/** The shop refuses every order for a price changed since the shopper confirmed its total. */
const priceChanged = () => envelope(409, 'The prices have changed.', { reason: PRICE_CHANGED, grand_total: 95, confirmed_grand_total: 33.8, totals: { grand_total: 95, items: [] } });

/**
 * One page over a real database with the real cart sync and order outbox, against a cart server in
 * memory. `beforeDrop` runs when the placing page drops a repriced order, before it is dropped: what
 * another round of the page (the cart sync its put-back lines started) does in that moment.
 */
async function shopPage(beforeDrop: (sync: CartSync) => Promise<unknown>) {
  db = await openTestDatabase({ collections: ['cart', 'orders'] });
  const server = fakeCartServer();
  const fetch: typeof globalThis.fetch = async (input, init) => (new URL(input instanceof Request ? input.url : String(input)).pathname === '/api/order' ? priceChanged() : server.fetch(input, init));
  const api = createApiClient({ baseUrl: 'http://shop.test', fetch, tokens: { read: async () => ({ token: null, refreshToken: null }), write: async () => undefined }, autoRefreshTokens: false, timeoutMs: 200 });
  const sync = createCartSync({ api, store: cartStore(db), isOnline: () => true, hasUserToken: async () => false, notify: async () => undefined, awaitingOrder: (cartId) => productsAwaitingOrder(db, cartId) });
  const orders = orderStore(db);
  const remove: typeof orders.remove = async (ids, onlyIn) => {
    await beforeDrop(sync);
    return orders.remove(ids, onlyIn);
  };
  const store = { ...orders, remove };
  const outbox = createOrderOutbox({ api, store, notify: async () => undefined, isOnline: () => true });
  return { server, sync, outbox };
}

describe('an order refused for a changed price, placed from the review step', () => {
  /**
   * NUT×3 is in the server cart when the order naming that cart is refused: the lines go back to the
   * cart, then the order is dropped. A cart sync between the two found the line back, unconfirmed, and
   * the order still waiting, so it sent the line with the order's quantity on top (NUT×6): the order
   * placed next converted the cart and the server moved the extra NUT×3 to the next cart, where the
   * device followed it (seed 1000001038: the 3 ordered nuts came back, and the shopper's one more
   * made 4). The lines back are the cart's: the order no longer takes them from the server cart.
   */
  it('a cart sync just before the order is dropped keeps the server cart at what the shopper has', async () => {
    const shop = await shopPage((sync) => sync.refresh());
    await db.cart.insert(newLine('NUT', 3));
    await shop.sync.sync({ forceClientState: true });
    const cartId = (await readLocal(db, LOCAL.cartState)).token!;
    expect(shop.server.lines(cartId)).toEqual({ NUT: 3 });

    const placed = await placeOrderBody(db, shop.outbox, { order_id: 'order-0001', cart_id: cartId, products: [{ sku: 'NUT', qty: 3, product_option: {}, checksum: newLine('NUT', 1).checksum }], addressInformation: {}, grand_total: 33.8 });
    expect(placed.outcome).toBe('repriced');
    expect(await db.orders.findOne('order-0001').exec()).toBeNull();
    expect((await db.cart.find().exec()).map((l) => [l.sku, l.qty])).toEqual([['NUT', 3]]);
    expect(shop.server.lines(cartId)).toEqual({ NUT: 3 });
  });
});
