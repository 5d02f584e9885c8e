import { describe, expect, it } from 'vitest';
import { parseCatalogQuery } from './catalog-query';

const message = (input: unknown) => {
  const result = parseCatalogQuery(input);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  return result.message;
};

describe('parseCatalogQuery', () => {
  it('accepts an empty body and defaults the type to product', () => {
    expect(parseCatalogQuery({})).toEqual({ ok: true, value: { type: 'product' } });
  });

  it('accepts the full shape the storefront sends', () => {
    const body = {
      type: 'product',
      store: 'uk',
      searchQuery: {
        _searchText: 'm10 through bolt',
        _appliedFilters: [
          { attribute: 'visibility', value: { in: [2, 3, 4] }, scope: 'default' },
          { attribute: 'colour', value: 49, scope: 'catalog' },
          { attribute: 'price', value: { gte: 0, lte: 50 }, scope: 'catalog' },
          { attribute: 'sku', value: ['A', 'B'] },
          { attribute: 'special_price', value: { neq: null } },
        ],
        _availableFilters: [{ field: 'colour', scope: 'catalog', options: { size: 20 } }, { field: 'price' }],
        _appliedSort: [{ field: 'final_price', options: 'asc' }],
      },
      size: 50,
      from: 0,
      sort: 'updated_at:desc,id',
      sourceInclude: ['sku', 'configurable_children.sku'],
      sourceExclude: ['description'],
      groupId: 0,
      groupToken: 'abc',
    };
    const result = parseCatalogQuery(body);
    expect(result.ok && result.value).toEqual(body);
  });

  it('rejects unknown fields at the top level and inside the query', () => {
    expect(message({ sizes: 10 })).toBe('sizes: unknown field');
    expect(message({ searchQuery: { searchText: 'x' } })).toBe('searchQuery.searchText: unknown field');
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: 'colour', value: { like: 'x' } }] } })).toBe(
      'searchQuery._appliedFilters.0.value.like: unknown field',
    );
  });

  it('names the offending field path in the message', () => {
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: 'price', value: { gte: [1, 2] } }] } })).toBe(
      'searchQuery._appliedFilters.0.value.gte: must be a number or a string',
    );
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: 'colour', value: [{ a: 1 }] }] } })).toBe(
      'searchQuery._appliedFilters.0.value.0: must be a string, number, boolean or null',
    );
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: 'colour', value: {} }] } })).toMatch(/^searchQuery\._appliedFilters\.0\.value: must name at least one operator/);
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: 'colour' }] } })).toBe('searchQuery._appliedFilters.0.value: is required');
    expect(message({ searchQuery: { _appliedSort: [{ field: 'price', options: 'up' }] } })).toBe('searchQuery._appliedSort.0.options: must be "asc" or "desc"');
  });

  it('requires whole-number sizes and caps them per entity type', () => {
    expect(message({ size: 1.5 })).toBe('size: must be an integer');
    expect(message({ from: '10' })).toBe('from: must be a number');
    expect(message({ size: 501 })).toBe('size: must be at most 500');
    expect(parseCatalogQuery({ size: 500 }).ok).toBe(true);
    expect(parseCatalogQuery({ type: 'category', size: 4000 }).ok).toBe(true);
    expect(message({ type: 'category', size: 4001 })).toBe('size: must be at most 4000');
  });

  it('leaves size 0 and negative values to the engine (they become 50 and 0)', () => {
    expect(parseCatalogQuery({ size: 0, from: -5 }).ok).toBe(true);
    expect(parseCatalogQuery({ size: -1 }).ok).toBe(true);
  });

  it('rejects field names that could reach object prototypes', () => {
    expect(message({ searchQuery: { _appliedFilters: [{ attribute: '__proto__', value: 1 }] } })).toBe(
      'searchQuery._appliedFilters.0.attribute: is not an allowed field name',
    );
    expect(message({ sourceInclude: ['a.constructor'] })).toBe('sourceInclude.0: is not an allowed field name');
    expect(message({ searchQuery: { _availableFilters: [{ field: 'colour;drop' }] } })).toMatch(/^searchQuery\._availableFilters\.0\.field: must be a field name/);
  });

  it('rejects an unknown entity type, a malformed sort string and a non-object body', () => {
    expect(message({ type: 'blog' })).toMatch(/^type: must be one of: product, category/);
    expect(message({ sort: 'price:up' })).toMatch(/^sort: must look like/);
    expect(message('size=10')).toBe('body: must be an object');
  });
});
