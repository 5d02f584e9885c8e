import type { OrderWithdrawal } from '../../schemas/api/order-lookup';
import type { AuthClaims } from '../auth/authenticate';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { findStoredOrder, lockOrderId } from './order-store';
import { ORDER_ACCESS_DENIED } from './place-order';

/**
 * The shopper cancelled an order queued on their device. Asking "do you have it?" is not enough: a
 * send whose reply never came may still be on its way, and would be placed after a "no". So the
 * answer and the decision are one step: the order is placed (its stored reply comes back, the device
 * keeps it as placed) or its id is withdrawn for good and a late send is refused. Idempotent: asked
 * again, the same answer.
 */
export async function withdrawOrder(db: Database, orderId: string, auth: AuthClaims | null): Promise<OrderWithdrawal> {
  return db.transaction(async (tx) => {
    await lockOrderId(tx, orderId);
    const stored = await findStoredOrder(tx, orderId);
    if (stored) {
      if (stored.customer_id !== null && auth && auth.sub !== stored.customer_id) throw new ApiError(403, ORDER_ACCESS_DENIED);
      return { state: 'placed', order: { ...stored.reply } };
    }
    await tx.query('insert into withdrawn_orders (order_id) values ($1) on conflict (order_id) do nothing', [orderId]);
    return { state: 'withdrawn' };
  });
}
