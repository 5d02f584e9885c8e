import { parseQuantity } from '../cart/quantity';
import { readAmount } from '../pricing/money';

/** SPEC §5: "Default product quantity is 1." A product with a minimum order starts at that minimum. */
export function defaultQuantity(product: { minimum_order?: unknown } = {}): number {
  const minimum = readAmount(product.minimum_order);
  return minimum !== undefined && Number.isInteger(minimum) && minimum > 1 ? minimum : 1;
}

/** The quantity to add: the shopper's (text becomes a whole number), else the product's default. */
export function quantityToAdd(input: unknown, product: { minimum_order?: unknown } = {}): { ok: true; qty: number } | { ok: false; message: string } {
  if (input === undefined || input === null || input === '') return { ok: true, qty: defaultQuantity(product) };
  return parseQuantity(input);
}

/**
 * Cart items as restored (from storage, another tab, an old version): SPEC §5 — items without a
 * quantity are dropped and quantities given as text become whole numbers. An unreadable quantity
 * counts as none.
 */
export function normaliseCartItems<T extends { qty?: unknown }>(items: readonly T[]): (T & { qty: number })[] {
  const kept: (T & { qty: number })[] = [];
  for (const item of items) {
    if (item.qty === undefined || item.qty === null || item.qty === '') continue;
    const parsed = parseQuantity(item.qty);
    if (parsed.ok) kept.push({ ...item, qty: parsed.qty });
  }
  return kept;
}
