import { orderMayNameCart } from '../../../replication/cart/cart-hash';
import { orderedLineKey } from '../../../replication/cart/item-match';
import type { OrderOutbox, PlaceResult } from '../../../replication/orders/order-outbox';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { WAITING_ORDER_STATES } from '../../../schemas/rx/orders.schema';
import { putBackOrderedLines, type OrderedProduct, type TakenLines } from '../cart/ordered-lines';
import type { ShopDatabase } from '../database-types';
import { deviceIdOf } from '../device-id';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { orderIdForPress } from './checkout-session';
import { withCartLineAccounts } from './ordered-cart-lines';
import { followRepricedTotals } from './repriced-lines';
import { orderedLines, placementOf, takeLinesOfOrder } from './take-ordered-lines';

/** A cart id that an order not yet acknowledged already names: that order will convert it, so a second order must not name it. */
async function cartPromisedToAnotherOrder(db: ShopDatabase, cartId: unknown, orderId: string): Promise<boolean> {
  if (typeof cartId !== 'string' || cartId === '') return false;
  const waiting = await db.orders.find({ selector: { state: { $in: [...WAITING_ORDER_STATES] } } }).exec();
  return waiting.some((o) => o.order_id !== orderId && o.body.cart_id === cartId);
}

/**
 * The customer's cart, connected at login, whose merge with the device's lines has not run yet and
 * into which none of the ordered lines went: it holds only lines saved in another session. The order
 * must not name it, or the server would turn those lines into this order's cart (see orderMayNameCart).
 */
async function cartNotMergedYet(db: ShopDatabase, cartId: unknown, products: readonly OrderedProduct[]): Promise<boolean> {
  if (typeof cartId !== 'string' || cartId === '') return false;
  const lines: CartLine[] = [];
  for (const id of new Set(products.map(orderedLineKey))) {
    const line = await db.cart.findOne(id).exec();
    if (line) lines.push(line.toMutableJSON());
  }
  return !orderMayNameCart(await readLocal(db, LOCAL.cartState), lines, cartId);
}

/**
 * Places the checkout's order (SPEC §4), exactly once:
 * 1. the order id is the checkout's (a second press, a second tab or a reload finds the order
 *    already stored and shows it instead of placing another);
 * 2. the order is stored, without any password: from here on it is placed, whatever happens next;
 * 3. only the ordered lines leave the cart (lines added meanwhile in another tab stay), on the device
 *    and on the server: the order names no server cart another order already names, nor a customer
 *    cart that still holds saved lines the login merge has not brought to the device, and says how
 *    much of each line it knows reached the cart it names (`withCartLineAccounts`);
 * 4. it is sent when online; an unknown outcome leaves it queued (placed), and only the server's
 *    refusal puts the lines back and reports a failure the shopper can act on;
 * 5. a refusal for a price changed since the review step showed the total is not placed either: the
 *    lines go back at the server's new prices and the stored order is dropped, so the next press
 *    (the shopper confirming the new total) places it afresh under the same checkout order id.
 */
export async function placeOrderBody(db: ShopDatabase, outbox: OrderOutbox, body: Record<string, unknown>): Promise<PlaceResult> {
  const orderId = await orderIdForPress(db, body.order_id);
  const { cart_id: cartId, ...rest } = body;
  const own = (await cartPromisedToAnotherOrder(db, cartId, orderId)) || (await cartNotMergedYet(db, cartId, orderedLines(body))) ? rest : await withCartLineAccounts(db, body);
  const deviceId = await deviceIdOf(db);
  const { order, isNew } = await outbox.store(deviceId ? { ...own, device_id: deviceId } : own, orderId);
  if (!isNew) return outbox.sendNow(order.order_id, order);

  let taken: TakenLines = { taken: [], journaled: new Set() };
  try {
    taken = await takeLinesOfOrder(db, order);
    await modifyLocal(db, LOCAL.checkout, (c) => {
      const { password: _dropped, ...personal } = c.personalDetails;
      // The reference belonged to this order; the next one (another job) starts without it.
      return { ...c, personalDetails: personal, reviewDetails: {}, lastOrderAt: Date.now() };
    });
  } catch (error) {
    // The order is stored: tidying the cart must not turn it into a failure. The next tab to lead
    // takes the lines the order still finds in the cart (`takeLinesLeftInCart`).
    console.error('the order is placed; the cart could not be tidied', error);
  }
  const result = await outbox.sendNow(orderId);
  if (result.outcome === 'rejected') await putBackOrderedLines(db, taken, placementOf(order));
  if (result.outcome === 'repriced') {
    // Back first: until the order is dropped, a cart sync knows the lines not back yet are the order's,
    // not the server cart's to add, and those back (unmarked) the cart's, not the order's.
    await putBackOrderedLines(db, taken, placementOf(order));
    await outbox.dropRepriced(orderId);
    if (result.repriced) await followRepricedTotals(db, orderedLines(order.body), result.repriced.totals);
  }
  return result;
}

/** The thank-you page is open: orders queued meanwhile go as soon as the connection returns (SPEC §4). */
export async function setThankYouPageOpen(db: ShopDatabase, open: boolean): Promise<void> {
  await modifyLocal(db, LOCAL.ui, (ui) => ({ ...ui, thankYouPageOpen: open }));
}
