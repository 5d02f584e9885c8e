import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { cartStore } from './cart-store';
import type { ShopDatabase } from '../database-types';
import { fakeBrowser, openTestDatabase } from '../../../tests/doubles/test-database';

let db: ShopDatabase;
afterEach(async () => db?.close());

const line = (qty: number, at: number): CartLine => ({
  id: 'A|x', sku: 'A', name: 'Anchor', type_id: 'simple', qty, checksum: 'x', product_option: {}, price_pence: 1000, price_incl_tax_pence: 1200, errors: {}, info: {}, added_at: 1, updated_at: at,
});
/** What the sync writes back after the server confirmed the line it read. */
const confirmed = (from: CartLine): CartLine => ({ ...from, prev_qty: from.qty, item_id: 7, server_item_id: 7, server_cart_id: 'c1', quote_id: 'c1', price_pence: 1100, updated_at: 99 });

describe("the cart sync's store", () => {
  it('writes the server result over a line nobody touched meanwhile', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line(1, 10));
    const store = cartStore(db);
    const [snapshot] = await store.readForSync();
    await store.putLine(confirmed(snapshot!));
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 1, server_item_id: 7, price_pence: 1100, updated_at: 99 });
  });

  it('keeps a quantity the shopper changed while the sync was talking to the server, with the server ids', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line(1, 10));
    const store = cartStore(db);
    const [snapshot] = await store.readForSync();
    await (await db.cart.findOne('A|x').exec())!.incrementalPatch({ qty: 2, updated_at: 20 });
    await store.putLine(confirmed(snapshot!));
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 2, prev_qty: 1, server_item_id: 7, updated_at: 20 });
  });

  it('keeps a change made in the same millisecond as the line the sync read (another tab): the change id tells them apart', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert({ ...line(1, 10), last_op_id: 'op-1' });
    const store = cartStore(db);
    const [snapshot] = await store.readForSync();
    await (await db.cart.findOne('A|x').exec())!.incrementalPatch({ qty: 4, last_op_id: 'op-2' });
    await store.putLine(confirmed(snapshot!));
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 4, last_op_id: 'op-2', server_item_id: 7 });
  });

  it("takes the round's quantity, and its removal, over a line only repriced meanwhile: a new price is not the shopper's edit (seed 1230000652)", async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert({ ...line(3, 10), last_op_id: 'op-1' });
    const store = cartStore(db);
    const [snapshot] = await store.readForSync();
    // The price keeper writes the line's new price state; its time moves, the shopper's edit does not.
    const reprice = async () => (await db.cart.findOne('A|x').exec())!.incrementalPatch({ price_pence: 900, price_refreshed_at: 15, updated_at: 15 });
    await reprice();
    await store.putLine({ ...confirmed(snapshot!), qty: 4 });
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 4, server_item_id: 7 });
    const [again] = await store.readForSync();
    await reprice();
    await store.removeIfUnchanged(again!.id);
    expect(await db.cart.find().exec()).toHaveLength(0);
  });

  it('does not bring back a line the shopper removed meanwhile, but adds lines the server has', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line(1, 10));
    const store = cartStore(db);
    const [snapshot] = await store.readForSync();
    await db.cart.findOne('A|x').remove();
    await store.putLine(confirmed(snapshot!));
    expect(await db.cart.find().exec()).toHaveLength(0);
    await store.putLine({ ...line(3, 30), id: 'B|x', sku: 'B' });
    expect((await db.cart.find().exec()).map((d) => [d.sku, d.qty])).toEqual([['B', 3]]);
  });

  it('forgets removals of earlier rounds: a line removed long ago comes back when the server has it again', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await db.cart.insert(line(1, 10));
    const store = cartStore(db);
    await store.readForSync();
    await db.cart.findOne('A|x').remove();
    await store.readForSync(); // a later round: the line is not among what it read
    await store.putLine({ ...line(2, 30), server_item_id: 9, server_cart_id: 'c1' });
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 2, server_item_id: 9 });
  });

  it('keeps a line the shopper added after the round read the lines, taking only the server ids', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    const store = cartStore(db);
    await store.readForSync();
    await db.cart.insert(line(1, 10));
    await store.putLine(confirmed(line(4, 5)));
    expect((await db.cart.findOne('A|x').exec())?.toMutableJSON()).toMatchObject({ qty: 1, server_item_id: 7, updated_at: 10 });
  });

  it("reads the lines as stored, not as the cache of a tab that has not heard of another tab's removal (seed 7007)", async () => {
    // Two tabs on one browser database; this one hears nothing of the other's writes (as while the
    // other's change message is still on its way).
    const browser = fakeBrowser();
    const name = `tabs_${process.pid}_${Date.now()}`;
    db = await openTestDatabase({ browser, name, collections: ['cart'], ignoreDuplicate: true, devMode: true });
    const other = await openTestDatabase({ browser, name, collections: ['cart'], ignoreDuplicate: true, devMode: true });
    try {
      await db.cart.bulkInsert([line(4, 10), { ...line(1, 10), id: 'B|x', sku: 'B', added_at: 2 }]);
      const store = cartStore(db);
      expect((await store.lines()).map((l) => l.sku)).toEqual(['A', 'B']);
      expect((await db.cart.find().exec()).map((d) => d.sku)).toEqual(['A', 'B']);
      await other.cart.findOne('A|x').remove();
      expect((await db.cart.find().exec()).map((d) => d.sku)).toEqual(['A', 'B']); // this tab's cache
      expect((await store.readForSync()).map((l) => l.sku)).toEqual(['B']);
      expect((await store.lines()).map((l) => l.sku)).toEqual(['B']);
      expect(await store.hasLine('A|x')).toBe(false);
    } finally {
      await other.close();
    }
  });
});
