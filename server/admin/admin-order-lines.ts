import { getProductsBySku } from '../catalog/catalog-store';
import type { Queryable } from '../db/database';

interface Line {
  sku?: unknown;
  parent_sku?: unknown;
  [key: string]: unknown;
}

const linesOf = (order: Record<string, unknown>): Line[] => (Array.isArray(order.items) ? (order.items as Line[]) : []);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Adds each line's EAN and picture from the catalogue as it is now (the stored order keeps what was
 * sold, not how to recognise it): the packer scans the EAN on the box and sees what to look for.
 * A line whose product is gone keeps null for both; a variant without its own takes its parent's.
 * One query for all the orders given.
 */
export async function withCatalogueFacts(db: Queryable, orders: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const skus = new Set<string>();
  for (const order of orders) {
    for (const line of linesOf(order)) {
      for (const sku of [text(line.sku), text(line.parent_sku)]) if (sku) skus.add(sku);
    }
  }
  if (skus.size === 0) return orders;
  const products = await getProductsBySku(db, [...skus]);
  const fact = (line: Line, field: 'ean' | 'image') => {
    for (const sku of [text(line.sku), text(line.parent_sku)]) {
      const value = sku ? text(products.get(sku)?.[field]) : null;
      if (value && value !== 'no_selection') return value;
    }
    return null;
  };
  return orders.map((order) => ({ ...order, items: linesOf(order).map((line) => ({ ...line, ean: fact(line, 'ean'), image: fact(line, 'image') })) }));
}
