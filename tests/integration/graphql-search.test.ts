import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogQueryInput } from '../../schemas/catalog-query';
import { graphqlSearchBody, readGraphqlReply } from '../../src/features/catalog/graphql-search';
import { categoryListQuery, homeListQuery, PAGE_SIZE, priceFilter, searchTextQuery, SORTS, type SortKey } from '../../src/domain/catalog/list-query';
import type { CatalogResult, Doc } from '../../src/features/catalog/catalog-api';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { graphqlJs } from '../../server/graphql/graphql-js';
import { SDL_FILE } from '../../server/graphql/schema-sdl';
import { fetchProductListing } from '../../examples/graphql-product-listing';
import { expectedTypedResult, typedQueryBody } from './graphql-selection';

/**
 * SPEC §7: "Search can also go through a GraphQL endpoint". The storefront's own queries (category
 * listings with facets, filters, sorts and load more; text search; SKU lookups; the category tree,
 * attributes, tax rules and home lists) go through POST /api/catalog and, as the GraphQL search
 * adapter sends them, through POST /graphql; every answer must be the same, field for field.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const STORE = 'uk';

async function viaApi(query: CatalogQueryInput): Promise<CatalogResult> {
  const reply = await server.request<CatalogResult>('POST', '/api/catalog', { store: STORE, ...query });
  expect(reply.status, JSON.stringify(reply.body.result).slice(0, 200)).toBe(200);
  return reply.body.result;
}

const postGraphql = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** What the storefront's GraphQL adapter sends and how it reads the reply. */
async function viaGraphql(query: CatalogQueryInput): Promise<CatalogResult> {
  const response = await postGraphql(graphqlSearchBody({ store: STORE, ...query }));
  expect(response.status).toBe(200);
  return readGraphqlReply(response);
}

/** The same query as a typed query selecting some fields of each type; the reply's `data.result`. */
async function viaTypedGraphql(query: CatalogQueryInput): Promise<{ sent: string; result: unknown }> {
  const body = typedQueryBody({ store: STORE, ...query });
  const response = await postGraphql(body);
  const reply = (await response.json()) as { data?: { result?: unknown }; errors?: unknown };
  expect(reply.errors, body.query).toBeUndefined();
  expect(response.status).toBe(200);
  return { sent: body.query, result: reply.data?.result };
}

/** The SKU lookup of the product page (use-product.ts) and of the local product check. */
const skuLookup = (skus: string[]): CatalogQueryInput => ({
  type: 'product',
  size: Math.min(500, skus.length),
  searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: skus } }, { attribute: 'status', value: { in: [1] } }] },
});

