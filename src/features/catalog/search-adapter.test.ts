import { describe, expect, it, vi } from 'vitest';
import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import { RefusedReplyError } from '../../../replication/api/api-errors';
import { graphqlSearchBody, readGraphqlReply } from './graphql-search';
import { categoryListQuery } from '../../domain/catalog/list-query';
import { NO_ENTITY_TYPE, SEARCH_ADAPTERS, SEARCH_ADAPTER_NOT_FOUND, searchAdapter, searchAdapterName, searchCatalog } from './search-adapter';

describe('choosing the search adapter', () => {
  it('is api unless the build or this browser names another; the browser wins', () => {
    expect(searchAdapterName(undefined, null)).toBe('api');
    expect(searchAdapterName('', '  ')).toBe('api');
    expect(searchAdapterName('graphql', null)).toBe('graphql');
    expect(searchAdapterName('api', 'GraphQL ')).toBe('graphql');
    expect(searchAdapterName('graphql', 'api')).toBe('api');
  });

  it('finds both adapters by name and refuses any other with "Search adapter not found"', () => {
    expect(searchAdapter('api')).toBe(SEARCH_ADAPTERS.api);
    expect(searchAdapter('graphql')).toBe(SEARCH_ADAPTERS.graphql);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const name of ['elasticsearch', 'toString', '__proto__', 'constructor']) {
      expect(() => searchAdapter(name), name).toThrow(new Error(SEARCH_ADAPTER_NOT_FOUND));
      // The log names the configured adapter, so the misconfiguration can be found.
      expect(logged).toHaveBeenLastCalledWith(`[search] Search adapter not found: "${name}" (configured adapters: api, graphql)`);
    }
    logged.mockRestore();
    expect(SEARCH_ADAPTER_NOT_FOUND).toBe('Search adapter not found');
  });

  it('refuses an entity type the adapter does not know with "No entity type registered", before any request', async () => {
    for (const adapter of [SEARCH_ADAPTERS.api!, SEARCH_ADAPTERS.graphql!]) {
      await expect(searchCatalog({ type: 'spaceship' } as unknown as CatalogQueryInput, undefined, adapter)).rejects.toThrow(new Error(NO_ENTITY_TYPE));
    }
    expect(NO_ENTITY_TYPE).toBe('No entity type registered');
    expect(() => graphqlSearchBody({ type: 'spaceship' } as unknown as CatalogQueryInput)).toThrow(NO_ENTITY_TYPE);
  });
});

describe('the GraphQL search adapter', () => {
  it('sends the query as variables of the field for its type, one query text per type', () => {
    const query = categoryListQuery({ categoryId: 101, filters: { attributes: { finish: ['zinc'] } }, sort: 'price-asc', from: 50, facets: ['finish'] });
    const body = graphqlSearchBody({ ...query, store: 'uk' });
    const { type: _type, ...rest } = query;
    expect(body.variables).toStrictEqual({ ...rest, store: 'uk' });
    expect(body.operationName).toBe('CatalogSearch');
    expect(body.query).toMatch(/\{ result: products\(searchQuery: \$searchQuery, size: \$size,.*\) \{ json \} \}$/);
    expect(graphqlSearchBody({ type: 'category', size: 4000 }).query).toContain('result: categories(');
    expect(graphqlSearchBody({ type: 'taxrule' }).query).toContain('result: taxRules(');
    expect(graphqlSearchBody({ size: 1 }).query).toContain('result: products(');
    // The text is the same whatever the query: the server parses and validates it once.
    expect(graphqlSearchBody({ size: 1 }).query).toBe(body.query);
  });

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

  it('reads data.result.json, and reports the first error message or a malformed reply as the REST adapter does', async () => {
    const result = { items: [{ sku: 'A' }], total: 1, aggregations: {}, attributeMetadata: [], perPage: 50 };
    await expect(readGraphqlReply(json({ data: { result: { json: result } } }))).resolves.toStrictEqual(result);
    const refused = readGraphqlReply(json({ data: null, errors: [{ message: 'size: must be at most 500' }] }, 400));
    await expect(refused).rejects.toThrow(new RefusedReplyError(400, 'size: must be at most 500'));
    await expect(refused).rejects.toBeInstanceOf(RefusedReplyError);
    await expect(readGraphqlReply(json({ data: null }))).rejects.toThrow('Unhandled error, wrong response format!');
    await expect(readGraphqlReply(json({ data: { result: { json: { total: 1 } } } }))).rejects.toThrow('Unhandled error, wrong response format!');
    await expect(readGraphqlReply(new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }))).rejects.toThrow('Error with response - bad content-type!');
  });
});
