import type { Product } from '../../schemas/catalog/product';
import { MeasureCollector } from './attributes';
import { buildCategories, type CategoryIndex } from './categories';

/** Everything the builders share while one catalogue is generated: ids, SKUs, the category index. */
export interface SeedContext {
  seed: number;
  nowMs: number;
  categories: CategoryIndex;
  measures: MeasureCollector;
  products: Product[];
  bySku: Map<string, Product>;
  nextProductId: () => number;
  /** Ids of custom options, their values and bundle options/links: unique across the catalogue. */
  nextOptionId: () => number;
  add: (product: Product) => Product;
}

export function createSeedContext(seed: number, now: Date): SeedContext {
  let productId = 0;
  let optionId = 0;
  const products: Product[] = [];
  const bySku = new Map<string, Product>();
  return {
    seed,
    nowMs: now.getTime(),
    categories: buildCategories(),
    measures: new MeasureCollector(),
    products,
    bySku,
    nextProductId: () => ++productId,
    nextOptionId: () => ++optionId,
    add(product) {
      if (bySku.has(product.sku)) throw new Error(`Duplicate SKU ${product.sku}`);
      bySku.set(product.sku, product);
      products.push(product);
      return product;
    },
  };
}