/** The storefront's query set, built with its own query builders from what this catalogue holds. */
async function storefrontQueries(): Promise<[label: string, query: CatalogQueryInput][]> {
  const attributes = await viaApi({ type: 'attribute', size: 150 });
  const facets = attributes.items
    .filter((a) => a.is_filterable === true || a.is_filterable === '1' || a.is_filterable === 1)
    .map((a) => String(a.attribute_code));
  const tree: CatalogQueryInput = { type: 'category', size: 4000, searchQuery: { _appliedSort: [{ field: 'position', options: 'asc' }] }, sourceExclude: ['children_data'] };
  // Categories with more than a page of products (so "load more" has a second page), spread over the tree.
  const counts = await viaApi({ type: 'product', size: 1, searchQuery: { _availableFilters: [{ field: 'category_ids', options: { size: 999 } }] } });
  const full = (counts.aggregations.agg_terms_category_ids?.buckets ?? []).filter((b) => b.doc_count > PAGE_SIZE).map((b) => Number(b.key));
  const listed = full.filter((_, i) => i % Math.max(1, Math.floor(full.length / 4)) === 0).slice(0, 4);
  const queries: [string, CatalogQueryInput][] = [
    ['category tree', tree],
    ['attributes', { type: 'attribute', size: 150 }],
    ['tax rules', { type: 'taxrule', size: 100 }],
    ['home list', homeListQuery()],
    ['home list "new"', homeListQuery([{ attribute: 'new', value: { in: ['1'] } }])],
  ];
  for (const categoryId of [101, ...listed]) {
    for (const sort of Object.keys(SORTS) as SortKey[]) {
      queries.push([`category ${categoryId} by ${sort}`, categoryListQuery({ categoryId, filters: { attributes: {} }, sort, from: 0, facets })]);
    }
    const first = await viaApi(categoryListQuery({ categoryId, filters: { attributes: {} }, sort: 'recommended', from: 0, facets }));
    queries.push([`category ${categoryId}, load more`, categoryListQuery({ categoryId, filters: { attributes: {} }, sort: 'recommended', from: PAGE_SIZE, facets })]);
    // The first option of each facet that has one, as a shopper ticks it, then with a price bucket too.
    const picked = Object.fromEntries(
      facets
        .map((code) => [code, first.aggregations[`agg_terms_${code}`]?.buckets[0]?.key] as const)
        .filter(([, key]) => key !== undefined)
        .slice(0, 2)
        .map(([code, key]) => [code, [String(key)]]),
    );
    queries.push([`category ${categoryId}, facet filters`, categoryListQuery({ categoryId, filters: { attributes: picked }, sort: 'price-asc', from: 0, facets })]);
    queries.push([`category ${categoryId}, price 0-50`, categoryListQuery({ categoryId, filters: { attributes: {}, price: { from: 0, to: 50 } }, sort: 'price-desc', from: 0, facets })]);
    queries.push([`category ${categoryId}, price 50-`, categoryListQuery({ categoryId, filters: { attributes: {}, price: { from: 50 } }, sort: 'latest', from: 0, facets })]);
  }
  const [row] = await server.ctx.db.query<{ sku: string }>(
    "select doc->>'sku' as sku from catalog_documents where entity = 'product' and (doc->>'visibility')::int = 4 and (doc->>'status')::int = 1 order by id limit 1",
  );
  const someSkus = (await viaApi({ type: 'product', size: 30, sourceInclude: ['sku'] })).items.map((p) => String(p.sku));
  for (const text of ['spring togle', 'throgh bolt', 'anchr', 'M10 stainless', row!.sku, 'no such thing qqqzzz']) {
    queries.push([`search "${text}"`, searchTextQuery(text, 0)]);
  }
  queries.push(['search "throgh bolt", load more', searchTextQuery('throgh bolt', PAGE_SIZE)]);
  queries.push(['sku lookup, one', skuLookup([row!.sku])]);
  queries.push(['sku lookup, thirty', skuLookup(someSkus)]);
  queries.push(['local product check', { size: 1, searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: [row!.sku] } }] } }]);
  queries.push(['price filter with facets', { type: 'product', size: 20, searchQuery: { _appliedFilters: [priceFilter({ from: 10, to: 20 })], _availableFilters: [{ field: 'price' }, { field: facets[0]! }] } }]);
  queries.push(['sort text, include and exclude', { type: 'product', size: 20, from: 5, sort: 'final_price:desc,sku:asc', sourceInclude: ['sku', 'name', 'stock'], sourceExclude: ['stock.qty'] }]);
  queries.push(['CMS pages', { type: 'cms_page', size: 20 }]);
  queries.push(['CMS blocks by identifier', { type: 'cms_block', searchQuery: { _appliedFilters: [{ attribute: 'active', value: { in: [true] } }] } }]);
  queries.push(['CMS hierarchy', { type: 'cms_hierarchy' }]);
  return queries;
}

