import { describe, expect, it } from 'vitest';
import { createCatalogIndex, removeDocuments, upsertDocuments } from './catalog-index';
import { FilterResults } from './filter-results';
import { runCatalogQuery } from './run-query';
import type { AppliedFilter, Doc } from './types';

const product = (id: number, colour: string): Doc => ({ id, sku: `SKU-${id}`, type_id: 'simple', visibility: 4, status: 1, colour, name: `bolt ${colour}` });
const red: AppliedFilter[] = [{ attribute: 'colour', value: 'red' }];

describe('filter results kept between queries', () => {
  it('answers a repeated filter set from the kept result, and the current documents after every change', () => {
    const index = createCatalogIndex('product', [product(1, 'red'), product(2, 'blue'), product(3, 'red')]);
    const listing = () => runCatalogQuery(index, { searchQuery: { _appliedFilters: red, _availableFilters: [{ field: 'colour' }] }, sort: 'id:asc' });
    const search = () => runCatalogQuery(index, { searchQuery: { _appliedFilters: red, _searchText: 'bolt' }, sort: 'id:asc' });
    expect(listing().items.map((d) => d.id)).toEqual([1, 3]);
    expect(index.filterResults.count).toBe(1);
    expect(search().items.map((d) => d.id)).toEqual([1, 3]);
    expect(index.filterResults.count).toBe(1);
    // The facets of a listing's filters are kept with them: another page or sort reads the same.
    expect(listing().aggregations).toBe(listing().aggregations);
    expect(listing().aggregations).toEqual({ agg_terms_colour: { buckets: [{ key: 'red', doc_count: 2 }] }, agg_terms_colour_options: { buckets: [] } });

    upsertDocuments(index, [product(2, 'red'), product(4, 'red')]);
    expect(index.filterResults.count).toBe(0);
    expect(listing()).toMatchObject({ total: 4, aggregations: { agg_terms_colour: { buckets: [{ key: 'red', doc_count: 4 }] } } });
    removeDocuments(index, [1]);
    expect(listing().items.map((d) => d.id)).toEqual([2, 3, 4]);
    expect(search().total).toBe(3);
  });

  it('drops the least recently used sets past its cap in bytes', () => {
    const results = new FilterResults(64);
    const bits = () => new Uint32Array(4); // 16 bytes each
    for (const key of ['a', 'b', 'c', 'd']) results.get(key, bits);
    results.get('a', () => {
      throw new Error('a is kept');
    });
    results.get('e', bits);
    expect(results.count).toBe(4);
    let computed = false;
    results.get('b', () => ((computed = true), bits()));
    expect(computed).toBe(true);
  });

  it('counts listed slots against the cap', () => {
    const results = new FilterResults(64);
    const a = results.get('a', () => Uint32Array.of(0b101, 0, 0, 0)); // 16 bytes
    for (const key of ['b', 'c']) results.get(key, () => new Uint32Array(4));
    expect(results.listSlots('a', a)).toEqual([0, 2]); // 16 more bytes: 64 in all
    expect(results.count).toBe(3);
    results.get('d', () => new Uint32Array(4));
    // 80 bytes: 'a', least recently used, goes (without its slots counted, nothing would have gone).
    expect(results.count).toBe(3);
    let computed = false;
    results.get('a', () => ((computed = true), new Uint32Array(4)));
    expect(computed).toBe(true);
  });
});
