import { isUnknownReply } from '../../../replication/api/api-errors';
import type { ApiClient } from '../../../replication/api/api-types';
import { cartApi } from '../../../replication/cart/cart-api';
import { OPS_PER_REQUEST, type PendingCartOp } from '../../../replication/cart/cart-ops-journal';
import type { CartState } from '../../../replication/cart/cart-types';
import { WAITING_ORDER_STATES } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';

/**
 * What orders that wait on the device (queued, held for a login, repriced) count on in the server
 * carts: the carts they name, and the change ids their accounts of the lines name (`cart_line`).
 */
export async function waitingOrdersClaims(db: ShopDatabase): Promise<{ carts: Set<string>; changes: Set<string> }> {
  if (!db.collections.orders) return { carts: new Set(), changes: new Set() };
  const waiting = (await db.orders.find({ selector: { state: { $in: [...WAITING_ORDER_STATES] } } }).exec()).map((order) => order.body);
  const carts = new Set(waiting.flatMap((body) => (typeof body.cart_id === 'string' && body.cart_id !== '' ? [body.cart_id] : [])));
  const changes = new Set(waiting.flatMap((body) => (Array.isArray(body.products) ? body.products : []).flatMap((product: { cart_line?: { unconfirmed?: { op_id?: unknown }[] } }) => product.cart_line?.unconfirmed?.map((change) => String(change.op_id)) ?? [])));
  return { carts, changes };
}

/**
 * The login merge's adds still unanswered that a waiting order counts on (its account names them,
 * `ordered-cart-lines.ts`): a logout keeps them for their cart, as the changes of
 * `opsOwedToWaitingOrders`, so they go before the order, each applied once by its id. Dropped with
 * the logout's merge state, the order found none of them in the cart and took none of the line, and
 * the next sign-in's merge had put the order's quantity there under an id of its own: it stayed
 * (seed 1240000296: a washer ordered came back).
 */
export function mergeAddsOwedToWaitingOrders(state: CartState, counted: ReadonlySet<string>): PendingCartOp[] {
  return state.mergeAdds.flatMap((add) => add.ops.filter((op) => counted.has(op.op_id)).map((op) => ({ ...op, cartId: add.cartId })));
}

/**
 * The login merge's unanswered adds of lines an order naming no cart took since (its `take` in the
 * journal, the line gone from the device), with the line's changes up to that take, kept past a logout
 * for the merge's cart: the next round of the merge would have sent them in that order
 * (`withMergeAddsResent`), and each id applies once. Dropped with the merge state, an add that had
 * reached the cart (its reply lost) stayed there with no take to give it up, and the ordered line
 * came back at the next sign-in (soak seed 1270000121: two ordered screws).
 */
export function strayMergeChanges(state: CartState, held: ReadonlySet<string>): PendingCartOp[] {
  if (!state.mergePending) return [];
  const own = state.pendingOps.filter((op) => op.cartId === undefined);
  return state.mergeAdds.flatMap((add) => {
    if (held.has(add.key)) return [];
    const ofLine = own.filter((op) => op.key === add.key);
    const lastTake = ofLine.findLastIndex((op) => op.type === 'take');
    return lastTake === -1 ? [] : [...add.ops, ...ofLine.slice(0, lastTake + 1)].map((op) => ({ ...op, cartId: add.cartId }));
  });
}

/**
 * The changes a logout keeps (`CartState.opsForWaitingOrders`): those kept for a cart an order still
 * waiting names. The logout clears the rest of the journal; these are the order's, not the session's.
 */
export function opsOwedToWaitingOrders(state: CartState, carts: ReadonlySet<string>): PendingCartOp[] {
  return uniqueOps([...state.opsForWaitingOrders, ...state.pendingOps].filter((op) => op.cartId !== undefined && carts.has(op.cartId)));
}

/** Each change once, by its id. */
export const uniqueOps = (ops: readonly PendingCartOp[]): PendingCartOp[] => [...new Map(ops.map((op) => [op.op_id, op])).values()];

/**
 * The session's changes to lines an order took without naming the cart (`withLinesOrdered`: the
 * adds, then the `take`), still unsent when the shopper signs out: kept for the customer cart they
 * were made on, they go to it before an order that names it (as `opsOwedToWaitingOrders`), or with
 * the first sync after the next sign-in to it. Dropped with the logout, the ordered lines stayed in
 * the customer's cart and came back (seed 1000003695: two orders queued, the second not naming the
 * cart the first would convert). Not while the login merge is pending: the customer cart then holds
 * saved lines the takes were not about. A change made after the line's last take is about a line
 * the device holds again, which the logout keeps as a line (`signedOutCart`). With no cart id, an
 * order having converted the customer cart the device used (`convertedCustomerCart`), they are kept
 * for that cart, and go on to the next one with the lines the server moved there: dropped, the
 * anchors the shopper had ordered stayed in the customer's cart (seed 1290000056).
 */
export function changesOfLinesOrderedWithoutCart(state: CartState): PendingCartOp[] {
  const cartId = state.token ? (state.customerCart ? state.token : null) : state.convertedCustomerCart;
  if (!cartId || state.mergePending) return [];
  const own = state.pendingOps.filter((op) => op.cartId === undefined);
  const lastTake = new Map(own.flatMap((op, at) => (op.type === 'take' ? [[op.key, at] as const] : [])));
  return own.filter((op, at) => at <= (lastTake.get(op.key) ?? -1)).map((op) => ({ ...op, cartId, forCustomerCart: true }));
}

/**
 * An order that names a server cart takes its quantities from the cart as the server holds it when
 * the order arrives, and the changes kept for that cart (the lines the order takes whole, see
 * `withLinesOrdered`) go to that cart only. Sent after the order, such an add finds the cart
 * converted and is dropped, and the order has taken its quantity from what another device put in
 * the line (seed 1000000397: the device's own bolt was still on its way, the order took one of the
 * other device's two). So they go first, each applied once by its id; the order waits while they
 * cannot. They are in the journal, or kept past a logout (seed 1000001085). True when the order may
 * go: nothing kept for its cart, the changes answered (applied, applied before, refused), or the
 * cart itself refused or gone (an earlier push of this order converted it, its reply lost: the order
 * goes again to hear so; a refused session is the order's to report).
 */
export async function sendChangesForOrderCart(db: ShopDatabase, api: ApiClient, body: Record<string, unknown>): Promise<boolean> {
  const cartId = body.cart_id;
  if (typeof cartId !== 'string' || cartId === '') return true;
  const state = await readLocal(db, LOCAL.cartState);
  const kept = opsOwedToWaitingOrders(state, new Set([cartId]));
  let gone = false;
  try {
    for (let at = 0; at < kept.length; at += OPS_PER_REQUEST) {
      const reply = await cartApi(api).apply(cartId, kept.slice(at, at + OPS_PER_REQUEST));
      if (isUnknownReply(reply)) return false;
      gone = reply.code === 404;
      if (reply.code !== 200) break;
    }
  } catch {
    // Not known to have reached the server (offline, a time-out): the order goes with the next round.
    return false;
  }
  // Answered: those kept past a logout are done (the journal's own go as the cart sync lets them go),
  // but for the customer's cart's, which follow it to the next one when it is gone (see cart-sync).
  const sent = new Set(kept.filter((op) => !(gone && op.forCustomerCart)).map((op) => op.op_id));
  if (state.opsForWaitingOrders.some((op) => sent.has(op.op_id))) await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, opsForWaitingOrders: s.opsForWaitingOrders.filter((op) => !sent.has(op.op_id)) }));
  return true;
}
