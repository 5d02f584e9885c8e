import { newOrderId } from '../../../replication/orders/order-outbox';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';

/**
 * The review step opened: the checkout's order id, minted once and shared by every tab. A checkout
 * whose order was already placed gets a new id here (it is a new checkout); until then, every tab,
 * reload and press reuses the one it holds.
 */
export async function beginCheckout(db: ShopDatabase): Promise<string> {
  const { orderId } = await readLocal(db, LOCAL.checkout);
  if (orderId && !(await db.orders.findOne(orderId).exec())) return orderId;
  const fresh = newOrderId();
  const written = await modifyLocal(db, LOCAL.checkout, (c) => (c.orderId && c.orderId !== orderId ? c : { ...c, orderId: fresh }));
  return written.orderId ?? fresh;
}

/**
 * The id a press of "Place the order" uses: the one the screen got when its review step opened (so a
 * second tab or a second press finds the order already placed), else the checkout's. Only an id
 * whose order the server refused is replaced, since the corrected order is a new one.
 */
export async function orderIdForPress(db: ShopDatabase, requested: unknown): Promise<string> {
  const held = typeof requested === 'string' && requested !== '' ? requested : await beginCheckout(db);
  const stored = await db.orders.findOne(held).exec();
  if (stored?.state !== 'rejected') return held;
  const fresh = newOrderId();
  await modifyLocal(db, LOCAL.checkout, (c) => ({ ...c, orderId: fresh }));
  return fresh;
}
