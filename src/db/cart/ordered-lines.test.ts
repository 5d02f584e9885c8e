import { afterEach, describe, expect, it } from 'vitest';
import { orderedLineKey } from '../../../replication/cart/item-match';
import { lineKey } from '../../domain/cart/line-key';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { itemChecksum } from '../../domain/cart/item-checksum';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { insertOrModifyLine } from './cart-line-write';
import { placementOf, takeLinesLeftInCart } from '../orders/take-ordered-lines';
import { putBackOrderedLines, takeOrderedLines } from './ordered-lines';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { takeIdOf, withCartOp } from '../../../replication/cart/cart-ops-journal';

let db: ShopDatabase;
afterEach(async () => db?.close());

const plain = itemChecksum(null);
const option = { extension_attributes: { custom_options: [{ option_id: 1, option_value: '2m' }] } };
const line = (sku: string, qty: number, productOption: Record<string, unknown> = {}): CartLine => {
  const checksum = itemChecksum(Object.keys(productOption).length > 0 ? productOption : null);
  return { id: lineKey(sku, checksum), sku, name: sku, type_id: 'simple', qty, checksum, product_option: productOption, price_pence: 100, price_incl_tax_pence: 120, errors: {}, info: {}, added_at: 1, updated_at: 1 };
};
const cart = async () => Object.fromEntries((await db.cart.find().exec()).map((l) => [l.id, l.qty]));

describe('removing the ordered lines from the cart', () => {
  it('finds the line of an ordered product by its checksum, or by its options when the body has none', () => {
    expect(orderedLineKey({ sku: 'A', checksum: 'abc' })).toBe('A|abc');
    expect(orderedLineKey({ sku: 'A', product_option: {} })).toBe(`A|${plain}`);
    expect(orderedLineKey({ sku: 'A', product_option: option })).toBe(line('A', 1, option).id);
  });

  it('removes the ordered lines, keeps what was added meanwhile, and leaves the other lines', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.bulkInsert([line('A', 2), line('B', 5), line('C', 1), line('A', 1, option)]);
    await takeOrderedLines(db, [
      { sku: 'A', qty: 2, checksum: plain },
      { sku: 'B', qty: 3, product_option: {} },
      { sku: 'A', qty: 1, product_option: option },
      { sku: 'GONE', qty: 1 },
    ]);
    expect(await cart()).toEqual({ [`B|${plain}`]: 2, [`C|${plain}`]: 1 });
  });

  it('decides on the stored line: an add in another tab at the same moment is not lost', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line('A', 2));
    const id = line('A', 2).id;
    // The other tab's add reaches the line between this read and the removal's write.
    await Promise.all([
      takeOrderedLines(db, [{ sku: 'A', qty: 2, checksum: plain }]),
      insertOrModifyLine(db, id, () => line('A', 3), (current) => ({ ...current, qty: current.qty + 3, updated_at: 2 })),
    ]);
    const left = await cart();
    // Whichever write came first, the 3 added stay (as a new line when the removal went first).
    expect(left).toEqual({ [id]: 3 });
  });

  it('puts back what it took when the order is refused, on top of what was added since', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.bulkInsert([line('A', 2), line('B', 5)]);
    const taken = await takeOrderedLines(db, [{ sku: 'A', qty: 2, checksum: plain }, { sku: 'B', qty: 3, checksum: plain }]);
    expect(taken.taken.map((l) => [l.sku, l.qty])).toEqual([['A', 2], ['B', 3]]);
    await insertOrModifyLine(db, line('A', 1).id, () => line('A', 1), (current) => ({ ...current, qty: current.qty + 1 }));
    await putBackOrderedLines(db, taken);
    expect(await cart()).toEqual({ [`A|${plain}`]: 3, [`B|${plain}`]: 5 });
  });
});

describe('an order whose page died while taking its lines', () => {
  const order = (id: string, createdAt: number, products: Record<string, unknown>[]): OrderRecord => ({
    order_id: id, state: 'queued', transmited: false, transmited_at: null, attempts: 0, body: { products }, result: null, error: null, lines_taken: false, created_at: createdAt, updated_at: createdAt,
  });

  it('loses the ordered quantity once: the tab that finishes the taking skips the lines the page had taken', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders'] });
    // Another tab had added 3 more anchors while the order for 2 was placed.
    await db.cart.bulkInsert([line('A', 5), line('B', 1), line('C', 4)]);
    const placed = order('o-1', 10, [{ sku: 'A', qty: 2, checksum: plain }, { sku: 'B', qty: 1, checksum: plain }, { sku: 'C', qty: 1, checksum: plain }]);
    await db.orders.insert(placed);
    // The page took the anchors and the bolt, then died before the screw and before recording it.
    await takeOrderedLines(db, [{ sku: 'A', qty: 2, checksum: plain }, { sku: 'B', qty: 1, checksum: plain }], undefined, placementOf(placed));
    expect(await cart()).toEqual({ [`A|${plain}`]: 3, [`C|${plain}`]: 4 });
    await takeLinesLeftInCart(db);
    expect(await cart()).toEqual({ [`A|${plain}`]: 3, [`C|${plain}`]: 3 });
    expect((await db.orders.findOne('o-1').exec())?.lines_taken).toBe(true);
  });

  it('a line added again after the order took it whole keeps the mark: finishing the taking leaves it', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line('A', 2));
    const products = [{ sku: 'A', qty: 2, checksum: plain }];
    await takeOrderedLines(db, products, undefined, 'o-1@10');
    expect(await cart()).toEqual({});
    // The shopper adds the anchors again; the line is written over the removed one.
    await insertOrModifyLine(db, line('A', 2).id, () => line('A', 2), (current) => ({ ...current, qty: current.qty + 2 }));
    await takeOrderedLines(db, products, undefined, 'o-1@10');
    expect(await cart()).toEqual({ [`A|${plain}`]: 2 });
  });

  it('takes again for a new placement of the same order (stored again after a price change)', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line('A', 5));
    const products = [{ sku: 'A', qty: 2, checksum: plain }];
    await takeOrderedLines(db, products, undefined, 'o-1@10');
    await takeOrderedLines(db, products, undefined, 'o-1@10');
    expect(await cart()).toEqual({ [`A|${plain}`]: 3 });
    await takeOrderedLines(db, products, undefined, 'o-1@20');
    expect(await cart()).toEqual({ [`A|${plain}`]: 1 });
  });

  it.each([
    ['whole', 2],
    ['in part', 5],
  ])('a take the page journaled (%s) before it died is not journaled again by the tab that finishes the taking', async (_, held) => {
    db = await openTestDatabase({ collections: ['cart'] });
    const anchors = line('A', held);
    await db.cart.insert(anchors);
    // The order names no cart: its taking goes into the journal. The page recorded the take, then died before writing the line.
    const taking = Math.min(held, 2);
    const takeId = takeIdOf('o-1@10', anchors.id);
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'take', anchors, taking, undefined, takeId));
    await takeOrderedLines(db, [{ sku: 'A', qty: 2, checksum: plain }], 'a cart no longer there', 'o-1@10');
    const takes = (await readLocal(db, LOCAL.cartState)).pendingOps.filter((op) => op.type === 'take');
    expect(takes.map((op) => [op.op_id, op.qty])).toEqual([[takeId, taking]]);
    expect(await cart()).toEqual(held > 2 ? { [anchors.id]: held - 2 } : {});
  });
});
