import { isAvailable, readStock } from '../add-to-cart/add-to-cart-rules';

/** At or below this many left (managed stock), the shopper is told how many: a trade buyer plans by it. */
export const LOW_STOCK_SHOWN_AT = 10;

export type StockDisplay =
  | { kind: 'in' }
  | { kind: 'low'; left: number }
  /** SPEC §8 "Out of the stock!": no dispatch time is promised, and the product cannot be added. */
  | { kind: 'out' };

/**
 * What a product's stock tells the shopper, by the rule the add to cart applies (`isAvailable`): out
 * when it could not be added, the number left when it is low, else simply in stock. No stock fields
 * at all reads as in stock, as the add to cart does (the live check decides then).
 */
export function stockDisplay(stock: unknown): StockDisplay {
  if (typeof stock !== 'object' || stock === null || !('is_in_stock' in stock)) return { kind: 'in' };
  const reading = readStock(stock);
  if (!isAvailable(reading)) return { kind: 'out' };
  if (reading.manageStock && reading.qty <= LOW_STOCK_SHOWN_AT) return { kind: 'low', left: Math.floor(reading.qty) };
  return { kind: 'in' };
}
