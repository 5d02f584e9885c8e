import type { AwaitingProduct, OrderedProduct } from '../../../replication/cart/item-match';
import { placementOf } from '../orders/take-ordered-lines';
import { WAITING_ORDER_STATES } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';

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
  const withdrawn = new Set((await readLocal(db, LOCAL.cartState)).withdrawnMergeAdds ?? []);
  return waiting
    .filter((order) => order.body.cart_id === cartId)
    .flatMap((order) => {
      // Stored, its lines not all taken yet: the lines it has not marked still hold its quantities. So
      // do the lines a repriced order put back before it is dropped (`putBackOrderedLines` unmarks them).
      const placement = order.lines_taken === false || order.state === 'repriced' ? { placement: placementOf(order.toMutableJSON()) } : {};
      const products: unknown[] = Array.isArray(order.body.products) ? order.body.products : [];
      return products.flatMap((raw) =>
        orderedProductsOf({ products: [raw] }).flatMap((product) => {
          const qty = product.qty - withdrawnQty(raw, withdrawn);
          return qty > 0 ? [{ ...product, qty, ...placement }] : [];
        }),
      );
    });
}

/**
 * What of an ordered line the order's account (`cart_line`) says only a login-merge add withdrawn
 * since would have put in the cart (`withMergeAddsWithdrawn`): never sent, it is not in the cart.
 */
function withdrawnQty(product: unknown, withdrawn: ReadonlySet<string>): number {
  if (withdrawn.size === 0 || !isRecord(product) || !isRecord(product.cart_line) || !Array.isArray(product.cart_line.unconfirmed)) return 0;
  return product.cart_line.unconfirmed.reduce((sum: number, change: unknown) => sum + (isRecord(change) && typeof change.op_id === 'string' && withdrawn.has(change.op_id) && typeof change.qty === 'number' ? change.qty : 0), 0);
}
