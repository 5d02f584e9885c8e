import { describe, expect, it } from 'vitest';
import { AttributeLookup, createSearchIndex } from './search-index';
import type { Doc } from '../../src/domain/catalog-query/types';
import type { CatalogQuery } from '../../schemas/catalog-query';

const products: Doc[] = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  sku: `P-${i + 1}`,
  name: `Bolt ${i % 3 === 0 ? 'Zinc' : 'Steel'} M${8 + (i % 4) * 2}`,
  type_id: 'simple',
  visibility: 4,
  status: 1,
  price: 5 + i,
  finish: i % 3 === 0 ? 'zinc' : 'plain',
  material: i % 2 ? 'steel' : 'stainless',
  category_ids: [i % 2 ? 10 : 20],
}));

const attribute = (label: string): Doc => ({ id: 'a-finish', attribute_code: 'finish', attribute_id: 7, frontend_label: label, options: [{ label: 'Zinc', value: 'zinc', extra: 'x' }, { label: 'Plain', value: 'plain' }] });

const listing = (facets: string[], category = 10): CatalogQuery => ({
  type: 'product',
  size: 5,
  sourceInclude: ['id', 'name'],
  searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [category] } }], _availableFilters: facets.map((field) => ({ field })) },
});

describe('search index reply JSON', () => {
  it('writes what JSON.stringify writes of the result, also from the facets and labels it keeps', () => {
    const index = createSearchIndex('product', products);
    const attributes = new AttributeLookup();
    attributes.upsert([attribute('Finish')]);
    const context = { attributesByCode: attributes.get };
    for (const query of [listing(['finish', 'material']), listing(['finish', 'material']), listing(['material', 'finish', 'finish']), listing(['finish'], 20), { ...listing(['finish', 'price']), searchQuery: { ...listing(['finish', 'price']).searchQuery, _searchText: 'bolt zinc' } }, listing([])]) {
      expect(index.queryJson(query, context)).toBe(JSON.stringify(index.query(query, context)));
    }
  });

  it('writes the new label once the attribute document is replaced', () => {
    const index = createSearchIndex('product', products);
    const attributes = new AttributeLookup();
    attributes.upsert([attribute('Finish')]);
    const context = { attributesByCode: attributes.get };
    const query = listing(['finish']);
    expect(JSON.parse(index.queryJson(query, context)).attributeMetadata[0].frontend_label).toBe('Finish');
    attributes.upsert([attribute('Surface finish')]);
    expect(index.queryJson(query, context)).toBe(JSON.stringify(index.query(query, context)));
    expect(JSON.parse(index.queryJson(query, context)).attributeMetadata[0].frontend_label).toBe('Surface finish');
  });
});
