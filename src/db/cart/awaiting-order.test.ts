import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord, OrderState } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { orderedProductsOf, productsAwaitingOrder } from './awaiting-order';
import { LOCAL, modifyLocal } from '../local-state';

let db: ShopDatabase;
afterEach(async () => db?.close());

const order = (id: string, state: OrderState, cartId: string, products: unknown[]): OrderRecord => ({
  order_id: id, state, transmited: state === 'sent', attempts: 0, body: { cart_id: cartId, products }, created_at: 1, updated_at: 1,
});

describe('products of orders not sent yet', () => {
  it('reads the lines of an order body, skipping what names no line', () => {
    expect(orderedProductsOf({ products: [{ sku: 'A', qty: 2, checksum: 'x', product_option: {} }, { sku: 'B' }, 'junk'] })).toEqual([{ sku: 'A', qty: 2, checksum: 'x', product_option: {} }]);
    expect(orderedProductsOf({})).toEqual([]);
  });

  it('are those of queued and held orders naming the cart', async () => {
    db = await openTestDatabase({ collections: ['orders'] });
    await db.orders.bulkInsert([
      order('1', 'queued', 'c1', [{ sku: 'A', qty: 1 }]),
      order('2', 'held', 'c1', [{ sku: 'B', qty: 2 }]),
      order('3', 'sent', 'c1', [{ sku: 'C', qty: 3 }]),
      order('4', 'rejected', 'c1', [{ sku: 'D', qty: 4 }]),
      order('5', 'queued', 'c2', [{ sku: 'E', qty: 5 }]),
    ]);
    expect((await productsAwaitingOrder(db, 'c1')).map((p) => [p.sku, p.qty])).toEqual([['A', 1], ['B', 2]]);
  });

  it("leave out what only a login-merge add an order withdrew would have put in the cart (seed 1280000361)", async () => {
    db = await openTestDatabase({ collections: ['orders'] });
    const screws = { sku: 'SCREW', qty: 3, cart_line: { confirmed_qty: 0, unconfirmed: [{ op_id: 'merge-m-screw', qty: 3 }] } };
    const bolt = { sku: 'BOLT', qty: 2, cart_line: { confirmed_qty: 1, unconfirmed: [{ op_id: 'merge-m-bolt', qty: 1 }] } };
    await db.orders.insert(order('1', 'repriced', 'c1', [screws, bolt]));
    expect((await productsAwaitingOrder(db, 'c1')).map((p) => [p.sku, p.qty])).toEqual([['SCREW', 3], ['BOLT', 2]]);
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, withdrawnMergeAdds: ['merge-m-screw', 'merge-m-bolt'] }));
    expect((await productsAwaitingOrder(db, 'c1')).map((p) => [p.sku, p.qty])).toEqual([['BOLT', 1]]);
  });
});
