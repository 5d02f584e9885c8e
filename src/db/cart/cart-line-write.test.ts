import { afterEach, describe, expect, it } from 'vitest';
import { lineKey } from '../../domain/cart/line-key';
import { itemChecksum } from '../../domain/cart/item-checksum';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { ShopDatabase } from '../database-types';
import { fakeBrowser, openTestDatabase } from '../../../tests/doubles/test-database';
import { insertOrModifyLine, removeLine, storedLine } from './cart-line-write';
import { updateQuantity } from './cart-actions';
import { putBackOrderedLines, takeOrderedLines } from './ordered-lines';
import { LOCAL, readLocal } from '../local-state';

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
  const options = { browser, name: 'cart_two_tabs', collections: ['cart', 'notifications'] as const, devMode: true, ignoreDuplicate: true };
  const first = await openTestDatabase({ ...options, multiInstance: true });
  const second = await openTestDatabase({ ...options, multiInstance: false });
  opened.push(first, second);
  return [first, second];
}

const checksum = itemChecksum(null);
const id = lineKey('A', checksum);
const line = (qty: number): CartLine => ({ id, sku: 'A', name: 'A', type_id: 'simple', qty, checksum, product_option: {}, price_pence: 100, price_incl_tax_pence: 120, errors: {}, info: {}, added_at: 1, updated_at: 1 });
const add = (db: ShopDatabase, qty: number) => insertOrModifyLine(db, id, () => line(qty), (current) => ({ ...current, qty: current.qty + qty }));

/** What IndexedDB holds for the line, whatever a tab's cache of it says. */
async function storedQty(db: ShopDatabase): Promise<number | null> {
  return (await storedLine(db, id))?.qty ?? null;
}

describe('a line written from two tabs', () => {
  it('adds to a line the other tab added again a moment ago, which this tab still knows as removed', async () => {
    const [tab, other] = await twoTabs();
    await add(tab, 1);
    await removeLine(tab, id);
    // The other tab adds the product again; this tab has not heard of it yet.
    await add(other, 2);
    await add(tab, 3);
    expect(await storedQty(tab)).toBe(5);
  });

  it('adds to a line the other tab added a moment ago, which this tab has never read', async () => {
    const [tab, other] = await twoTabs();
    await add(other, 2);
    await add(tab, 3);
    expect(await storedQty(tab)).toBe(5);
  });

  it("an order that names no cart records as taken all it takes, the other tab's add of a moment ago too (seed 1140000078)", async () => {
    const [tab, other] = await twoTabs();
    await add(tab, 3);
    expect((await tab.cart.findOne(id).exec())?.qty).toBe(3);
    // The other tab adds a bolt; this tab's cache still holds 3, the order (built from 4) takes 4.
    await add(other, 1);
    await takeOrderedLines(tab, [{ sku: 'A', qty: 4, checksum }]);
    expect(await storedQty(tab)).toBeNull();
    const takes = (await readLocal(tab, LOCAL.cartState)).pendingOps.filter((op) => op.type === 'take' && op.key === id);
    expect(takes.reduce((sum, op) => sum + (op.qty ?? 0), 0)).toBe(4);
  });

  it('does not set the quantity of a line the other tab took out a moment ago, which this tab still shows', async () => {
    const [tab, other] = await twoTabs();
    await add(tab, 4);
    expect((await tab.cart.findOne(id).exec())?.qty).toBe(4);
    await takeOrderedLines(other, [{ sku: 'A', qty: 4, checksum }]);
    await updateQuantity(tab, id, 5);
    expect(await storedQty(tab)).toBeNull();
    expect((await readLocal(tab, LOCAL.cartState)).pendingOps.filter((op) => op.type === 'set')).toEqual([]);
  });

  it('an order placed again takes the lines the other tab put back a moment ago, which this tab still knows as taken', async () => {
    const [tab, other] = await twoTabs();
    await add(tab, 2);
    const products = [{ sku: 'A', qty: 2, checksum }];
    // The order took the line, the server asked to confirm a new price, and the other tab put it back.
    const taken = await takeOrderedLines(tab, products, undefined, 'o-1@10');
    await putBackOrderedLines(other, taken);
    // The shopper confirms in this tab: the order is stored again and takes its lines once more.
    await takeOrderedLines(tab, products, undefined, 'o-1@20');
    expect(await storedQty(tab)).toBeNull();
  });

  it('removes a line the other tab added again a moment ago, which this tab still knows as removed', async () => {
    const [tab, other] = await twoTabs();
    await add(tab, 1);
    await removeLine(tab, id);
    await add(other, 2);
    await removeLine(tab, id);
    expect(await storedQty(tab)).toBeNull();
  });
});
