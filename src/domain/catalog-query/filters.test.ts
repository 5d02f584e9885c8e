import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from './catalog-index';
import { runCatalogQuery } from './run-query';
import type { AppliedFilter, Doc } from './types';

const product = (id: number, fields: Doc = {}): Doc => ({ id, sku: `SKU-${id}`, type_id: 'simple', visibility: 4, status: 1, ...fields });
const ids = (docs: Doc[], filters: AppliedFilter[], type = 'product') =>
  runCatalogQuery(createCatalogIndex(type, docs), { searchQuery: { _appliedFilters: filters }, sort: 'id:asc' }).items.map((d) => d.id);

describe('baseline filters', () => {
  it('lists only products with visibility 2, 3 or 4 and status 0 or 1, out of stock included', () => {
    const docs = [
      product(1, { visibility: 1 }),
      product(2, { visibility: 2 }),
      product(3, { visibility: 3 }),
      product(4, { visibility: 4, stock: { is_in_stock: false } }),
      product(5, { status: 0 }),
      product(6, { status: 2 }),
      product(7, { visibility: undefined }),
      product(8, { visibility: '4', status: '1' }),
    ];
    expect(ids(docs, [])).toEqual([2, 3, 4, 5, 8]);
  });

  it('does not apply to other entity types', () => {
    expect(ids([{ id: 1, name: 'Anchors', is_active: false }, { id: 2, name: 'Screws' }], [], 'category')).toEqual([1, 2]);
  });
});

describe('applied filters', () => {
  const docs = [
    product(1, { colour: 49, category_ids: [2, 10], price: 10, stock: { is_in_stock: true } }),
    product(2, { colour: 50, category_ids: [2, 11], price: 60, special_price: null, stock: { is_in_stock: false } }),
    product(3, { colour: '49', category_ids: [2, 10, 12], price: 120, final_price: 99.5 }),
    product(4, { category_ids: [2], price: 150, updated_at: '2024-05-01 10:00:00' }),
  ];

  it('reads a scalar as {in: [v]} and a list as {in: list}, numbers matching their text', () => {
    expect(ids(docs, [{ attribute: 'colour', value: 49 }])).toEqual([1, 3]);
    expect(ids(docs, [{ attribute: 'colour', value: ['50', 51] }])).toEqual([2]);
    expect(ids(docs, [{ attribute: 'category_ids', value: 10 }])).toEqual([1, 3]);
  });

  it('supports eq, in, neq and nin; neq also keeps documents without the field', () => {
    expect(ids(docs, [{ attribute: 'colour', value: { eq: 50 } }])).toEqual([2]);
    expect(ids(docs, [{ attribute: 'colour', value: { neq: 49 } }])).toEqual([2, 4]);
    expect(ids(docs, [{ attribute: 'category_ids', value: { nin: [10, 11] } }])).toEqual([4]);
  });

  it('matches null as "has no value"', () => {
    expect(ids(docs, [{ attribute: 'colour', value: { eq: null } }])).toEqual([4]);
    expect(ids(docs, [{ attribute: 'colour', value: { neq: null } }])).toEqual([1, 2, 3]);
  });

  it('follows dot paths through objects and arrays', () => {
    expect(ids(docs, [{ attribute: 'stock.is_in_stock', value: true }])).toEqual([1]);
  });

  it('supports gt, gte, lt, lte, from (gte) and to (lte); price means final_price when present', () => {
    expect(ids(docs, [{ attribute: 'price', value: { gte: 60, lte: 120 } }])).toEqual([2, 3]);
    expect(ids(docs, [{ attribute: 'price', value: { gt: 60, lt: 150 } }])).toEqual([3]);
    expect(ids(docs, [{ attribute: 'price', value: { from: 99.5, to: 150 } }])).toEqual([3, 4]);
    expect(ids(docs, [{ attribute: 'price', value: { gte: 100, lte: 130 } }])).toEqual([]);
    expect(ids(docs, [{ attribute: 'price', value: { gte: 10, gt: 10 } }])).toEqual([2, 3, 4]);
  });

  it('finds a range match held by a single document', () => {
    expect(ids(docs, [{ attribute: 'stock.qty', value: { gte: 0 } }])).toEqual([]);
    expect(ids([...docs, product(5, { anchor_length: 100 })], [{ attribute: 'anchor_length', value: { gte: 75 } }])).toEqual([5]);
  });

  it('compares text range bounds such as dates as text', () => {
    expect(ids(docs, [{ attribute: 'updated_at', value: { gte: '2024-01-01' } }])).toEqual([4]);
  });

  it('skips a filter whose value holds a string with a dot, but not numbers like 12.5', () => {
    expect(ids(docs, [{ attribute: 'colour', value: 'a.b' }])).toEqual([1, 2, 3, 4]);
    expect(ids(docs, [{ attribute: 'colour', value: { in: [49, 'x.y'] } }])).toEqual([1, 2, 3, 4]);
    expect(ids(docs, [{ attribute: 'price', value: 10 }])).toEqual([1]);
    expect(ids(docs, [{ attribute: 'price', value: 99.5 }])).toEqual([3]);
  });

  it('ANDs all filters', () => {
    expect(ids(docs, [{ attribute: 'category_ids', value: 10 }, { attribute: 'colour', value: 49 }, { attribute: 'price', value: { lt: 50 } }])).toEqual([1]);
  });
});

describe('catalog scope', () => {
  const docs = [
    product(1, { colour: 49, finish: 7 }),
    product(2, { type_id: 'configurable', colour_options: [49, 52], finish_options: [8] }),
    product(3, { type_id: 'simple', colour_options: [49] }),
    product(4, { type_id: 'configurable', colour: 50, colour_options: [53] }),
  ];

  it('matches the field, or a configurable parent through its <field>_options', () => {
    expect(ids(docs, [{ attribute: 'colour', value: 49, scope: 'catalog' }])).toEqual([1, 2]);
    expect(ids(docs, [{ attribute: 'colour', value: 49 }])).toEqual([1]);
  });

  it('ANDs catalog filters across fields', () => {
    expect(ids(docs, [{ attribute: 'colour', value: [49, 53], scope: 'catalog' }])).toEqual([1, 2, 4]);
    expect(ids(docs, [{ attribute: 'colour', value: [49, 53], scope: 'catalog' }, { attribute: 'finish', value: 8, scope: 'catalog' }])).toEqual([2]);
  });
});
