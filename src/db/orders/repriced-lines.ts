import { orderedLineKey, type OrderedProduct } from '../../../replication/cart/item-match';
import type { TotalsReply } from '../../../schemas/api/cart';
import { withServerPrice } from '../../domain/cart/line-price-state';
import type { ShopDatabase } from '../database-types';

export interface RepricedLine {
  /** The cart line the ordered product came from. */
  lineId: string;
  qty: number;
  pricePence: number;
  priceInclTaxPence: number;
}

const pence = (pounds: number) => Math.round(pounds * 100);

/**
 * The unit prices the server charges for an order's products, from the totals of its price-changed
 * refusal: each totals item names its product by position (item_id is the product's place in the
 * order, from 1), so every price lands on the cart line that product came from.
 */
export function repricedLines(products: readonly OrderedProduct[], totals: Pick<TotalsReply, 'items'>): RepricedLine[] {
  return totals.items.flatMap((item) => {
    const product = products[item.item_id - 1];
    if (!product || product.sku !== item.sku) return [];
    return [{ lineId: orderedLineKey(product), qty: item.qty, pricePence: pence(item.price), priceInclTaxPence: pence(item.price_incl_tax) }];
  });
}

/**
 * The cart lines of a repriced order take the server's new prices at once (the catalogue replica
 * may not have caught up yet), so the cart and the review step show what the order costs now. A line
 * whose quantity changed meanwhile keeps its price: a tier price at another quantity is the replica's
 * and the cart sync's to set.
 */
export async function followRepricedTotals(db: ShopDatabase, products: readonly OrderedProduct[], totals: Pick<TotalsReply, 'items'>): Promise<void> {
  const at = Date.now();
  for (const line of repricedLines(products, totals)) {
    const doc = await db.cart.findOne(line.lineId).exec();
    await doc?.incrementalModify((current) => {
      if (current._deleted || current.qty !== line.qty) return current;
      return { ...current, ...withServerPrice(current, line, current.qty, at) };
    });
  }
}
