import { ORDER_MESSAGES } from '../../schemas/api/order';
import { findCart } from '../cart/cart-store';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/api-error';

/**
 * A cart an earlier order converted cannot be ordered again (a second tab or a stale queued order
 * with a new order_id). The refusal names the order that converted it, so the client can show that
 * order as placed. Callers check first that the caller may use the cart: only they may learn this.
 */
export async function cartAlreadyOrdered(db: Queryable, orderId: string): Promise<ApiError> {
  const rows = await db.query<{ increment_id: string }>('select increment_id from orders where order_id = $1', [orderId]);
  return new ApiError(409, ORDER_MESSAGES.cartAlreadyOrdered, { order_id: orderId, increment_id: rows[0]?.increment_id ?? null });
}

/**
 * Inside the order's transaction: locks the cart row, so two orders naming one cart take turns, and
 * checks again that no order converted it since the order was prepared. The second of two parallel
 * orders waits here and is then refused.
 */
export async function lockUnorderedCart(tx: Queryable, cartId: string): Promise<void> {
  const cart = await findCart(tx, cartId, true);
  if (cart && cart.converted_order_id !== null) throw await cartAlreadyOrdered(tx, cart.converted_order_id);
}
