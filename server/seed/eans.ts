import { withCheckDigit } from '../../schemas/catalog/ean';
import type { Product } from '../../schemas/catalog/product';
import { deriveSeed } from './rng';

/** GS1 UK's prefix, as on the boxes a UK merchant sells; the demo company numbers are made up. */
const PREFIX = '50';
const ITEM_NUMBERS = 10_000_000_000;
/** Goods that carry a barcode of their own: not services, downloads, kits of other products or configurable parents. */
const BARCODED = new Set(['simple', 'bundle']);

/** Ten digits from the SKU alone, so a product keeps its barcode whatever the catalogue's size or seed. */
function itemNumber(sku: string): number {
  return (deriveSeed(1, sku) % 100_000) * 100_000 + (deriveSeed(2, sku) % 100_000);
}

/**
 * Gives every barcoded product an EAN-13 (prefix 50, ten digits from its SKU, GS1 check digit), the
 * next free number on the rare clash, in catalogue order so the result is deterministic. A configurable
 * parent's embedded children carry the EAN of their standalone product, so a scan finds the variant.
 */
export function addEans(products: Product[]): void {
  const used = new Set<number>();
  const bySku = new Map<string, string>();
  for (const product of products) {
    if (!BARCODED.has(product.type_id)) continue;
    let n = itemNumber(product.sku);
    while (used.has(n)) n = (n + 1) % ITEM_NUMBERS;
    used.add(n);
    product.ean = withCheckDigit(`${PREFIX}${String(n).padStart(10, '0')}`);
    bySku.set(product.sku, product.ean);
  }
  for (const product of products) {
    for (const child of product.configurable_children ?? []) {
      const ean = bySku.get(child.sku);
      if (ean) child.ean = ean;
    }
  }
}
