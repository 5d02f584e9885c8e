import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from './catalog-index';
import { runCatalogQuery } from './run-query';
import type { AttributeDoc, Doc } from './types';

const product = (id: number, fields: Doc = {}): Doc => ({ id, sku: `SKU-${id}`, type_id: 'simple', visibility: 4, status: 1, ...fields });

const docs = [
  product(1, { colour: 49, price: 10, category_ids: [10] }),
  product(2, { colour: 49, price: 49.99, category_ids: [10] }),
  product(3, { colour: 50, price: 50, category_ids: [10] }),
  product(4, { colour: 51, price: 120, final_price: 99, category_ids: [11] }),
  product(5, { type_id: 'configurable', colour_options: [49, 52], price: 150, category_ids: [10] }),
  product(6, { colour: 49, price: 500, category_ids: [10], status: 2 }),
  product(7, { colour: 'red', price: 0, category_ids: [10] }),
];

describe('aggregations', () => {
  const index = createCatalogIndex('product', docs);

  it('counts terms of the field and of <field>_options over every match, not just the page', () => {
    const result = runCatalogQuery(index, { size: 1, searchQuery: { _availableFilters: [{ field: 'colour', scope: 'catalog' }] } });
    expect(result.items).toHaveLength(1);
    expect(result.aggregations.agg_terms_colour).toEqual({
      buckets: [
        { key: 49, doc_count: 2 },
        { key: 50, doc_count: 1 },
        { key: 51, doc_count: 1 },
        { key: 'red', doc_count: 1 },
      ],
    });
    expect(result.aggregations.agg_terms_colour_options).toEqual({ buckets: [{ key: 49, doc_count: 1 }, { key: 52, doc_count: 1 }] });
  });

  it('counts within the filtered result and honours the bucket size (default 10)', () => {
    const result = runCatalogQuery(index, {
      searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: 10 }], _availableFilters: [{ field: 'colour', options: { size: 1 } }] },
    });
    expect(result.aggregations.agg_terms_colour).toEqual({ buckets: [{ key: 49, doc_count: 2 }] });
    const many = createCatalogIndex('product', Array.from({ length: 30 }, (_, i) => product(i + 1, { colour: i })));
    const buckets = runCatalogQuery(many, { searchQuery: { _availableFilters: [{ field: 'colour' }] } }).aggregations.agg_terms_colour!.buckets;
    expect(buckets).toHaveLength(10);
    expect(buckets[0]).toEqual({ key: 0, doc_count: 1 });
  });

  it('buckets final prices into 0-50, 50-100, 100-150 and 150+ (from inclusive, to exclusive)', () => {
    const result = runCatalogQuery(index, { searchQuery: { _availableFilters: [{ field: 'price', scope: 'catalog' }] } });
    expect(result.aggregations.agg_range_price).toEqual({
      buckets: [
        { key: '0.0-50.0', from: 0, to: 50, doc_count: 3 },
        { key: '50.0-100.0', from: 50, to: 100, doc_count: 2 },
        { key: '100.0-150.0', from: 100, to: 150, doc_count: 0 },
        { key: '150.0-*', from: 150, doc_count: 1 },
      ],
    });
    expect(result.aggregations.agg_terms_price!.buckets.map((b) => b.key)).toEqual([0, 10, 49.99, 50, 99, 150]);
  });

  it('returns no aggregations when none are asked for', () => {
    expect(runCatalogQuery(index, {}).aggregations).toEqual({});
  });

  it('returns the attribute metadata of the aggregated fields that have an attribute', () => {
    const attributes: Record<string, AttributeDoc> = {
      colour: { attribute_code: 'colour', attribute_id: 93, frontend_label: 'Colour', is_visible: true, options: [{ label: 'Black', value: '49' }] },
    };
    const result = runCatalogQuery(
      index,
      { searchQuery: { _availableFilters: [{ field: 'colour' }, { field: 'price' }, { field: 'colour' }] } },
      { attributesByCode: (code) => attributes[code] },
    );
    expect(result.attributeMetadata).toEqual([{ attribute_code: 'colour', attribute_id: 93, frontend_label: 'Colour', options: [{ label: 'Black', value: '49' }] }]);
  });
});

describe('price buckets incl. VAT, as the tiles lead with', () => {
  // £42.49 excl. VAT is £50.99 incl. 20 %; the zero-rated handbook stays £49.99.
  const priced = [
    product(1, { price: 42.49, tax_class_id: 2 }),
    product(2, { price: 49.99, tax_class_id: 5 }),
    product(3, { price: 41.66 }),
  ];
  const rates = { 2: 20, 5: 0 };
  const index = createCatalogIndex('product', priced);
  const under50 = { attribute: 'price_incl_tax', value: { gte: 0, lt: 50 } };
  const buckets = (taxRates?: Record<number, number>) =>
    (runCatalogQuery(index, { searchQuery: { _availableFilters: [{ field: 'price' }] } }, { taxRates }).aggregations.agg_range_price?.buckets ?? []).map((b) => b.doc_count);
  const idsUnder50 = (taxRates?: Record<number, number>) => runCatalogQuery(index, { searchQuery: { _appliedFilters: [under50] } }, { taxRates }).items.map((d) => d.id);

  it('counts a product shown at £50.99 incl. VAT in £50 - £100, not under £50', () => {
    // A document without a tax class is standard rated: £41.66 is £49.99 incl.
    expect(buckets(rates)).toEqual([2, 1, 0, 0]);
    expect(idsUnder50(rates)).toEqual([2, 3]);
  });

  it('answers at the rates asked, never from a result kept at other rates', () => {
    expect(idsUnder50({})).toEqual([1, 2, 3]);
    expect(idsUnder50(rates)).toEqual([2, 3]);
    expect(buckets({})).toEqual([3, 0, 0, 0]);
    expect(buckets(rates)).toEqual([2, 1, 0, 0]);
  });
});
