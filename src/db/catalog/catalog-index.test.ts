import { afterEach, describe, expect, it } from 'vitest';
import { toAttributeRecord, toProductRecord } from '../../../replication/catalog/catalog-records';
import { startCatalogIndex, type LocalCatalogIndex } from './catalog-index';
import type { ShopDatabase } from '../database-types';
import { openTestDatabase } from '../../../tests/doubles/test-database';

const opened: { db: ShopDatabase; index?: LocalCatalogIndex }[] = [];
afterEach(async () => {
  for (const { db, index } of opened.splice(0)) {
    index?.stop();
    await db.close();
  }
});

const product = (id: number, name: string, extra: Record<string, unknown> = {}) =>
  toProductRecord({ id, sku: `SKU-${id}`, name, type_id: 'simple', status: 1, visibility: 4, price: 10 + id, category_ids: [20], _entity: 'product', _deleted: false, ...extra });

const names = (index: LocalCatalogIndex, text: string) =>
  index.query('product', { searchQuery: { _searchText: text }, size: 50 }).items.map((p) => p.name).sort();

const inCategory = (index: LocalCatalogIndex, id: number) =>
  index.query('product', { size: 50, searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [id] } }] } });

async function open() {
  const db = await openTestDatabase({ collections: ['products', 'categories', 'attributes'] });
  const entry: { db: ShopDatabase; index?: LocalCatalogIndex } = { db };
  opened.push(entry);
  return entry;
}

describe('the local catalogue index', () => {
  it('answers from the documents already stored, and follows inserts, updates and deletions', async () => {
    const entry = await open();
    await entry.db.products.bulkInsert([product(1, 'Hex bolt M10'), product(2, 'Wall plug 8mm'), product(3, 'Hex nut M10')]);
    const index = (entry.index = await startCatalogIndex(entry.db));
    expect(index.count('product')).toBe(3);
    expect(inCategory(index, 20).total).toBe(3);

    await entry.db.products.insert(product(4, 'Coach bolt M12', { category_ids: [21] }));
    await entry.db.products.upsert(product(2, 'Wall plug 10mm', { category_ids: [21] }));
    await (await entry.db.products.findOne('3').exec())?.remove();

    expect(index.count('product')).toBe(3);
    expect(inCategory(index, 20).items.map((p) => p.sku)).toEqual(['SKU-1']);
    expect(inCategory(index, 21).items.map((p) => p.name).sort()).toEqual(['Coach bolt M12', 'Wall plug 10mm']);
  });

  it('finds a product by its SKU or EAN with one lookup, and follows the collection', async () => {
    const entry = await open();
    await entry.db.products.bulkInsert([product(1, 'Hex bolt M10', { ean: '5012345678900' }), product(2, 'Wall plug 8mm')]);
    const index = (entry.index = await startCatalogIndex(entry.db));
    expect(index.findProductsByCode('sku-1').map((p) => p.name)).toEqual(['Hex bolt M10']);
    expect(index.findProductsByCode('5012345678900').map((p) => p.name)).toEqual(['Hex bolt M10']);
    await entry.db.products.upsert(product(2, 'Wall plug 10mm', { ean: '4006381333931' }));
    expect(index.findProductsByCode('4006381333931').map((p) => p.name)).toEqual(['Wall plug 10mm']);
  });

  it('finds a misspelt word like the server does, and labels facets from the local attributes', async () => {
    const entry = await open();
    await entry.db.products.bulkInsert([product(1, 'Hex bolt M10', { color: 5 }), product(2, 'Wall plug 8mm', { color: 5 })]);
    await entry.db.attributes.insert(toAttributeRecord({ id: 93, attribute_code: 'color', frontend_label: 'Colour', options: [{ label: 'Zinc', value: '5' }], _entity: 'attribute', _deleted: false }));
    const index = (entry.index = await startCatalogIndex(entry.db));
    expect(names(index, 'bolr')).toEqual(['Hex bolt M10']);
    const faceted = index.query('product', { size: 10, searchQuery: { _availableFilters: [{ field: 'color', scope: 'catalog' }] } });
    expect(faceted.aggregations.agg_terms_color?.buckets).toEqual([{ key: 5, doc_count: 2 }]);
    expect(faceted.attributeMetadata).toEqual([expect.objectContaining({ attribute_code: 'color', frontend_label: 'Colour' })]);
  });
});
