import { filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from '../../src/domain/catalog-query/catalog-index';
import { findByCode } from '../../src/domain/catalog-query/code-lookup';
import type { Doc } from '../../src/domain/catalog-query/types';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { putReorderOnPad, watchPad } from '../../src/db/quick-order/pad-store';
import { signOut } from '../../src/db/session/session';
import { deviceOrderLines } from '../../src/db/quick-order/ordered-lines';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { type ShopSync } from '../../src/db/sync/shop-sync';
import { openTestDatabase } from '../doubles/test-database';
import { addRowsToCart, mergeBatchNotices } from '../../src/features/quick-order/add-all';
import { addAllNotice } from '../../src/features/quick-order/add-all-message';
import { evaluateRow, type RowContext } from '../../src/features/quick-order/pad-row';
import type { TestServer } from '../helpers/test-server';
import { closedAfterEach, leadingSync, serverForThisFile, serverProduct, storeProduct } from './device-shop';
import { testProduct } from './cart-fixtures';
import { scaled } from '../helpers/time-limits';

let server: TestServer;
const PRODUCTS = [
  testProduct(995_400, 'QO-READY', { stock: { is_in_stock: true, qty: 50, manage_stock: true } }),
  testProduct(995_401, 'QO-SHORT', { stock: { is_in_stock: true, qty: 2, manage_stock: true } }),
  testProduct(995_402, 'QO-TRADE', { minimum_order: 5 }),
];
serverForThisFile(PRODUCTS, (started) => (server = started));

interface Page {
  db: ShopDatabase;
  sync: ShopSync;
  index: ReturnType<typeof createCatalogIndex>;
}
const pages = closedAfterEach<Page>();

/** A device whose replica says `localStock` for some SKUs (it was saved before the server's stock moved). */
async function openShop(localStock: Record<string, number> = {}): Promise<Page> {
  const db = await openTestDatabase({ collections: ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications', 'lists'] });
  const sources: Doc[] = [];
  for (const product of PRODUCTS) {
    const sku = String(product.sku);
    const doc = await serverProduct(server, sku);
    sources.push(await storeProduct(db, localStock[sku] === undefined ? doc : { ...doc, stock: { is_in_stock: true, qty: localStock[sku], manage_stock: true } }));
  }
  const sync = await leadingSync(server, db, { connectivity: manualConnectivity(true) });
  const page = { db, sync, index: createCatalogIndex('product', sources) };
  pages.push(page);
  return page;
}

const contextOf = (page: Page): RowContext => ({ lookup: (code) => findByCode(page.index, code), customerGroupId: 0, now: new Date(), taxPercent: () => 20, inCart: () => 0 });

async function serverCart(page: Page): Promise<Record<string, number>> {
  const { token } = await readLocal(page.db, LOCAL.cartState);
  const rows = token ? await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1', [token]) : [];
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}

describe('EANs in the catalogue import', () => {
  it('refuses a wrong check digit with the path and the valid code, and nothing is written', async () => {
    const reply = await server.request<string>('POST', '/api/catalog/import', { products: [testProduct(995_409, 'QO-EAN', { ean: '5012345678901' })] }, { 'x-admin-token': server.ctx.adminToken });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body.result)).toContain('products[0].ean: EAN check digit is wrong: 5012345678900 would be valid');
    expect(await server.ctx.db.query("select 1 from catalog_documents where entity = 'product' and doc->>'sku' = 'QO-EAN'")).toEqual([]);
  });
});

describe('the quick order pad on the local database', () => {
  it('adds the ready rows through the product page add; one the live stock check refuses keeps that message', async () => {
    const page = await openShop({ 'QO-SHORT': 40 });
    const rows = [
      { id: 'a', code: 'QO-READY', qty: '3' },
      { id: 'b', code: 'qo-short', qty: '5' },
      { id: 'c', code: 'QO-TRADE', qty: '2' },
    ];
    const outcomes = rows.map((row) => evaluateRow(row, contextOf(page)));
    expect(outcomes.map((o) => (o.kind === 'refused' ? o.message : o.kind))).toEqual(['ready', 'ready', 'The minimum quantity for this product is 5.']);
    const ready = rows.flatMap((row, i) => {
      const outcome = outcomes[i]!;
      return outcome.kind === 'ready' ? [{ id: row.id, line: outcome.line }] : [];
    });
    const result = await addRowsToCart(page, ready, 0);
    expect([...result.added]).toEqual(['a']);
    expect([...result.refused]).toEqual([['b', 'Only 2 products of this type are available.']]);
    expect(result.notices).toEqual(['Product has been added to the cart!']);
    // The cart's per-line notices (added, refused) give way to one merged notice.
    expect((await page.db.notifications.find().exec()).length).toBeGreaterThan(1);
    await mergeBatchNotices(page.db, result, addAllNotice('1 line added to the cart.', result.notices, '1 line stays on the pad with its message.'));
    expect((await page.db.notifications.find().exec()).map((n) => n.message)).toEqual(['1 line added to the cart. 1 line stays on the pad with its message.']);
    expect(Object.fromEntries((await page.db.cart.find().exec()).map((l) => [l.sku, l.qty]))).toEqual({ 'QO-READY': 3 });
    await expect.poll(() => serverCart(page), { timeout: scaled(10_000) }).toEqual({ 'QO-READY': 3 });
  });

  it('a reorder puts the lines of an order placed on this device at the top of the pad, naming the order', async () => {
    const page = await openShop();
    const now = Date.now();
    await page.db.orders.insert({
      order_id: 'qo-order-1', state: 'sent', transmited: true, transmited_at: now, attempts: 1, result: { increment_id: '000000042' }, error: null, created_at: now, updated_at: now,
      body: { products: [{ sku: 'QO-READY', qty: 2 }, { sku: 'QO-TRADE', qty: 5 }, { qty: 1 }] },
    });
    expect(await deviceOrderLines(page.db, 'qo-order-1')).toEqual([{ sku: 'QO-READY', qty: 2 }, { sku: 'QO-TRADE', qty: 5 }]);
    expect(await deviceOrderLines(page.db, '000000042')).toEqual([{ sku: 'QO-READY', qty: 2 }, { sku: 'QO-TRADE', qty: 5 }]);
    expect(await deviceOrderLines(page.db, 'someone-elses')).toBeNull();
    await putReorderOnPad(page.db, [{ code: 'QO-SHORT', qty: '1' }], '000000041');
    await putReorderOnPad(page.db, [{ code: 'QO-READY', qty: '2' }, { code: 'QO-TRADE', qty: '5' }], '000000042');
    const pad = await firstValueFrom(watchPad(page.db).pipe(filter((d) => d.rows.length === 3)));
    // The newest reorder's lines first, above the rows that were already there.
    expect(pad.rows.map((r) => [r.code, r.qty])).toEqual([['QO-READY', '2'], ['QO-TRADE', '5'], ['QO-SHORT', '1']]);
    expect(pad.reordered).toEqual({ order: '000000042', rowIds: pad.rows.slice(0, 2).map((r) => r.id) });
  });

  it('logging out empties the pad, so the next person on a shared device does not see what was reordered', async () => {
    const page = await openShop();
    await putReorderOnPad(page.db, [{ code: 'QO-READY', qty: '2' }], '000000042');
    await firstValueFrom(watchPad(page.db).pipe(filter((d) => d.rows.length === 1)));
    await signOut(page.db, { silent: true });
    expect((await firstValueFrom(watchPad(page.db))).rows).toEqual([]);
  });
});
