import { describe, expect, it } from 'vitest';
import { createCatalogIndex, removeDocuments, upsertDocuments } from './catalog-index';
import { findByCode } from './code-lookup';
import type { Doc } from './types';

const product = (id: number, sku: string, fields: Doc = {}): Doc => ({ id, sku, name: sku, type_id: 'simple', visibility: 4, status: 1, ...fields });

const catalogue = [
  product(1, 'TB-M10-100', { ean: '5012345678900' }),
  product(2, 'TB-RANGE', { type_id: 'configurable', configurable_children: [{ sku: 'TB-M8-50', ean: '4006381333931' }, { sku: 'TB-M10-100-C' }] }),
  product(3, 'TB-M8-50', { visibility: 1, ean: '4006381333931' }),
  product(4, 'HIDDEN-1', { visibility: 1 }),
];

const skus = (docs: Doc[]) => docs.map((d) => d.sku);

describe('findByCode', () => {
  it('finds a listed product by SKU or EAN, whole and ignoring case and spaces', () => {
    const index = createCatalogIndex('product', catalogue);
    expect(skus(findByCode(index, 'TB-M10-100'))).toEqual(['TB-M10-100']);
    expect(skus(findByCode(index, ' tb-m10-100 '))).toEqual(['TB-M10-100']);
    expect(skus(findByCode(index, '5012345678900'))).toEqual(['TB-M10-100']);
    expect(findByCode(index, 'TB-M10')).toEqual([]);
    expect(findByCode(index, '')).toEqual([]);
  });

  it("finds a configurable parent by a variant's SKU or EAN, never the variant's unlisted copy", () => {
    const index = createCatalogIndex('product', catalogue);
    expect(skus(findByCode(index, 'TB-M8-50'))).toEqual(['TB-RANGE']);
    expect(skus(findByCode(index, '4006381333931'))).toEqual(['TB-RANGE']);
    expect(findByCode(index, 'HIDDEN-1')).toEqual([]);
  });

  it('follows changes: a new EAN is found, a removed product and an old SKU are not', () => {
    const index = createCatalogIndex('product', catalogue);
    findByCode(index, 'TB-M10-100');
    upsertDocuments(index, [product(1, 'TB-M10-100-NEW', { ean: '9780306406157' })]);
    removeDocuments(index, [2]);
    expect(findByCode(index, 'TB-M10-100')).toEqual([]);
    expect(skus(findByCode(index, '9780306406157'))).toEqual(['TB-M10-100-NEW']);
    expect(findByCode(index, 'TB-M8-50')).toEqual([]);
  });
});
