import { describe, expect, it } from 'vitest';
import { isEan13 } from '../../schemas/catalog/ean';
import { generateCatalog } from './generate-catalog';
import { productBySku, TEST_NOW, testCatalog } from '../../tests/doubles/test-catalog';

describe('demo catalogue EANs', () => {
  it('gives every simple and bundle product a unique, valid EAN-13, and nothing else one', () => {
    const { products } = testCatalog();
    const barcoded = products.filter((p) => p.type_id === 'simple' || p.type_id === 'bundle');
    expect(barcoded.filter((p) => typeof p.ean !== 'string' || !isEan13(p.ean)).map((p) => p.sku)).toEqual([]);
    expect(new Set(barcoded.map((p) => p.ean)).size).toBe(barcoded.length);
    expect(products.filter((p) => p.type_id !== 'simple' && p.type_id !== 'bundle' && p.ean !== undefined).map((p) => p.sku)).toEqual([]);
  });

  it("puts each variant's own EAN on the copy its configurable parent embeds", () => {
    const catalog = testCatalog();
    const parents = catalog.products.filter((p) => p.type_id === 'configurable');
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      for (const child of parent.configurable_children ?? []) expect(child.ean).toBe(productBySku(catalog, child.sku).ean);
    }
  });

  it('keeps a product’s EAN whatever the size and seed of the catalogue', () => {
    const small = generateCatalog({ products: 600, seed: 3, now: TEST_NOW });
    const large = generateCatalog({ products: 3000, seed: 4, now: TEST_NOW });
    const ean = (list: typeof small.products) => list.find((p) => p.sku === 'TB-M10-100-Z-TP')?.ean;
    expect(ean(small.products)).toMatch(/^50\d{11}$/);
    expect(ean(large.products)).toBe(ean(small.products));
  });
});
