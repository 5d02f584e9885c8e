import { CHANGES_BEFORE_V2, type CartLine } from '../../schemas/rx/cart.schema';
import { fnv1a64 } from '../../src/domain/cart/item-checksum';
import type { CartState, PendingCartOp } from '../../schemas/rx/local-documents';

/**
 * The shopper's cart changes as they made them (add n, set to n, remove, take n), kept in the cart state
 * until the server has applied them (POST /api/cart/apply). Sending what the shopper did, rather
 * than the quantity this device holds, is what lets two devices write one cart: two adds of a box
 * make two, and a device whose copy is stale cannot delete or revive the other's lines. Each change
 * keeps its id across retries, and the server applies an id once, so a reply lost on the way does
 * not make a change count twice.
 */

export type { PendingCartOp };

/** A line as the change names it: its local id (sku and options), sku and options. */
export interface OpLine {
  id: string;
  sku: string;
  product_option?: Record<string, unknown> | null;
}

/**
 * `cartId`: a change for that cart only (see `PendingCartOp.cartId`). `opId`: the change's id, which
 * the write of its line then records (`CartLine.last_op_id`).
 */
export function withCartOp(state: CartState, type: PendingCartOp['type'], line: OpLine, qty?: number, cartId?: string, opId: string = crypto.randomUUID()): CartState {
  // Plain data: a document's options are a read-only view that cannot be stored or sent to other tabs.
  const option = line.product_option && Object.keys(line.product_option).length > 0 ? (JSON.parse(JSON.stringify(line.product_option)) as Record<string, unknown>) : null;
  const op: PendingCartOp = { op_id: opId, type, key: line.id, sku: line.sku, product_option: option, ...(type === 'remove' ? {} : { qty }), ...(cartId !== undefined ? { cartId } : {}) };
  return { ...state, pendingOps: [...state.pendingOps, op] };
}

/**
 * Of the changes recorded, those the lines a sync round read already hold. Every change is recorded
 * before its line is written, so a journal read after the lines holds all the changes written to
 * them, and perhaps some whose line was written after the read: those are not in the lines. A line
 * read holds its changes up to the last one written to it (`last_op_id`): none when it names none of
 * them, all when it was kept from v1. A line not read went with its removal or an order's taking,
 * which it holds; an add recorded after that has its line still to be written, and so have the
 * changes after the add. Sending the lines as read (the login merge) sends the changes returned
 * here, and only those: the others go after it, each once (seed 1000000091 lost an add whose line
 * was written just after the merge read the lines).
 */
export function changesInLines(ops: readonly PendingCartOp[], lines: readonly Pick<CartLine, 'id' | 'last_op_id'>[]): PendingCartOp[] {
  const lastWritten = new Map(lines.map((line) => [line.id, line.last_op_id ?? null]));
  const held: PendingCartOp[] = [];
  for (const key of new Set(ops.map((op) => op.key))) {
    const ofLine = ops.filter((op) => op.key === key);
    if (lastWritten.has(key)) {
      const last = lastWritten.get(key);
      held.push(...(last === CHANGES_BEFORE_V2 ? ofLine : ofLine.slice(0, ofLine.findIndex((op) => op.op_id === last) + 1)));
      continue;
    }
    // From the first add after the line went, the changes are about a line written since the read
    // (a quantity set on it too: dropped with the merge's, it was lost, and the add alone sent).
    const gone = ofLine.findLastIndex((op) => op.type === 'remove' || op.type === 'take');
    const back = ofLine.findIndex((op, at) => at > gone && op.type === 'add');
    held.push(...(back === -1 ? ofLine : ofLine.slice(0, back)));
  }
  return held;
}

