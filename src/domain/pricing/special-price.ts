import { readAmount, toPence } from './money';

/** The special-price fields of a product or configurable child, typed loosely as documents carry them. */
export interface SpecialPriceFields {
  price?: unknown;
  special_price?: unknown;
  special_from_date?: unknown;
  special_to_date?: unknown;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A window bound as epoch ms; absent, null, empty or unreadable means open-ended. */
function bound(value: unknown, edge: 'from' | 'to'): number | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  // A bare date means the whole day: a sale "to 2025-03-10" still runs on the 10th.
  return DATE_ONLY.test(text) && edge === 'to' ? ms + DAY_MS - 1 : ms;
}

/** True when `now` lies inside the window; both bounds are inclusive and either may be open. */
export function isInsideWindow(from: unknown, to: unknown, now: Date): boolean {
  const t = now.getTime();
  const start = bound(from, 'from');
  const end = bound(to, 'to');
  return (start === undefined || t >= start) && (end === undefined || t <= end);
}

/**
 * The special price in pence when it applies, else null. SPEC §4: "A special price applies only
 * inside its from/to window and only when below the original price."
 */
export function activeSpecialPricePence(product: SpecialPriceFields, now: Date): number | null {
  const price = readAmount(product.price);
  const special = readAmount(product.special_price);
  if (price === undefined || special === undefined || special < 0) return null;
  if (!isInsideWindow(product.special_from_date, product.special_to_date, now)) return null;
  const specialPence = toPence(special);
  return specialPence < toPence(price) ? specialPence : null;
}

/**
 * The next moment after `now` at which a special price starts or stops applying (its window opens, or
 * the millisecond after it closes), or undefined when its window has no edge ahead. A screen showing
 * the price re-renders then, so a sale that ends while the page is open stops being shown.
 */
export function nextSpecialPriceEdge(product: SpecialPriceFields, now: Date): number | undefined {
  if (readAmount(product.special_price) === undefined) return undefined;
  const start = bound(product.special_from_date, 'from');
  const end = bound(product.special_to_date, 'to');
  const edges = [start, end === undefined ? undefined : end + 1].filter((edge): edge is number => edge !== undefined && edge > now.getTime());
  return edges.length > 0 ? Math.min(...edges) : undefined;
}
