import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { takeOrderedLines, type OrderedProduct, type TakenLines } from '../cart/ordered-lines';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { orderStore } from './order-store';

export const orderedLines = (body: Record<string, unknown>): OrderedProduct[] => (Array.isArray(body.products) ? (body.products as OrderedProduct[]) : []);

/**
 * Lines the order took whole that the server cart may hold, the order not naming that cart: the
 * login merge sent them between the order's choice of cart and its taking them, or another order
 * names the cart. They are the order's now, so the next sync deletes them from the server cart.
 * A line whose taking went into the changes journal (`journaled`) is not: its 'take' gives up what
 * the device held, and a deletion on top would take what another device added to the line since
 * (seed 1130000258: the phone's anchor, added while the laptop's order was queued, was deleted).
 */
async function recordLinesLeftWithOrder(db: ShopDatabase, body: Record<string, unknown>, taken: readonly CartLine[], journaled: ReadonlySet<string>): Promise<void> {
  const cartId = (await readLocal(db, LOCAL.cartState)).token;
  if (!cartId || body.cart_id === cartId) return;
  const keys: string[] = [];
  for (const line of taken) if (!journaled.has(line.id) && line.server_cart_id === cartId && !(await db.cart.findOne(line.id).exec())) keys.push(line.id);
  if (keys.length === 0) return;
  await modifyLocal(db, LOCAL.cartState, (state) => {
    if (state.token !== cartId) return state;
    const kept = state.leftWithOrders?.cartId === cartId ? state.leftWithOrders.keys : [];
    return { ...state, leftWithOrders: { cartId, keys: [...new Set([...kept, ...keys])] } };
  });
}

/**
 * One placement of an order: a repriced order is dropped and stored again under the same id, and its
 * second placement takes the lines put back after the first.
 */
export const placementOf = (order: OrderRecord) => `${order.order_id}@${order.created_at}`;

/**
 * The stored order's lines leave the cart (see `takeOrderedLines`), and the order records it: until
 * then `lines_taken` is false. Returns what was taken (and how, see `TakenLines`), to put back if the server refuses the order.
 */
export async function takeLinesOfOrder(db: ShopDatabase, order: OrderRecord): Promise<TakenLines> {
  const lines = await takeOrderedLines(db, orderedLines(order.body), order.body.cart_id, placementOf(order));
  await recordLinesLeftWithOrder(db, order.body, lines.taken, lines.journaled);
  await orderStore(db).update(order.order_id, { lines_taken: true });
  return lines;
}

/**
 * The page that stored an order went before its lines left the cart (a reload, a closed tab: the
 * order is stored, the writes after it never ran). Without this the order and the cart would both
 * hold those lines, and the cart sync would keep them in the server cart or bring them into the
 * next order. Run by the tab that takes the lead, before its first cart sync. A page still taking
 * them meanwhile is harmless: a line taken whole is taken once. An order the server refused keeps
 * its lines in the cart, where they are.
 */
export async function takeLinesLeftInCart(db: ShopDatabase): Promise<void> {
  for (const doc of await db.orders.find({ selector: { lines_taken: false } }).exec()) {
    const order = doc.toMutableJSON();
    if (order.state === 'rejected') await orderStore(db).update(order.order_id, { lines_taken: true });
    else await takeLinesOfOrder(db, order);
  }
}
