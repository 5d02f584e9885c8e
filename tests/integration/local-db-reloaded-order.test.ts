import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../schemas/rx/orders.schema';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { addToCart } from '../../src/db/cart/cart-actions';
import { manualLeadership } from '../../src/db/sync/tab-leadership';
import { createShopSync } from '../../src/db/sync/shop-sync';
import type { TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { testProduct } from './cart-fixtures';
import { devicePages, serverForThisFile } from './device-shop';

/**
 * A page stores an order and reloads before its lines leave the cart, while another tab leads the
 * whole time (soak seed 1160000075): the reloaded page finishes the taking as it opens, so the leading
 * tab's next cart sync does not send the ordered lines on to the server's cart.
 */
let server: TestServer;
const SKU = 'RLD-BOLT';
serverForThisFile([testProduct(996_760, SKU, { price: 3 })], (started) => (server = started));
const openPage = devicePages(() => server, [SKU]);

/** A leading page with 2 bolts in the cart and an order for them stored, its lines not taken yet. */
async function orderStoredNotTaken() {
  const leader = await openPage();
  const { db } = leader;
  const bolt = (await db.products.findOne({ selector: { sku: SKU } }).exec())!;
  await addToCart(db, await cartItemFromProduct(db, bolt), 2);
  const line = (await db.cart.findOne().exec())!;
  const at = Date.now();
  const order: OrderRecord = {
    order_id: `reloaded-${at}`, state: 'queued', transmited: false, transmited_at: null, attempts: 0, result: null, error: null, lines_taken: false, created_at: at, updated_at: at,
    body: { products: [{ sku: SKU, qty: 2, checksum: line.checksum, product_option: {} }] },
  };
  leader.online.set(false);
  await db.orders.insert(order);
  // The reloaded page: another tab of the same device, not leading.
  const reloaded = createShopSync(db, { baseUrl: server.url, catalogue: false, leadership: manualLeadership(false), connectivity: leader.online });
  return { leader, db, order, reloaded };
}

describe('an order stored by a page that reloaded before taking its lines', () => {
  it('leaves the cart when the reloaded page opens, though another tab leads all along', async () => {
    const { leader, db, order, reloaded } = await orderStoredNotTaken();
    reloaded.start();
    try {
      await waitUntil(async () => (await db.orders.findOne(order.order_id).exec())?.lines_taken === true, 10_000, 'the order records its lines taken');
      expect(await db.cart.count().exec()).toBe(0);
      expect(leader.leadership.isLeading()).toBe(true);
    } finally {
      await reloaded.stop();
    }
  });

  it('is done by the time the page has opened: the shopper never meets the ordered lines in the cart (seed 1250000006)', async () => {
    const { db, order, reloaded } = await orderStoredNotTaken();
    reloaded.start();
    try {
      await reloaded.whenOpened();
      expect(await db.cart.count().exec()).toBe(0);
      expect((await db.orders.findOne(order.order_id).exec())?.lines_taken).toBe(true);
    } finally {
      await reloaded.stop();
    }
  });
});
