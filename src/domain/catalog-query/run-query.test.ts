import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from './catalog-index';
import { effectivePage, runCatalogQuery } from './run-query';
import type { Doc } from './types';

const product = (id: number | string, fields: Doc = {}): Doc => ({ id, sku: `SKU-${id}`, type_id: 'simple', visibility: 4, status: 1, ...fields });
const many = Array.from({ length: 120 }, (_, i) => product(i + 1, { position: i % 7, final_price: (i * 37) % 101, name: `Item ${i + 1}` }));
const ids = (result: { items: Doc[] }) => result.items.map((d) => d.id);

describe('paging', () => {
  const index = createCatalogIndex('product', many);

  it('turns a size of 0 or less (or none) into 50, and a negative start into 0', () => {
    expect(effectivePage({ size: 0, from: -3 })).toEqual({ size: 50, from: 0 });
    expect(effectivePage({})).toEqual({ size: 50, from: 0 });
    expect(effectivePage({ size: -1, from: 7 })).toEqual({ size: 50, from: 7 });
    const result = runCatalogQuery(index, { size: 0, from: -10 });
    expect(result.items).toHaveLength(50);
    expect(result.perPage).toBe(50);
    expect(result.total).toBe(120);
    expect(ids(result)).toEqual(ids(runCatalogQuery(index, { size: 50, from: 0 })));
  });

  it('reports the effective size as perPage and pages without overlap', () => {
    const first = runCatalogQuery(index, { size: 8, from: 0, sort: 'final_price:asc' });
    const second = runCatalogQuery(index, { size: 8, from: 8, sort: 'final_price:asc' });
    expect(first.perPage).toBe(8);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(16);
    expect(runCatalogQuery(index, { size: 10, from: 115 }).items).toHaveLength(5);
    expect(runCatalogQuery(index, { size: 10, from: 500 }).items).toEqual([]);
  });
});

describe('sorting', () => {
  const docs = [
    product(1, { position: 5, final_price: 10, name: 'b' }),
    product(2, { position: 9, final_price: 30, name: 'A' }),
    product(3, { position: 9, name: 'c' }),
    product(4, { position: 1, final_price: 20 }),
    product(10, { position: 9, final_price: 20 }),
  ];
  const index = createCatalogIndex('product', docs);

  it('sorts products by position descending by default, ties by id (numbers numerically)', () => {
    expect(ids(runCatalogQuery(index, {}))).toEqual([2, 3, 10, 1, 4]);
  });

  it('sorts other entities by position ascending by default', () => {
    const categories = createCatalogIndex('category', [{ id: 'b', position: 2 }, { id: 'a', position: 1 }, { id: 'c' }]);
    expect(ids(runCatalogQuery(categories, {}))).toEqual(['a', 'b', 'c']);
  });

  it('puts missing values last in both directions', () => {
    expect(ids(runCatalogQuery(index, { sort: 'final_price:asc' }))).toEqual([1, 4, 10, 2, 3]);
    expect(ids(runCatalogQuery(index, { sort: 'final_price:desc' }))).toEqual([2, 4, 10, 1, 3]);
  });

  it('takes _appliedSort over the sort string, and applies several keys in order', () => {
    const query = { sort: 'final_price:asc', searchQuery: { _appliedSort: [{ field: 'position', options: 'desc' as const }, { field: 'final_price', options: 'desc' as const }] } };
    expect(ids(runCatalogQuery(index, query))).toEqual([2, 10, 3, 1, 4]);
    expect(ids(runCatalogQuery(index, { sort: 'position:asc,final_price:desc' }))).toEqual([4, 1, 2, 10, 3]);
  });

  it('sorts text case-insensitively', () => {
    expect(ids(runCatalogQuery(index, { sort: 'name' }))).toEqual([2, 1, 3, 4, 10]);
  });

  it('gives the same pages whether it walks a prebuilt order or sorts the result', () => {
    const docs = Array.from({ length: 1000 }, (_, i) => product(i + 1, { position: i % 50, final_price: (i * 37) % 101 }));
    const big = createCatalogIndex('product', docs);
    // 1000 matches: the page comes from walking the final_price order.
    const walked = ids(runCatalogQuery(big, { sort: 'final_price:desc', size: 1000 }));
    // 20 matches: the page comes from sorting those 20.
    const sorted = ids(runCatalogQuery(big, { sort: 'final_price:desc', size: 500, searchQuery: { _appliedFilters: [{ attribute: 'position', value: 3 }] } }));
    expect(sorted).toHaveLength(20);
    expect(sorted).toEqual(walked.filter((id) => (Number(id) - 1) % 50 === 3));
  });

  it('pages a small result by its places in the order, any start and size, one query after another', () => {
    const docs = Array.from({ length: 2000 }, (_, i) => product(i + 1, { position: i % 40, final_price: (i * 37) % 101 }));
    const big = createCatalogIndex('product', docs);
    for (const dir of ['asc', 'desc']) {
      const walked = ids(runCatalogQuery(big, { sort: `final_price:${dir}`, size: 2000 }));
      // 50 matches of 2,000 (under a sixteenth): their page comes from their places in the order.
      const inResult = walked.filter((id) => (Number(id) - 1) % 40 === 7);
      expect(inResult).toHaveLength(50);
      for (const [from, size] of [[0, 50], [0, 7], [3, 10], [31, 2], [32, 5], [45, 20], [49, 1], [50, 10]] as const) {
        const page = runCatalogQuery(big, { sort: `final_price:${dir}`, from, size, searchQuery: { _appliedFilters: [{ attribute: 'position', value: 7 }] } });
        expect(ids(page)).toEqual(inResult.slice(from, from + size));
      }
    }
  });
});

describe('projection', () => {
  it('applies sourceInclude and sourceExclude to each item without changing the stored document', () => {
    const doc = product(1, { name: 'Bolt', price: 3, configurable_children: [{ sku: 'C1', price: 1 }], stock: { qty: 4, is_in_stock: true } });
    const index = createCatalogIndex('product', [doc]);
    const [item] = runCatalogQuery(index, { sourceInclude: ['sku', 'configurable_children.sku', 'stock'], sourceExclude: ['stock.qty'] }).items;
    expect(item).toEqual({ sku: 'SKU-1', configurable_children: [{ sku: 'C1' }], stock: { is_in_stock: true } });
    expect(doc.stock).toEqual({ qty: 4, is_in_stock: true });
  });
});
