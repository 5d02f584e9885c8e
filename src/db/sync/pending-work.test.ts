import { afterEach, describe, expect, it } from 'vitest';
import { cartHash } from '../../../replication/cart/cart-hash';
import { withCartOp } from '../../../replication/cart/cart-ops-journal';
import { newLine } from '../../../tests/doubles/cart/cart-test-setup';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';
import { hasPendingWork } from './pending-work';

let db: ShopDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const CART = 'cart-1';
const confirmed = (sku: string, qty: number, itemId: number) => newLine(sku, qty, 1, { server_item_id: itemId, item_id: itemId, server_cart_id: CART });

/** A cart of bolts and nuts, both confirmed in cart-1 and synced. */
async function syncedCart(): Promise<ShopDatabase> {
  const opened = await openTestDatabase({ collections: ['cart', 'orders', 'sync_tasks'] });
  const lines = [confirmed('BOLT', 2, 1), confirmed('NUT', 1, 2)];
  await opened.cart.bulkInsert(lines);
  await modifyLocal(opened, LOCAL.cartState, (s) => ({ ...s, token: CART, customerCart: true, itemsHash: cartHash(lines, CART), lastSyncAt: 1 }));
  return opened;
}

describe('work left for the retry timer', () => {
  it('none once every line is confirmed and synced', async () => {
    db = await syncedCart();
    expect(await hasPendingWork(db)).toBe(false);
  });

  it('a line removed while the sync found the device offline: the other lines are confirmed, the synced hash is stale', async () => {
    db = await syncedCart();
    const nut = (await db.cart.findOne(newLine('NUT', 1).id).exec())!;
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'remove', nut.toJSON()));
    await nut.remove();
    expect(await hasPendingWork(db)).toBe(true);
  });

  it('a change recorded and not applied, its line already showing the quantity the last sync confirmed', async () => {
    db = await syncedCart();
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('BOLT', 1), 1));
    expect(await hasPendingWork(db)).toBe(true);
  });
});
