import { describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import type { FeedDocument } from '../../replication/catalog/catalog-feed';
import { toContentRecord, toProductRecord } from '../../replication/catalog/catalog-records';
import { addProductToCart } from '../../src/db/cart/cart-add';
import { applyCoupon } from '../../src/db/cart/cart-coupon';
import { changeQuantity } from '../../src/db/cart/cart-quantity';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { checkoutTotals } from '../../src/db/orders/checkout-totals';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { type ShopSync } from '../../src/db/sync/shop-sync';
import { openTestDatabase } from '../doubles/test-database';
import type { TestServer } from '../helpers/test-server';
import { closedAfterEach, leadingSync, serverForThisFile } from './device-shop';
import { testProduct } from './cart-fixtures';
import { scaled } from '../helpers/time-limits';

/**
 * A cart whose coupon was applied online shows, offline, the totals the server computes for the same
 * lines: the device keeps the coupon's rule from the server's totals and applies the shared rule.
 */

let server: TestServer;
const TIERED = 'LCC-SCREWS';
const BOOK = 'LCC-BOOK';
const DRILL = 'LCC-DRILL';
const PRODUCTS = [
  testProduct(995_400, TIERED, { price: 12.49, tier_prices: [{ customer_group_id: 0, qty: 10, value: 11.37 }] }),
  testProduct(995_401, BOOK, { price: 5.55, tax_class_id: 5 }),
  testProduct(995_402, DRILL, { price: 64.99 }),
];
serverForThisFile(PRODUCTS, (started) => (server = started));

interface Page {
  db: ShopDatabase;
  sync: ShopSync;
  connectivity: ReturnType<typeof manualConnectivity>;
}
const pages = closedAfterEach<Page>();

async function serverDocs(entity: string, where = ''): Promise<Record<string, unknown>[]> {
  const rows = await server.ctx.db.query<{ doc: Record<string, unknown> }>(`select doc from catalog_documents where entity = $1 and not deleted ${where}`, [entity]);
  return rows.map((r) => r.doc);
}

/** A device holding the three products and the tax rules, as replication would have left them. */
async function openShop(): Promise<Page> {
  const db = await openTestDatabase({ collections: ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications', 'lists'] });
  const feed = (doc: Record<string, unknown>, entity: string) => ({ ...doc, _entity: entity, _deleted: false }) as FeedDocument;
  for (const doc of await serverDocs('product', `and doc->>'sku' like 'LCC-%'`)) {
    const { _deleted, ...record } = toProductRecord(feed(doc, 'product'));
    await db.products.insert(record);
  }
  for (const doc of await serverDocs('taxrule')) {
    const { _deleted, ...record } = toContentRecord(feed(doc, 'taxrule'));
    await db.content.insert(record);
  }
  const connectivity = manualConnectivity(true);
  const sync = await leadingSync(server, db, { connectivity });
  const page = { db, sync, connectivity };
  pages.push(page);
  return page;
}

async function add(page: Page, sku: string, qty: number): Promise<void> {
  const product = (await page.db.products.findOne({ selector: { sku } }).exec())!.source;
  expect((await addProductToCart(page, { product, productOption: {}, customerGroupId: 0, qty })).added).toBe(true);
}

const lines = async (page: Page) => (await page.db.cart.find({ sort: [{ added_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON());

async function serverTotals(page: Page): Promise<TotalsReply> {
  const { token } = await readLocal(page.db, LOCAL.cartState);
  const reply = await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${token}`);
  expect(reply.status).toBe(200);
  return reply.body.result;
}

/** The order summary's totals as the device works them out with no connection. */
async function offlineTotals(page: Page): Promise<TotalsReply> {
  const result = await checkoutTotals(page.db, await lines(page), await readLocal(page.db, LOCAL.cartState), 'GB', false);
  if (!result.ok) throw new Error(result.message);
  expect(result.source).toBe('client');
  return result.totals;
}

const figures = (t: TotalsReply) => ({
  subtotal_incl_tax: t.subtotal_incl_tax,
  discount_amount: t.discount_amount,
  shipping_incl_tax: t.shipping_incl_tax,
  tax_amount: t.tax_amount,
  grand_total: t.grand_total,
  coupon_code: t.coupon_code,
});

/** The device's cart matches the server's lines and its totals came back after them. */
async function settled(page: Page): Promise<boolean> {
  const state = await readLocal(page.db, LOCAL.cartState);
  if (!state.token || state.lastTotalsSyncAt === null || (state.lastSyncAt ?? 0) > state.lastTotalsSyncAt) return false;
  const rows = await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1 order by sku', [state.token]);
  const local = (await lines(page)).map((l) => `${l.sku}:${l.qty}`).sort();
  return JSON.stringify(rows.map((r) => `${r.sku}:${Number(r.qty)}`)) === JSON.stringify(local);
}

describe('a coupon applied online, in totals worked out offline', () => {
  it('gives the server figures for a percentage coupon, and again after an offline quantity change', async () => {
    const page = await openShop();
    await add(page, TIERED, 12);
    await add(page, BOOK, 3);
    await add(page, DRILL, 1);
    await expect.poll(() => settled(page), { timeout: scaled(10_000) }).toBe(true);
    expect(await applyCoupon(page, 'welcome10')).toBeNull();
    const online = await serverTotals(page);
    expect(online.coupon_code).toBe('WELCOME10');
    expect(online.discount_amount).toBeLessThan(0);
    expect((await readLocal(page.db, LOCAL.cartState)).coupon?.rule).toMatchObject({ code: 'WELCOME10', discount_type: 'percent', discount_amount: 10 });

    page.connectivity.set(false);
    expect(figures(await offlineTotals(page))).toEqual(figures(online));

    // Offline, one more drill: the device's figure is what the server charges once the change reaches it.
    const drill = (await lines(page)).find((l) => l.sku === DRILL)!;
    expect(await changeQuantity(page, drill, '2')).toBeNull();
    const offline = await offlineTotals(page);
    expect(offline.grand_total).toBeGreaterThan(online.grand_total);
    page.connectivity.set(true);
    await expect.poll(() => settled(page), { timeout: scaled(10_000) }).toBe(true);
    expect(figures(await serverTotals(page))).toEqual(figures(offline));
  });

  it('gives the server figures for a fixed coupon with a minimum, below and above it', async () => {
    const page = await openShop();
    await add(page, DRILL, 3); // 194.97 excl. VAT, over SITE15's 150
    await add(page, BOOK, 1);
    await expect.poll(() => settled(page), { timeout: scaled(10_000) }).toBe(true);
    expect(await applyCoupon(page, 'SITE15')).toBeNull();
    const online = await serverTotals(page);
    expect(online.discount_amount).toBe(-15);

    page.connectivity.set(false);
    expect(figures(await offlineTotals(page))).toEqual(figures(online));
    const drill = (await lines(page)).find((l) => l.sku === DRILL)!;
    expect(await changeQuantity(page, drill, '2')).toBeNull(); // 129.98 + 5.55: below the minimum
    const below = await offlineTotals(page);
    expect(below.discount_amount).toBe(0);
    page.connectivity.set(true);
    await expect.poll(() => settled(page), { timeout: scaled(10_000) }).toBe(true);
    expect(figures(await serverTotals(page))).toEqual(figures(below));
  });
});