/** The state without the changes whose ids are given (applied, refused, or overtaken by a whole-line send), kept past a logout or not. */
export function withoutOps(state: CartState, opIds: ReadonlySet<string>): CartState {
  const other = (op: PendingCartOp) => !opIds.has(op.op_id);
  return opIds.size === 0 ? state : { ...state, pendingOps: state.pendingOps.filter(other), opsForWaitingOrders: state.opsForWaitingOrders.filter(other) };
}

/**
 * Changes kept for a cart an order took their line from (`PendingCartOp.cartId`), once the device uses
 * another cart (`token`): the order has what they added, so they are dropped. A removal or a new
 * quantity among them overwrote the rest of the line too, what other devices had put there, and
 * that rest went on, untaken, into the customer's next cart (`moveUntakenLines`): the line's last
 * overwrite goes there as a removal, in its place among the changes (the shopper's later ones come
 * after it) and under its own id, so one the old cart applied already is not applied again.
 * Dropped with the rest, another device's screws the shopper had removed before ordering came
 * back with the next cart (seed 1250000065).
 *
 * Not those of a cart an order still waiting names (`owed`): they are that order's, sent to its cart
 * before it (`sendChangesForOrderCart`). Taken for stale, a guest's quantity kept for the guest cart
 * its queued order named went to the customer's cart after the sign-in as a removal, and deleted the
 * bolts saved there (seed 1260000438).
 */
export function withChangesForAnotherCart(state: CartState, token: string, owed: ReadonlySet<string> = new Set()): CartState {
  const stale = (op: PendingCartOp) => op.cartId !== undefined && op.cartId !== token && !owed.has(op.cartId);
  if (!state.pendingOps.some(stale)) return state;
  const lastOverwrite = new Map<string, string>();
  for (const op of state.pendingOps) if (stale(op) && (op.type === 'remove' || op.type === 'set')) lastOverwrite.set(op.key, op.op_id);
  const follows = new Set(lastOverwrite.values());
  const dropped = new Set(state.pendingOps.filter((op) => stale(op) && !follows.has(op.op_id)).map((op) => op.op_id));
  const next = withoutOps(state, dropped);
  return {
    ...next,
    pendingOps: next.pendingOps.map((op) => (follows.has(op.op_id) ? { op_id: op.op_id, type: 'remove', key: op.key, sku: op.sku, product_option: op.product_option } : op)),
  };
}

/**
 * Changes the login merge dropped as held by a line it read (`changesInLines`), given back because
 * the line went before the merge sent it (an order naming no cart took it, or the shopper removed
 * it): they go back before the line's later changes, as made. Lost, they never reached the cart, and
 * the order's take sent after them took from a line they had not put there, while the order's account
 * counted them (soak seed 1250000113: 3 screws and 3 nuts stayed after their order). A line with no
 * later change (a pinned order took it as it was) gets none back.
 */
export function withChangesBack(state: CartState, ops: readonly PendingCartOp[]): CartState {
  const missing = ops.filter((op) => !state.pendingOps.some((mine) => mine.op_id === op.op_id));
  const at = missing.length === 0 ? -1 : state.pendingOps.findIndex((op) => op.key === missing[0]!.key);
  if (at === -1) return state;
  const cartId = state.pendingOps[at]!.cartId;
  const back = missing.map((op) => (cartId === undefined ? op : { ...op, cartId }));
  return { ...state, pendingOps: [...state.pendingOps.slice(0, at), ...back, ...state.pendingOps.slice(at)] };
}

/** The state without the changes about these lines (an order the server refused put them back). */
export function withoutOpsFor(state: CartState, keys: ReadonlySet<string>): CartState {
  return state.pendingOps.some((op) => keys.has(op.key)) ? { ...state, pendingOps: state.pendingOps.filter((op) => !keys.has(op.key)) } : state;
}

