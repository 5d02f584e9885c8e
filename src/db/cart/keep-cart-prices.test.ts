import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiEnvelope, RequestOptions } from '../../../replication/api/api-types';
import type { FeedDocument } from '../../../replication/catalog/catalog-feed';
import { toProductRecord } from '../../../replication/catalog/catalog-records';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { ShopDatabase } from '../database-types';
import { manualConnectivity } from '../sync/connectivity';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { keepCartPrices } from './keep-cart-prices';

let db: ShopDatabase;
afterEach(async () => db?.close());

const BOLT = { id: 1, sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', price: 3.5, tax_class_id: 2, stock: { is_in_stock: true, qty: 100 } };
const VAT = { id: 1, product_tax_class_ids: [2], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] };
const line: CartLine = { id: 'M8|x', sku: 'M8', name: 'M8 Hex Bolt', type_id: 'simple', qty: 1, checksum: 'x', product_option: {}, price_pence: 350, price_incl_tax_pence: 420, price_seen_incl_tax_pence: 420, errors: {}, info: {}, added_at: 1, updated_at: 1 };

const putProduct = async (product: Record<string, unknown>) => {
  const { _deleted, ...record } = toProductRecord({ ...product, _entity: 'product', _deleted: false } as FeedDocument);
  await db.products.upsert(record);
};

async function until(test: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > 5000) throw new Error('not reached within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('keeping the cart prices while leading', () => {
  it('prices the lines once per burst of product changes, never re-runs on its own writes, and marks them not current offline', async () => {
    db = await openTestDatabase({ collections: ['products', 'content', 'cart'] });
    await putProduct(BOLT);
    await db.content.insert({ key: 'taxrule:1', entity: 'taxrule', id: '1', identifier: '', source: VAT });
    await db.cart.insert(line);
    let price = 3.5;
    const priceSyncs: string[] = [];
    const api = {
      url: (path: string) => path,
      fetch: globalThis.fetch,
      async request<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
        if (path === '/api/product/render-list') {
          priceSyncs.push(String(options.query?.skus));
          return { code: 200, result: { items: [{ sku: 'M8', price_info: { final_price: price } }] } as T };
        }
        return { code: 200, result: [{ product_sku: 'M8', is_in_stock: true, qty: 5 }] as T };
      },
    } satisfies ApiClient;
    const connectivity = manualConnectivity(true);
    const productChanges$ = new Subject<void>();
    const errors: unknown[] = [];
    const stored = async () => (await db.cart.findOne(line.id).exec())!.toMutableJSON();
    const subscription = keepCartPrices(db, { api, isOnline: () => connectivity.isOnline(), syncTotals: async () => undefined, connectivity, productChanges$, auditMs: 20, onError: (e) => errors.push(e) });

    // On start the line is confirmed.
    await until(async () => (await stored()).price_is_current === true);
    expect(priceSyncs).toEqual(['M8']);

    price = 4;
    await putProduct({ ...BOLT, price: 4 });
    for (let i = 0; i < 3; i++) productChanges$.next();
    await until(async () => (await stored()).price_pence === 400 && (await stored()).price_is_current === true);
    expect(await stored()).toMatchObject({ price_incl_tax_pence: 480, price_seen_incl_tax_pence: 420 });

    // Runs go in order: by the time going offline is done, any run its own writes had caused would have run.
    connectivity.set(false);
    await until(async () => (await stored()).price_is_current === false);
    expect(priceSyncs).toEqual(['M8', 'M8']);
    expect(errors).toEqual([]);
    subscription.unsubscribe();
  });
});