describe('the storefront query set through both search adapters', () => {
  it('gives identical results through POST /api/catalog and POST /graphql, typed fields as selected and the JSON passthrough whole', async () => {
    const schema = graphqlJs.buildSchema(await (await fetch(`${server.url}/graphql/schema.graphql`)).text());
    const queries = await storefrontQueries();
    expect(queries.length).toBeGreaterThan(40);
    let withItems = 0;
    let withFacets = 0;
    for (const [label, query] of queries) {
      const [rest, graphql, typed] = await Promise.all([viaApi(query), viaGraphql(query), viaTypedGraphql(query)]);
      expect(graphql, label).toStrictEqual(rest);
      expect(typed.result, `${label} (typed)`).toStrictEqual(expectedTypedResult(schema, typed.sent, rest));
      if (rest.items.length > 0) withItems++;
      if (Object.keys(rest.aggregations).length > 0) withFacets++;
    }
    // The set is not vacuous: most queries find documents, and the listings count facets.
    expect(withItems).toBeGreaterThan(queries.length * 0.9);
    expect(withFacets).toBeGreaterThan(10);
  });

  it('refuses a bad query with the same message through both, a 400 each', async () => {
    for (const query of [
      { type: 'product', size: 501 },
      { type: 'product', searchQuery: { _appliedFilters: [{ attribute: 'price', value: { between: [1, 2] } }] } },
      { type: 'product', sort: 'price;drop' },
      { type: 'product', sourceInclude: ['__proto__.polluted'] },
    ] as CatalogQueryInput[]) {
      const rest = await server.request<string>('POST', '/api/catalog', query);
      const response = await postGraphql(graphqlSearchBody(query));
      expect(rest.status).toBe(400);
      expect(response.status).toBe(400);
      await expect(readGraphqlReply(response)).rejects.toThrow(rest.body.result);
    }
  });

  it('takes inline arguments as well as variables, and GET for queries; a field sourceInclude left out is null', async () => {
    const query = '{ products(size: 3, sourceInclude: ["sku"], searchQuery: {_appliedFilters: [{attribute: "visibility", value: {in: [2, 4]}}], _appliedSort: [{field: "sku", options: asc}]}) { items { sku name } total } }';
    const expected = await viaApi({ type: 'product', size: 3, sourceInclude: ['sku'], searchQuery: { _appliedFilters: [{ attribute: 'visibility', value: { in: [2, 4] } }], _appliedSort: [{ field: 'sku', options: 'asc' }] } });
    const items = expected.items.map((item) => ({ sku: item.sku, name: null }));
    expect(items.length).toBe(3);
    const post = (await (await postGraphql({ query })).json()) as { data: { products: Doc } };
    expect(post.data.products).toStrictEqual({ items, total: expected.total });
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`);
    expect(get.status).toBe(200);
    expect(((await get.json()) as { data: { products: Doc } }).data.products).toStrictEqual({ items, total: expected.total });
  });

  it('answers only the fields asked for, and lists the fields no type names as attribute values', async () => {
    const reply = await postGraphql({ query: '{ products(size: 40, searchQuery: {_appliedFilters: [{attribute: "bolt_diameter", value: {in: ["10", "12"]}}]}) { items { sku attribute_values { attribute_code value } } } }' });
    const { data } = (await reply.json()) as { data: { products: { items: { sku: string; attribute_values: { attribute_code: string; value: unknown }[] }[] } } };
    expect(data.products.items.length).toBeGreaterThan(0);
    const rest = await viaApi({ type: 'product', size: 40, searchQuery: { _appliedFilters: [{ attribute: 'bolt_diameter', value: { in: ['10', '12'] } }] } });
    data.products.items.forEach((item, i) => {
      expect(Object.keys(item)).toStrictEqual(['sku', 'attribute_values']);
      const codes = item.attribute_values.map((entry) => entry.attribute_code);
      expect(codes).toContain('bolt_diameter');
      // Typed fields are not repeated in the list.
      for (const typed of ['sku', 'price', 'stock', 'name']) expect(codes).not.toContain(typed);
      expect(item.attribute_values.find((entry) => entry.attribute_code === 'bolt_diameter')?.value).toBe(rest.items[i]!.bolt_diameter);
    });
  });
});

describe('the typed client example (examples/graphql-product-listing.ts)', () => {
  it('gets the answer of POST /api/catalog in the shape of its types', async () => {
    const searchQuery = { _appliedFilters: [{ attribute: 'category_ids', value: { in: [101] } }], _availableFilters: [{ field: 'finish' }, { field: 'price' }] };
    const listing = await fetchProductListing(server.url, { size: 10, searchQuery });
    const rest = await viaApi({ type: 'product', size: 10, searchQuery });
    expect(listing.products.total).toBe(rest.total);
    expect(listing.products.items.map((item) => item.sku)).toStrictEqual(rest.items.map((item) => item.sku));
    expect(listing.products.items.map((item) => item.final_price)).toStrictEqual(rest.items.map((item) => item.final_price ?? null));
    expect(Object.keys(listing.products.items[0]!)).toStrictEqual(['sku', 'name', 'url_path', 'image', 'final_price', 'special_price', 'sell_unit_description', 'stock', 'attribute_values']);
    expect(listing.products.aggregations.map((aggregation) => aggregation.name)).toStrictEqual(Object.keys(rest.aggregations));
    expect(listing.products.aggregations.find((aggregation) => aggregation.name === 'agg_range_price')?.buckets[0]).toMatchObject({ key: expect.any(String), doc_count: expect.any(Number) });
  });
});

describe('/graphql limits and contract', () => {
  const errorsOf = async (response: Response) => ((await response.json()) as { data: unknown; errors?: { message: string; extensions?: { code?: string } }[] });

  it('refuses a query deeper than the limit, over the cost limit, or over the token limit, with a 400', async () => {
    const deep = `{ __schema { types { fields { type { ${'ofType { '.repeat(20)}name${' }'.repeat(20)} } } } } }`;
    const depth = await postGraphql({ query: deep });
    expect(depth.status).toBe(400);
    expect((await errorsOf(depth)).errors?.[0]?.message).toMatch(/query depth/);

    const costly = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: products(size: 500) { total }`).join(' ')} }`;
    const cost = await postGraphql({ query: costly });
    expect(cost.status).toBe(400);
    const costErrors = await errorsOf(cost);
    expect(costErrors.data).toBeNull();
    expect(costErrors.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');

    const tokens = await postGraphql({ query: `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: __typename`).join(' ')} }` });
    expect(tokens.status).toBe(400);
    expect((await errorsOf(tokens)).errors?.[0]?.message).toMatch(/tokens/);

    const large = await postGraphql({ query: '{ products { total } }', variables: { pad: 'x'.repeat(70 * 1024) } });
    expect(large.status).toBe(413);
  });

  it('counts the cost with the variables, so a page size in a variable cannot slip past it', async () => {
    const query = `query Q($size: Int) { ${Array.from({ length: 30 }, (_, i) => `a${i}: products(size: $size) { total }`).join(' ')} }`;
    expect((await postGraphql({ query, variables: { size: 5 } })).status).toBe(200);
    expect((await postGraphql({ query, variables: { size: 500 } })).status).toBe(400);
  });

  it('counts typed fields once per document of the page, so a costly selection is refused and a cheap one is not', async () => {
    const specs = (size: number) => `{ products(size: ${size}) { items { ${Array.from({ length: 60 }, (_, i) => `a${i}: specifications { label value }`).join(' ')} } } }`;
    const heavy = await postGraphql({ query: specs(500) });
    expect(heavy.status).toBe(400);
    expect((await errorsOf(heavy)).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
    expect((await postGraphql({ query: specs(50) })).status).toBe(200);
    // A listing page with facets, and the whole category tree typed: 4000 asked of the hundred or so the catalogue holds.
    const listing = '{ products(size: 50, searchQuery: {_availableFilters: [{field: "finish"}, {field: "price"}]}) { items { sku name price final_price stock { qty is_in_stock } tier_prices { qty value } } total aggregations { name buckets { key doc_count from to } } } }';
    expect((await postGraphql({ query: listing })).status).toBe(200);
    const tree = '{ categories(size: 4000) { items { id name children_data { id name children_data { id name children_data { id name } } } } } }';
    expect((await postGraphql({ query: tree })).status).toBe(200);
  });

  it('answers the standard introspection query with the document types, has no mutations, and serves the committed schema', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const introspection = await postGraphql({ query: getIntrospectionQuery() });
    expect(introspection.status).toBe(200);
    const { data } = (await introspection.json()) as { data: { __schema: { types: { name: string; kind: string; fields: { name: string; type: { kind: string; name: string | null; ofType: { name: string | null } | null } }[] | null }[] } } };
    const types = new Map(data.__schema.types.map((type) => [type.name, type]));
    for (const name of ['Product', 'Category', 'Attribute', 'TaxRule', 'CmsPage', 'CmsBlock', 'ProductSearchResult', 'Aggregation', 'AggregationBucket', 'AttributeMetadata', 'AttributeValue', 'Stock']) {
      expect(types.get(name)?.kind, name).toBe('OBJECT');
    }
    expect(types.get('SearchResult')?.kind).toBe('INTERFACE');
    const fieldType = (type: string, field: string) => types.get(type)?.fields?.find((f) => f.name === field)?.type;
    expect(fieldType('Product', 'price')).toMatchObject({ kind: 'SCALAR', name: 'Float' });
    expect(fieldType('Product', 'stock')).toMatchObject({ kind: 'OBJECT', name: 'Stock' });
    expect(fieldType('ProductSearchResult', 'items')).toMatchObject({ kind: 'NON_NULL', ofType: { name: null } });
    expect(fieldType('Category', 'children_data')).toMatchObject({ kind: 'LIST', ofType: { name: null } });
    const mutation = await postGraphql({ query: 'mutation { products { total } }' });
    expect(mutation.status).toBe(400);

    const schema = await fetch(`${server.url}/graphql/schema.graphql`);
    expect(schema.status).toBe(200);
    expect(schema.headers.get('content-type')).toMatch(/^text\/plain/);
    const sdl = await schema.text();
    for (const field of ['products(', 'categories(', 'attributes(', 'taxRules(', 'cmsPages(', 'cmsBlocks(', 'cmsHierarchy(']) expect(sdl).toContain(field);
    // The committed file ends its last line; graphql-js' print does not.
    expect(`${sdl}\n`).toBe(readFileSync(SDL_FILE, 'utf8'));
  });

  it('is listed in the OpenAPI document, and its replies carry the security headers', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { summary: string }>> };
    expect(doc.paths['/graphql']?.post?.summary).toMatch(/not the \{code, result\} envelope/);
    expect(doc.paths['/graphql/schema.graphql']?.get).toBeDefined();
    const reply = await postGraphql({ query: '{ products(size: 1) { total } }' });
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
