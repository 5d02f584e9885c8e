import type { AwaitingProduct, OrderedProduct } from '../../../replication/cart/item-match';
import { placementOf } from '../orders/take-ordered-lines';
import { WAITING_ORDER_STATES } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The products of an order body, as far as they name a cart line. */
export function orderedProductsOf(body: Record<string, unknown>): OrderedProduct[] {
  const products: unknown[] = Array.isArray(body.products) ? body.products : [];
  return products.flatMap((product) => {
    if (!isRecord(product) || typeof product.sku !== 'string' || typeof product.qty !== 'number') return [];
    return [{ sku: product.sku, qty: product.qty, checksum: typeof product.checksum === 'string' ? product.checksum : null, product_option: isRecord(product.product_option) ? product.product_option : null }];
  });
}

/**
 * What the orders the server has not accepted yet (queued, held for a login, or repriced and waiting
 * for the shopper to confirm the new total) take from this
 * server cart. The server turns the cart into the order when it arrives, so these lines are the
 * order's, not the cart's: the cart sync must not bring them back to the device.
 */
export async function productsAwaitingOrder(db: ShopDatabase, cartId: string): Promise<AwaitingProduct[]> {
  if (!db.collections.orders) return [];
  const waiting = await db.orders.find({ selector: { state: { $in: [...WAITING_ORDER_STATES] } } }).exec();
  return waiting
    .filter((order) => order.body.cart_id === cartId)
    .flatMap((order) => {
      // Stored, its lines not all taken yet: the lines it has not marked still hold its quantities. So
      // do the lines a repriced order put back before it is dropped (`putBackOrderedLines` unmarks them).
      const placement = order.lines_taken === false || order.state === 'repriced' ? { placement: placementOf(order.toMutableJSON()) } : {};
      return orderedProductsOf(order.body).map((product) => ({ ...product, ...placement }));
    });
}
