import { describe, expect, it } from 'vitest';
import { addToCart } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { createShopSync, type ShopSync } from '../../src/db/sync/shop-sync';
import { recordingFetch, type RecordingFetch } from '../doubles/recording-fetch';
import { fakeBrowser, openTestDatabase } from '../doubles/test-database';
import type { TestServer } from '../helpers/test-server';
import { serverForThisFile } from './device-shop';
import { waitUntil } from '../helpers/wait-until';

/**
 * Two tabs of one browser: two database instances of the same name on one IndexedDB, in one process
 * (dev-mode allows the duplicate). Change events cross over broadcast-channel, which in Node uses
 * its file-socket method; leader election runs over the same channel. Six collections per tab keep
 * the pair under the free tier's 13 open collections.
 */
let server: TestServer;
serverForThisFile([], (started) => (server = started));

interface Tab {
  db: ShopDatabase;
  net: RecordingFetch;
  shop: ShopSync;
}

async function openTab(browser: ReturnType<typeof fakeBrowser>): Promise<Tab> {
  const db = await openTestDatabase({
    browser,
    name: 'shop_tabs',
    collections: ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications'],
    multiInstance: true,
    devMode: true,
    ignoreDuplicate: true,
  });
  const net = recordingFetch();
  const shop = createShopSync(db, { baseUrl: server.url, fetch: net.fetch, connectivity: manualConnectivity(true), catalogue: { batchSize: 1000, only: ['products'] } });
  shop.start();
  return { db, net, shop };
}

describe('two tabs on one IndexedDB', () => {
  it('elect one leader that alone sends requests; both see the catalogue and each other\'s cart', async () => {
    const [live] = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from catalog_documents where entity = 'product' and not deleted and (doc->>'status')::int < 2");
    const browser = fakeBrowser();
    const a = await openTab(browser);
    const b = await openTab(browser);
    try {
      await waitUntil(async () => (await a.db.products.count().exec()) === live!.n && (await b.db.products.count().exec()) === live!.n, 60_000, 'catalogue in both tabs');
      const leaders = [a, b].filter((t) => t.db.isLeader());
      expect(leaders).toHaveLength(1);
      const leader = leaders[0]!;
      const follower = leader === a ? b : a;
      expect(leader.net.requests.some((r) => r.startsWith('/api/catalog/changes'))).toBe(true);

      // The shopper adds to the cart in the other tab: the leader sends it, the other tab sees the result.
      const product = (await follower.db.products.findOne({ selector: { type_id: 'simple', status: 1 } }).exec())!;
      const stock = await server.ctx.db.query<{ qty: number }>('select qty from stock where sku = $1', [product.sku]);
      if (Number(stock[0]?.qty ?? 0) < 5) await server.ctx.db.query('update stock set qty = 100, is_in_stock = true where sku = $1', [product.sku]);
      const input = await cartItemFromProduct(follower.db, { ...product.toMutableJSON(), source: { ...product.source, stock: { is_in_stock: true, qty: 100 } } });
      expect((await addToCart(follower.db, input, 2)).added).toBe(true);
      await waitUntil(async () => typeof (await follower.db.cart.findOne().exec())?.server_item_id === 'number', 10_000, 'line confirmed by the server');
      const { token } = await readLocal(follower.db, LOCAL.cartState);
      const rows = await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1', [token]);
      expect(rows.map((r) => [r.sku, Number(r.qty)])).toEqual([[product.sku, 2]]);
      expect(leader.net.requests.some((r) => r.startsWith('/api/cart/apply'))).toBe(true);
      expect(follower.net.requests).toEqual([]);

      // The leader's tab closes: the other one takes over and keeps the catalogue live.
      await leader.shop.stop();
      await leader.db.close();
      await waitUntil(async () => follower.db.isLeader(), 10_000, 'new leader');
      const [row] = await server.ctx.db.query<{ doc: Record<string, unknown> }>("select doc from catalog_documents where entity = 'product' and not deleted and (doc->>'status')::int = 1 order by seq limit 1");
      const renamed = { ...row!.doc, name: 'Renamed while the other tab was closed' };
      await server.request('POST', '/api/catalog/import', { products: [renamed] }, { 'x-admin-token': server.ctx.adminToken });
      await waitUntil(async () => (await follower.db.products.findOne(String(row!.doc.id)).exec())?.name === renamed.name, 10_000, 'change in the remaining tab');
      expect(follower.net.requests.some((r) => r.startsWith('/api/catalog/changes'))).toBe(true);
    } finally {
      for (const tab of [a, b]) {
        if (tab.db.closed) continue;
        await tab.shop.stop();
        await tab.db.close();
      }
    }
  });
});
