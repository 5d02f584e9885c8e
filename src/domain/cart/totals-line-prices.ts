import * as v from 'valibot';
import { toPence } from '../pricing/money';

/** The part of a stored totals reply (cart-state `platformTotals`) that prices the lines. */
const totalsItems = v.object({
  items: v.array(
    v.object({
      item_id: v.number(),
      qty: v.number(),
      price: v.pipe(v.number(), v.finite(), v.minValue(0)),
      price_incl_tax: v.pipe(v.number(), v.finite(), v.minValue(0)),
    }),
  ),
});

export interface ServerUnitPrice {
  qty: number;
  pricePence: number;
  priceInclTaxPence: number;
}

/**
 * Each server cart item's unit price, by item id, from the totals the cart sync stored. The totals
 * were stored as the server sent them; anything that does not read as items with prices gives none.
 */
export function totalsLinePrices(platformTotals: unknown): Map<number, ServerUnitPrice> {
  const parsed = v.safeParse(totalsItems, platformTotals);
  if (!parsed.success) return new Map();
  return new Map(
    parsed.output.items.filter((item) => item.price > 0).map((item) => [item.item_id, { qty: item.qty, pricePence: toPence(item.price), priceInclTaxPence: toPence(item.price_incl_tax) }]),
  );
}

/**
 * The server's totals hold a line at another unit price than the line has now: the catalogue changed
 * its price after those totals came, so they are the old cart's figures, and the device's own totals
 * are shown until the server's come again.
 */
export function totalsPriceLinesOtherwise(lines: readonly { server_item_id?: number | null; qty: number; price_pence: number }[], platformTotals: unknown): boolean {
  const prices = totalsLinePrices(platformTotals);
  return lines.some((line) => {
    const price = typeof line.server_item_id === 'number' ? prices.get(line.server_item_id) : undefined;
    return price !== undefined && price.qty === line.qty && price.pricePence !== line.price_pence;
  });
}
