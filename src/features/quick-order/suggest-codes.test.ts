import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from '../../domain/catalog-query/catalog-index';
import { findByCode } from '../../domain/catalog-query/code-lookup';
import { runCatalogQuery } from '../../domain/catalog-query/run-query';
import type { Doc } from '../../domain/cart/doc-fields';
import { suggestCodes } from './suggest-codes';

const simple = (id: number, sku: string, name: string, fields: Doc = {}): Doc => ({ id, sku, name, type_id: 'simple', status: 1, visibility: 4, price: 1, ...fields });
const index = createCatalogIndex('product', [
  simple(1, 'TB-M10-100', 'Through Bolt M10 x 100mm'),
  simple(2, 'TB-M10-120', 'Through Bolt M10 x 120mm', { ean: '5012345678900' }),
  simple(3, 'TB-M12-100', 'Through Bolt M12 x 100mm'),
  simple(4, 'WP-RED', 'Wall Plug Red'),
  simple(5, 'X-TB-M10-100', 'Spare part'),
  {
    ...simple(6, 'TB-RANGE', 'Through Bolts, Choose Your Size', { type_id: 'configurable' }),
    configurable_children: [
      { sku: 'TB-RANGE-M8', name: 'Through Bolt M8 (range)', status: 1 },
      { sku: 'TB-RANGE-M10', name: 'Through Bolt M10 (range)', status: 1 },
      { sku: 'TB-RANGE-M16', name: 'Discontinued', status: 2 },
    ],
  },
]);
const sources = {
  lookup: (code: string) => findByCode(index, code),
  search: (text: string) => runCatalogQuery(index, { size: 8, searchQuery: { _searchText: text } }).items,
};
const codes = (text: string, limit?: number) => suggestCodes(text, sources, limit).map((s) => s.code);

describe('suggestCodes', () => {
  it('puts the exact SKU first, then the SKUs it starts', () => {
    expect(codes('TB-M10-100')[0]).toBe('TB-M10-100');
    expect(codes('tb-m10-1').slice(0, 2).sort()).toEqual(['TB-M10-100', 'TB-M10-120']);
    expect(codes('tb-m10-1')).not.toContain('TB-M12-100');
  });

  it('looks a short code up exactly, and searches from 3 characters', () => {
    expect(codes('WP')).toEqual([]);
    expect(suggestCodes('5012345678900', sources)).toEqual([{ code: 'TB-M10-120', name: 'Through Bolt M10 x 120mm' }]);
  });

  it('offers the variants of a configurable product, those the text starts first, never a disabled one', () => {
    expect(codes('TB-RANGE').slice(0, 2)).toEqual(['TB-RANGE-M8', 'TB-RANGE-M10']);
    expect(codes('TB-RANGE')).not.toContain('TB-RANGE-M16');
    expect(codes('TB-RANGE-M1')).toEqual(['TB-RANGE-M10']);
  });

  it('finds words, misspelt ones too, and stops at the limit', () => {
    expect(codes('wall plgu')).toEqual(['WP-RED']);
    expect(codes('through bolt', 3)).toHaveLength(3);
  });
});