/**
 * An order took these lines whole: they leave the cart. An order that names the cart takes them from
 * it when it arrives, so their changes not yet known to be applied still go to that cart (the order
 * takes from it what it ordered), and to that cart only: sent after the order converted it, an add
 * would put the ordered quantity into the next one. An order that does not name the cart leaves them
 * there (a change sent, its reply not back yet), so after its changes, each applied once, the line
 * gives up what the device held (`take`): whatever another device added to it meanwhile stays, and
 * so do the changes kept for an earlier order that names the cart, which takes its quantity when it
 * arrives. A removal would take the other device's lines with it. A change kept for an earlier order's
 * cart stays that cart's: moved to the next order's, a guest's screws an order still waiting named
 * went into the customer's cart the shopper ordered from after signing in (seed 1260000947).
 */
export function withLinesOrdered(state: CartState, lines: readonly (OpLine & { qty: number })[], orderCartId: string | null, takeIds?: ReadonlyMap<string, string>): CartState {
  const keys = new Set(lines.map((line) => line.id));
  if (orderCartId !== null) return { ...state, pendingOps: state.pendingOps.map((op) => (keys.has(op.key) && op.cartId === undefined ? { ...op, cartId: orderCartId } : op)) };
  return lines.reduce((next, line) => withTakeOnce(next, line, line.qty, takeIds?.get(line.id)), state);
}

/**
 * A 'take' of an order's placement has an id of its own (`takeIdOf`), so the page finishing a taking
 * that a page journaled and then lost before marking its line journals the same change, which is
 * recorded and applied once: under a new id the server took the line twice, and with it what another
 * device had added to it.
 */
export function withTakeOnce(state: CartState, line: OpLine, qty: number, opId?: string): CartState {
  if (opId !== undefined && state.pendingOps.some((op) => op.op_id === opId)) return state;
  return withCartOp(state, 'take', line, qty, undefined, opId);
}

/**
 * The id of the 'take' by which an order's placement (`placementOf`) takes a line: the same in every
 * tab and page. Made as the login merge's add ids are (`mergeAddId`).
 */
export const takeIdOf = (placement: string, lineId: string): string => `take-${fnv1a64(`${placement}\n${lineId}`)}`;

/**
 * A change recorded without a cart (`cartId`) is about the quantity the device shows: the cart's, less
 * what this device's orders not sent yet take from it (`ownQty`, `awaiting`: line key → quantity).
 * A new quantity or a removal goes to the server with those quantities added, as `pushLine` sends a
 * line: sent as made, the cart would hold only the shopper's quantity, and such an order, arriving,
 * would take its own from it (set to 5 while an order of 4 is on its way left 1, seed 938210014). A
 * change kept for the cart an order named was made before that order: it counts in the cart's terms.
 * An add or a take changes the line by its own quantity, whatever else the cart holds: it stays as made.
 */
export function inCartTerms(op: PendingCartOp, awaiting: ReadonlyMap<string, number>): PendingCartOp {
  const ordered = op.cartId === undefined ? (awaiting.get(op.key) ?? 0) : 0;
  if (ordered === 0 || op.type === 'add' || op.type === 'take') return op;
  return { ...op, type: 'set', qty: (op.type === 'set' ? (op.qty ?? 0) : 0) + ordered };
}

/** The lines whose last change sent was a removal, or an order taking them: a line here now came back after it (a refused order put it back). */
export function removedLast(ops: readonly PendingCartOp[]): Set<string> {
  const last = new Map<string, PendingCartOp['type']>();
  for (const op of ops) last.set(op.key, op.type);
  return new Set([...last].filter(([, type]) => type === 'remove' || type === 'take').map(([key]) => key));
}

/** The body of one change for /api/cart/apply. */
export const apiOp = (op: PendingCartOp) => ({
  op_id: op.op_id,
  type: op.type,
  sku: op.sku,
  ...(op.product_option ? { product_option: op.product_option } : {}),
  ...(op.qty !== undefined ? { qty: op.qty } : {}),
});

/** The server takes at most this many changes per request (schemas/api/cart-sync.ts). */
export const OPS_PER_REQUEST = 50;
