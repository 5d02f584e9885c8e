import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiEnvelope, RequestOptions } from '../../../replication/api/api-types';
import { toProductRecord } from '../../../replication/catalog/catalog-records';
import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { DEFAULT_CART_STATE } from '../../../schemas/rx/local-documents';
import { cartHash } from '../../../replication/cart/cart-hash';
import { ADD_TO_CART_MESSAGES } from '../../domain/add-to-cart/add-to-cart-rules';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { applyServerTotalsPrices, markPricesNotCurrent, refreshCartPrices } from './cart-price-keeper';

let db: ShopDatabase;
afterEach(async () => db?.close());

const BOLT = { id: 1, sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', price: 3.5, tax_class_id: 2, stock: { is_in_stock: true, qty: 100 } };
const VAT = { id: 1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] };
const line: CartLine = {
  id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 2, checksum: 'x', product_option: {}, price_pence: 350, price_incl_tax_pence: 420,
  price_is_current: false, price_refreshed_at: null, price_seen_incl_tax_pence: 420, errors: {}, info: {}, added_at: 1, updated_at: 1,
};

async function openDevice(product: Record<string, unknown> = BOLT): Promise<void> {
  db = await openTestDatabase({ collections: ['products', 'content', 'cart'] });
  await putProduct(product);
  await db.content.insert({ key: 'taxrule:1', entity: 'taxrule', id: '1', identifier: '', source: VAT });
  await db.cart.insert(line);
}

/** The replica applying a product change from the feed. */
async function putProduct(product: Record<string, unknown>): Promise<void> {
  const { _deleted, ...record } = toProductRecord({ ...product, _entity: 'product', _deleted: false } as FeedDocument);
  await db.products.upsert(record);
}

/** A server whose render-list and stock list answer from `prices` (pounds) and `inStock`; requests are recorded. */
function fakeApi(prices: Record<string, number>, inStock = true) {
  const asked: string[] = [];
  const api = {
    url: (path: string) => path,
    fetch: globalThis.fetch,
    async request<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
      asked.push(path);
      const skus = String(options.query?.skus ?? '').split(',');
      if (path === '/api/product/render-list') {
        return { code: 200, result: { items: skus.filter((s) => s in prices).map((sku) => ({ sku, price_info: { final_price: prices[sku], regular_price: prices[sku] } })) } as T };
      }
      if (path === '/api/stock/list') return { code: 200, result: skus.map((sku) => ({ product_sku: sku, is_in_stock: inStock, qty: inStock ? 5 : 0 })) as T };
      throw new Error(`unexpected ${path}`);
    },
  } satisfies ApiClient;
  return { api, asked };
}

const stored = async () => (await db.cart.findOne(line.id).exec())!.toMutableJSON();
const noTotals = async () => undefined;

describe('cart prices kept with the catalogue replica', () => {
  it("takes the replica's new price once, keeps the price the shopper saw, and asks for the server totals again", async () => {
    await openDevice();
    const { api } = fakeApi({ M8: 4 });
    let totalsAsked = 0;
    const deps = { api, isOnline: () => true, syncTotals: async () => void totalsAsked++ };
    await putProduct({ ...BOLT, price: 4 });
    expect(await refreshCartPrices(db, deps)).toBe(1);
    expect(await stored()).toMatchObject({ price_pence: 400, price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420, price_is_current: true, qty: 2 });
    expect((await stored()).price_refreshed_at).toBeGreaterThan(0);
    expect(totalsAsked).toBe(1);

    // A second run (another batch, another trigger) finds nothing to write: no revision, no loop.
    const revision = (await db.cart.findOne(line.id).exec())!.revision;
    expect(await refreshCartPrices(db, deps)).toBe(0);
    expect((await db.cart.findOne(line.id).exec())!.revision).toBe(revision);
    expect(totalsAsked).toBe(1);
  });

  it('leaves the new price unconfirmed when the server prices the product otherwise, and every price offline', async () => {
    await openDevice();
    await putProduct({ ...BOLT, price: 4 });
    expect(await refreshCartPrices(db, { api: fakeApi({ M8: 4.5 }).api, isOnline: () => true, syncTotals: noTotals })).toBe(1);
    expect(await stored()).toMatchObject({ price_incl_tax_pence: 480, price_is_current: false, price_refreshed_at: null });

    await putProduct({ ...BOLT, price: 4.5 });
    const offline = fakeApi({ M8: 4.5 });
    expect(await refreshCartPrices(db, { api: offline.api, isOnline: () => false, syncTotals: noTotals })).toBe(1);
    expect(await stored()).toMatchObject({ price_incl_tax_pence: 540, price_seen_incl_tax_pence: 420, price_is_current: false });
    expect(offline.asked).toEqual([]);
  });

  it('marks a line out of stock: from the live stock list online, from the replica offline', async () => {
    await openDevice();
    await refreshCartPrices(db, { api: fakeApi({ M8: 3.5 }, false).api, isOnline: () => true, syncTotals: noTotals });
    expect((await stored()).errors).toEqual({ stock: ADD_TO_CART_MESSAGES.itemOutOfStock });

    await putProduct({ ...BOLT, stock: { is_in_stock: true, qty: 3 } });
    await refreshCartPrices(db, { api: fakeApi({}).api, isOnline: () => false, syncTotals: noTotals });
    expect(await stored()).toMatchObject({ errors: {}, info: { stock: ADD_TO_CART_MESSAGES.itemInStock } });
    await putProduct({ ...BOLT, stock: { is_in_stock: false, qty: 0 } });
    await refreshCartPrices(db, { api: fakeApi({}).api, isOnline: () => false, syncTotals: noTotals });
    expect((await stored()).errors).toEqual({ stock: 'Out of the stock!' });
  });

  it('takes the prices of the server totals made for these lines, as current', async () => {
    await openDevice();
    await (await db.cart.findOne(line.id).exec())!.incrementalPatch({ server_item_id: 7, item_id: 7, server_cart_id: 'c1', prev_qty: 2 });
    const items = [{ item_id: 7, sku: 'M8', qty: 2, price: 4.2, price_incl_tax: 5.04 }];
    const state = { ...DEFAULT_CART_STATE, token: 'c1', itemsHash: cartHash([line], 'c1'), lastTotalsSyncAt: 1234, platformTotals: { items } };
    await modifyLocal(db, LOCAL.cartState, () => ({ ...state, itemsHash: 'another cart' }));
    expect(await applyServerTotalsPrices(db)).toBe(0);
    await modifyLocal(db, LOCAL.cartState, () => state);
    expect(await applyServerTotalsPrices(db)).toBe(1);
    expect(await stored()).toMatchObject({ price_pence: 420, price_incl_tax_pence: 504, price_seen_incl_tax_pence: 420, price_is_current: true, price_refreshed_at: 1234 });
    expect(await applyServerTotalsPrices(db)).toBe(0);
  });

  it('going offline makes every price not current', async () => {
    await openDevice();
    await (await db.cart.findOne(line.id).exec())!.incrementalPatch({ price_is_current: true, price_refreshed_at: 5 });
    await markPricesNotCurrent(db);
    expect(await stored()).toMatchObject({ price_is_current: false, price_refreshed_at: null });
  });
});
