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
 * The server's totals were worked out for exactly these lines: each line is a server item in them at
 * its quantity and its current unit price, and they hold no other item. Totals from before the last
 * change reached the server (a line added meanwhile, another quantity) or from before a price change
 * are the old cart's figures: the device works its own out until new ones come, so "Place the order"
 * never carries a total the server will not charge.
 */
export function totalsPriceTheseLines(lines: readonly { server_item_id?: number | null; qty: number; price_pence: number }[], platformTotals: unknown): boolean {
  const parsed = v.safeParse(totalsItems, platformTotals);
  if (!parsed.success || parsed.output.items.length !== lines.length) return false;
  const items = new Map(parsed.output.items.map((item) => [item.item_id, item]));
  return lines.every((line) => {
    const item = typeof line.server_item_id === 'number' ? items.get(line.server_item_id) : undefined;
    // A free item (price 0) has no unit price to compare.
    return item !== undefined && item.qty === line.qty && (item.price === 0 || toPence(item.price) === line.price_pence);
  });
}
