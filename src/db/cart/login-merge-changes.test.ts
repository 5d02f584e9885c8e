import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../replication/api/api-client';
import { createCartSync } from '../../../replication/cart/cart-sync';
import type { CartStore } from '../../../replication/cart/cart-types';
import { fakeCartServer } from '../../../tests/doubles/cart/fake-cart-server';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { itemChecksum } from '../../domain/cart/item-checksum';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import { addToCart } from './cart-actions';
import type { CartItemInput } from './cart-product';
import { cartStore } from './cart-store';

let db: ShopDatabase;
afterEach(async () => db?.close());

const NUT: CartItemInput = { sku: 'NUT', parentSku: null, name: 'Nut', type_id: 'simple', thumbnail: null, product_option: {}, checksum: itemChecksum(null), pricePence: 1000, priceInclTaxPence: 1200, price_incl_tax: 12, stock: null, errors: {} };
const addNuts = (qty: number) => addToCart(db, NUT, qty, {}, 'ok');

/** What another tab does during the login merge: as its pull is on its way, and as it reads the lines. */
interface OtherTab {
  duringPull?: () => Promise<void>;
  whileReading?: (read: () => Promise<void>) => Promise<void>;
}

/**
 * A signed-in shopper has NUT×1 on the device and the login merge is still to run; another tab of
 * the device adds nuts while it runs (`tab`). The merge, then the next round (the add's own sync), run.
 */
async function mergeWith(tab: OtherTab) {
  db = await openTestDatabase({ collections: ['cart', 'notifications'] });
  const server = fakeCartServer();
  server.signedIn = true;
  server.onRequest = async (path) => {
    if (path !== '/api/cart/pull' || !tab.duringPull) return;
    const duringPull = tab.duringPull;
    delete tab.duringPull;
    await duringPull();
  };
  const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: { read: async () => ({ token: 'customer-token', refreshToken: null }), write: async () => undefined }, autoRefreshTokens: false, timeoutMs: 1000 });
  const store = cartStore(db);
  const readForSync: CartStore['readForSync'] = async () => {
    const whileReading = tab.whileReading;
    if (!whileReading) return store.readForSync();
    delete tab.whileReading;
    let lines: Awaited<ReturnType<CartStore['readForSync']>> = [];
    await whileReading(async () => void (lines = await store.readForSync()));
    return lines;
  };
  const sync = createCartSync({ api, store: { ...store, readForSync }, isOnline: () => true, hasUserToken: async () => true, notify: async () => undefined });
  await addNuts(1);
  await sync.authorize();
  expect(await readLocal(db, LOCAL.cartState)).toMatchObject({ mergePending: false });
  await sync.sync();
  const local = Object.fromEntries((await db.cart.find().exec()).map((line) => [line.sku, line.qty]));
  return { local, server: server.lines((await readLocal(db, LOCAL.cartState)).token) };
}

describe('the login merge and an add made in another tab meanwhile', () => {
  it('keeps an add recorded before the merge read the changes and written after it read the lines: the next round sends it (seed 1000000091)', async () => {
    // The add is recorded as the merge's pull is on its way; its line write is held until the merge has read the lines.
    let writing!: () => void;
    const lineWriteStarted = new Promise<void>((resolve) => (writing = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let adding: Promise<unknown> = Promise.resolve();
    const result = await mergeWith({
      async duringPull() {
        db.cart.preSave(async () => {
          writing();
          await held;
        }, false);
        adding = addNuts(3);
        await lineWriteStarted;
      },
      async whileReading(read) {
        await read();
        release();
        await adding;
      },
    });
    expect(result).toEqual({ local: { NUT: 4 }, server: { NUT: 4 } });
  });

  it('does not send twice an add recorded and written after the merge read the changes, before it read the lines', async () => {
    const result = await mergeWith({
      async whileReading(read) {
        await addNuts(3);
        await read();
      },
    });
    expect(result).toEqual({ local: { NUT: 4 }, server: { NUT: 4 } });
  });
});
