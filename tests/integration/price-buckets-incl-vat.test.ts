import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../replication/api/api-client';
import { startCatalogIndex, type LocalCatalogIndex } from '../../src/db/catalog/catalog-index';
import { startCatalogReplication } from '../../src/db/catalog/catalog-replication';
import type { ShopDatabase } from '../../src/db/database-types';
import { openTestDatabase } from '../doubles/test-database';
import { categoryListQuery } from '../../src/domain/catalog/list-query';
import { PRICE_RANGES } from '../../src/domain/catalog-query/aggregations';
import type { CatalogQueryInput, CatalogResult, RangeAggregation } from '../../src/domain/catalog-query/types';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { scaled } from '../helpers/time-limits';

/**
 * The price filter counts and lists prices incl. VAT, as the tiles lead with them, on the server and
 * in the device's replica alike: a product shown at £50.99 is never "< £50".
 */
let server: TestServer;
let db: ShopDatabase;
let local: LocalCatalogIndex;
/** A listed, standard-rated product under £50 excl. VAT and £50 or more incl. 20 %, with its category. */
let product: { sku: string; category: number; finalPrice: number };

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.ctx.db.query<{ sku: string; category: number; price: string }>(
    `select doc->>'sku' as sku, (doc->'category_ids'->>0)::int as category, doc->>'final_price' as price from catalog_documents
      where entity = 'product' and not deleted and doc->>'type_id' = 'simple' and (doc->>'visibility')::int = 4 and (doc->>'status')::int = 1
        and (doc->>'tax_class_id')::int = 2 and (doc->>'final_price')::numeric >= 41.67 and (doc->>'final_price')::numeric < 50
        and jsonb_array_length(doc->'category_ids') > 0
      order by id limit 1`,
  );
  product = { sku: row!.sku, category: row!.category, finalPrice: Number(row!.price) };
  db = await openTestDatabase({ collections: ['products', 'content', 'categories', 'attributes'] });
  const replication = startCatalogReplication(db, createApiClient({ baseUrl: server.url }), { only: ['products', 'content', 'categories', 'attributes'] });
  await replication.awaitInitial();
  await replication.cancel();
  local = await startCatalogIndex(db);
}, scaled(120_000));

afterAll(async () => {
  local?.stop();
  await db?.close();
  await server?.close();
});

const onServer = async (query: CatalogQueryInput): Promise<CatalogResult> => {
  const reply = await server.request<CatalogResult>('POST', '/api/catalog', query);
  expect(reply.status).toBe(200);
  return reply.body.result;
};
const onDevice = (query: CatalogQueryInput): CatalogResult => local.query('product', query);
const listing = (price?: { from: number; to?: number }) =>
  categoryListQuery({ categoryId: product.category, filters: { attributes: {}, ...(price ? { price } : {}) }, sort: 'price-asc', from: 0, facets: [] });
const rangesOf = (result: CatalogResult) => (result.aggregations.agg_range_price as RangeAggregation | undefined)?.buckets ?? [];
const skus = (result: CatalogResult) => result.items.map((item) => String(item.sku));

describe('price buckets incl. VAT', () => {
  it('puts a product at £50 or more incl. VAT (under £50 excl.) in "£50 - £100" on the server and the device', async () => {
    expect(product.finalPrice).toBeLessThan(50);
    for (const answer of [await onServer(listing()), onDevice(listing())]) {
      expect(rangesOf(answer).map((b) => [b.from, b.to])).toEqual(PRICE_RANGES.map((r) => [r.from, r.to]));
    }
    const under50 = { from: 0, to: 50 };
    const from50 = { from: 50, to: 100 };
    expect(skus(await onServer(listing(under50)))).not.toContain(product.sku);
    expect(skus(onDevice(listing(under50)))).not.toContain(product.sku);
    expect(skus(await onServer(listing(from50)))).toContain(product.sku);
    expect(skus(onDevice(listing(from50)))).toContain(product.sku);
  });

  it('gives the same counts and lists on both sides for every bucket', async () => {
    const server0 = await onServer(listing());
    const device0 = onDevice(listing());
    expect(device0.aggregations.agg_range_price).toEqual(server0.aggregations.agg_range_price);
    for (const range of PRICE_RANGES) {
      const [a, b] = [await onServer(listing(range)), onDevice(listing(range))];
      expect({ total: b.total, skus: skus(b) }).toEqual({ total: a.total, skus: skus(a) });
      const bucket = rangesOf(server0).find((x) => x.from === range.from);
      expect(a.total).toBe(bucket!.doc_count);
    }
  });
});
