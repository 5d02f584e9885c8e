import { fnv1a64 } from '../../src/domain/cart/item-checksum';
import type { CartState, MergeAdd, PendingCartOp } from '../../schemas/rx/local-documents';

export type { MergeAdd };

/**
 * The login merge sends a line it merged as an add (`addOnServer`), recorded here before it goes.
 * When the reply is lost the line is already marked merged, and the next round used to send it whole,
 * as a quantity: whatever another device had added to that line meanwhile was overwritten (seed
 * 1160000162: the phone's bolt, added while the laptop's merge of 3 bolts went unanswered, was lost
 * when the laptop set the line to 3). Sent again under the same ids, the adds count once whether or
 * not the first reached the cart, and the line then takes the cart's quantity.
 */
export const mergeAddOf = (adds: readonly MergeAdd[] | undefined, cartId: string, key: string): MergeAdd | undefined =>
  adds?.find((add) => add.cartId === cartId && add.key === key);

/**
 * The adds to send for a merged line: the ones recorded, and what the shopper added to the line since
 * as a new add. Null when the line holds less than they were sent for (only a quantity set or a removal
 * lowers it, and those make the merge send the line whole).
 */
export function resentAdds(earlier: MergeAdd, lineQty: number, addMore: (qty: number) => PendingCartOp): PendingCartOp[] | null {
  if (lineQty < earlier.lineQty) return null;
  return lineQty > earlier.lineQty ? [...earlier.ops, addMore(lineQty - earlier.lineQty)] : earlier.ops;
}

const otherThan = (adds: readonly MergeAdd[], cartId: string, key: string) => adds.filter((add) => add.cartId !== cartId || add.key !== key);

export const withMergeAdd = (state: CartState, add: MergeAdd): CartState => ({ ...state, mergeAdds: [...otherThan(state.mergeAdds, add.cartId, add.key), add] });

/** The cart answered the adds (applied or refused): nothing of them is left to send. */
export const withoutMergeAdd = (state: CartState, cartId: string, key: string): CartState =>
  state.mergeAdds.some((add) => add.cartId === cartId && add.key === key) ? { ...state, mergeAdds: otherThan(state.mergeAdds, cartId, key) } : state;

/**
 * The id of the login merge's first add of line `key` to customer cart `cartId`: made from the merge's
 * name, so an order the device places while the merge is pending can name it in its account of the
 * line (`ordered-cart-lines.ts`) before the merge has sent it. With a random id, an order placed
 * just before the merge sent its lines could not count them, and left them in the cart it converted
 * (the soak's ordered washers and bolts found back in the cart). A merge into another cart, or a later
 * merge, makes other ids: the server applies an id once.
 */
export const mergeAddId = (mergeId: string, cartId: string, key: string): string => `merge-${mergeId}-${fnv1a64(`${cartId}\n${key}`)}`;

/** How many withdrawn merge adds are remembered: an order waiting on the device names a few at most. */
const WITHDRAWN_KEPT = 100;

/**
 * An order naming the customer cart the login merge is sending to took these lines whole, before the
 * merge sent them (no add recorded, `addOnServer` records one before it sends): their first adds are
 * withdrawn, in the same write, so the merge never sends them, and the order's quantity of them is not
 * in the cart. Counted there, a screw the shopper added again after such an order, repriced and
 * waiting, was taken for the order's and vanished from the device (seed 1280000361).
 */
export function withMergeAddsWithdrawn(state: CartState, lines: readonly { id: string; server_cart_id?: string | null }[]): CartState {
  const cartId = state.token;
  if (!cartId || !state.mergePending || !state.customerCart || !state.mergeId) return state;
  const ids = lines.filter((line) => line.server_cart_id !== cartId && !mergeAddOf(state.mergeAdds, cartId, line.id)).map((line) => mergeAddId(state.mergeId!, cartId, line.id));
  if (ids.length === 0) return state;
  return { ...state, withdrawnMergeAdds: [...new Set([...(state.withdrawnMergeAdds ?? []), ...ids])].slice(-WITHDRAWN_KEPT) };
}

/** Whether the merge must not send these adds (`withMergeAddsWithdrawn`). */
export const isWithdrawn = (state: Pick<CartState, 'withdrawnMergeAdds'>, ops: readonly { op_id: string }[]): boolean => ops.some((op) => state.withdrawnMergeAdds?.includes(op.op_id));

/**
 * The adds a login merge sent for a line whose reply never came, the line taken since by an order that
 * names no cart (`strayMergeAdds`): they go back in the changes journal ahead of the line's take, under
 * their ids. The server applies each id once, so the take then gives up what they put in the cart
 * whether or not they reached it the first time; and the saved quantity the cart held of the product
 * stays. Dropped with the line's other changes, the adds stayed in the cart and the merge brought
 * them back to the device as saved lines (soak seed 1220000753: an ordered nut came back).
 */
export function withMergeAddsResent(state: CartState, adds: readonly MergeAdd[]): CartState {
  if (adds.length === 0) return state;
  let pendingOps = state.pendingOps;
  for (const add of adds) {
    const known = new Set(pendingOps.map((op) => op.op_id));
    const again = add.ops.filter((op) => !known.has(op.op_id));
    const at = pendingOps.findIndex((op) => op.key === add.key);
    pendingOps = at === -1 ? [...pendingOps, ...again] : [...pendingOps.slice(0, at), ...again, ...pendingOps.slice(at)];
  }
  return adds.reduce((next, add) => withoutMergeAdd(next, add.cartId, add.key), { ...state, pendingOps });
}

/**
 * Of the adds the merge into `cartId` sent without an answer, those of lines gone from `read` whose
 * taking by an order is journaled. Not a line the merge deletes from the cart itself: one replaced
 * while it was pending (a refused order put it back), or one an order left there (`leftWithOrders`).
 */
export function strayMergeAdds(state: CartState, cartId: string, read: readonly { id: string }[]): MergeAdd[] {
  const here = new Set(read.map((line) => line.id));
  const deletedThere = new Set([...state.removedWhileMerging, ...(state.leftWithOrders?.cartId === cartId ? state.leftWithOrders.keys : [])]);
  return state.mergeAdds.filter((add) => add.cartId === cartId && !here.has(add.key) && !deletedThere.has(add.key) && state.pendingOps.some((op) => op.key === add.key && op.type === 'take'));
}
