import { generateCatalog, type DemoCatalog } from '../../server/seed/generate-catalog';

/** One shared catalogue for the rule tests: generating it per test would dominate the run time. */
export const TEST_NOW = new Date('2025-06-01T09:00:00.000Z');

let cached: DemoCatalog | undefined;

export function testCatalog(): DemoCatalog {
  cached ??= generateCatalog({ products: 2000, seed: 42, now: TEST_NOW });
  return cached;
}

export function productBySku(catalog: DemoCatalog, sku: string) {
  const product = catalog.products.find((p) => p.sku === sku);
  if (!product) throw new Error(`No product ${sku}`);
  return product;
}
