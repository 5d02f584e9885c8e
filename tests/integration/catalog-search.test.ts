import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface SearchResult {
  items: Record<string, unknown>[];
  total: number;
  aggregations: Record<string, { buckets: { key: string | number; doc_count: number; from?: number; to?: number }[] }>;
  attributeMetadata: { attribute_code: string }[];
  perPage: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const search = (body: unknown) => server.request<SearchResult>('POST', '/api/catalog', body);

describe('POST /api/catalog', () => {
  it('lists visible, enabled products only (for a guest, none in a trade-only category), 50 a page by default', async () => {
    const reply = await search({ type: 'product', size: 0, from: -5 });
    expect(reply.status).toBe(200);
    expect(reply.body.code).toBe(200);
    const { items, total, perPage } = reply.body.result;
    expect(perPage).toBe(50);
    expect(items).toHaveLength(50);
    const rows = await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from catalog_documents p where entity = 'product' and not deleted and (doc->>'visibility')::int in (2,3,4) and (doc->>'status')::int in (0,1)
       and not exists (select 1 from catalog_documents c where c.entity = 'category' and not c.deleted and c.doc->'restricted_customer_groups' @> '[0]'
                       and p.doc->'category_ids' @> jsonb_build_array((c.doc->>'id')::int))`,
    );
    expect(total).toBe(rows[0]!.n);
    for (const item of items) {
      expect([2, 3, 4]).toContain(Number(item.visibility));
      expect([0, 1]).toContain(Number(item.status));
    }
  });

  it('filters, sorts, aggregates with the price buckets of the spec and explains attributes', async () => {
    const [category] = await server.ctx.db.query<{ id: number }>("select (doc->>'id')::int as id from catalog_documents where entity = 'category' and (doc->>'level')::int = 2 order by id limit 1");
    const reply = await search({
      type: 'product',
      size: 10,
      searchQuery: {
        _appliedFilters: [{ attribute: 'category_ids', value: { in: [category!.id] } }],
        _availableFilters: [{ field: 'price' }, { field: 'finish' }],
        _appliedSort: [{ field: 'final_price', options: 'asc' }],
      },
    });
    expect(reply.status).toBe(200);
    const { items, aggregations, attributeMetadata } = reply.body.result;
    expect(items.length).toBeGreaterThan(0);
    const prices = items.map((i) => Number(i.final_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const item of items) expect(item.category_ids).toContain(category!.id);
    const ranges = aggregations.agg_range_price!.buckets.map((b) => [b.from, b.to]);
    expect(ranges).toEqual([[0, 50], [50, 100], [100, 150], [150, undefined]]);
    expect(attributeMetadata.map((a) => a.attribute_code)).toContain('finish');
  });

  it('finds a product by a misspelt name and by its exact SKU first', async () => {
    const [row] = await server.ctx.db.query<{ sku: string }>(
      "select doc->>'sku' as sku from catalog_documents where entity = 'product' and doc->>'type_id' = 'simple' and (doc->>'visibility')::int = 4 and (doc->>'status')::int = 1 order by id limit 1",
    );
    const bySku = await search({ type: 'product', searchQuery: { _searchText: row!.sku } });
    expect(bySku.body.result.items[0]?.sku).toBe(row!.sku);
    const fuzzy = await search({ type: 'product', size: 20, searchQuery: { _searchText: 'anchr' } });
    expect(fuzzy.body.result.total).toBeGreaterThan(0);
    expect(String(fuzzy.body.result.items[0]?.name).toLowerCase()).toContain('anchor');
  });

  it('projects fields with sourceInclude and sourceExclude', async () => {
    const reply = await search({ type: 'product', size: 3, sourceInclude: ['sku', 'name', 'stock'], sourceExclude: ['stock.qty'] });
    for (const item of reply.body.result.items) {
      expect(Object.keys(item).sort()).toEqual(['name', 'sku', 'stock']);
      expect(item.stock).not.toHaveProperty('qty');
    }
  });

  it('searches categories, attributes, tax rules and CMS pages', async () => {
    for (const type of ['category', 'attribute', 'taxrule', 'cms_page']) {
      const reply = await search({ type });
      expect(reply.status, type).toBe(200);
      expect(reply.body.result.total, type).toBeGreaterThan(0);
    }
  });

  it.each([
    ['malformed JSON', () => server.raw('POST', '/api/catalog', '{"type": "product",'), /malformed JSON/],
    ['a missing body', () => server.raw('POST', '/api/catalog', ''), /body/],
    ['a wrong type', () => search({ type: 'product', size: 'ten' }), /size/],
    ['an unknown field', () => search({ type: 'product', colour: 'red' }), /colour/],
    ['an unknown entity type', () => search({ type: 'spaceships' }), /type/],
    ['a huge size', () => search({ type: 'product', size: 1_000_000 }), /size/],
    ['a bad filter operator', () => search({ searchQuery: { _appliedFilters: [{ attribute: 'price', value: { between: [1, 2] } }] } }), /value|between/],
    ['a non-JSON content type', () => server.raw('POST', '/api/catalog', 'type=product', { 'content-type': 'application/x-www-form-urlencoded' }), /content type/],
  ])('answers %s with a 4xx that says what is wrong', async (_name, send, message) => {
    const reply = await send();
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.code).toBe(reply.status);
    expect(String(reply.body.result)).toMatch(message);
  });
});

describe('meta', () => {
  it('describes every endpoint in the OpenAPI document', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of ['/api/catalog', '/api/catalog/changes', '/api/catalog/replica-size', '/api/catalog/stream', '/api/catalog/import', '/api/health']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const reply = await server.request('GET', '/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 404, result: 'Route not found' });
  });

  it('sets security headers', async () => {
    const reply = await server.request('GET', '/api/health');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
