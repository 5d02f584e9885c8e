import type { OrderedCartLine } from '../../schemas/api/order';
import type { PendingCartOp } from '../../schemas/rx/local-documents';

/** The most changes an order's line may list (the order schema's limit). */
const MAX_LISTED = 50;

/** What an add or a take changes a line by: its quantity, taken away for a take. */
export const changeOf = (op: PendingCartOp): number => (op.type === 'take' ? -(op.qty ?? 0) : (op.qty ?? 0));

/**
 * What the device can say of a cart line it orders (`OrderedCartLine`): of its quantity `qty`, the
 * part the server confirmed, and what each change not yet known to be applied (`ops`: the line's,
 * in the order made, all written to the line) added to it. Worked back from the line's quantity: an
 * add added its `qty`, a take took its `qty`; after a removal the line held none, so nothing from
 * before it counts. A set says nothing of what it changed (what the line held before it is not known
 * here), and an account that undercounts leaves ordered units in the cart (soak seed 1160000340: an
 * add of 3 bolts reached the cart, the set to 4 did not, and all 3 came back after the order): a line
 * with a set pending gives no account, and the server takes it at the ordered quantity, as before.
 * Undefined too with no change pending (the line is all confirmed) or too many to list.
 */
export function orderedLineAccount(qty: number, ops: readonly PendingCartOp[]): OrderedCartLine | undefined {
  if (ops.length === 0 || ops.length > MAX_LISTED) return undefined;
  const fromRemoval = ops.slice(ops.findLastIndex((op) => op.type === 'remove') + 1);
  if (fromRemoval.some((op) => op.type === 'set')) return undefined;
  const unconfirmed: OrderedCartLine['unconfirmed'] = [];
  let before = qty;
  for (const op of [...ops].reverse()) {
    if (op.type === 'add' || op.type === 'take') {
      const added = changeOf(op);
      unconfirmed.unshift({ op_id: op.op_id, qty: added });
      before -= added;
      continue;
    }
    unconfirmed.unshift({ op_id: op.op_id, qty: 0 });
    return { confirmed_qty: 0, unconfirmed };
  }
  return { confirmed_qty: Math.max(0, before), unconfirmed };
}

/**
 * The account of a line with a set pending that no cart has confirmed, in the cart the login merge has
 * not brought it to yet (see `lineAccount` in src/db/orders/ordered-cart-lines.ts). Its changes go to
 * that cart, kept for the order, before the merge reads it, and there a set makes the cart's line its
 * quantity: from the last set on, the changes say all the line holds there, the set its quantity and
 * each add or take its own. Without it such a line said none of it reached the cart, and the changes
 * that had put all of it there left it there after the order (soak seed 1220000552: 8 screws stayed).
 * Undefined when the last reset of the line is not a set, or with too many changes to list.
 */
export function accountFromLastSet(ops: readonly PendingCartOp[]): OrderedCartLine | undefined {
  const at = ops.findLastIndex((op) => op.type === 'set' || op.type === 'remove');
  if (at === -1 || ops[at]!.type !== 'set' || ops.length - at > MAX_LISTED) return undefined;
  const unconfirmed = ops.slice(at).map((op) => ({ op_id: op.op_id, qty: op.type === 'set' ? (op.qty ?? 0) : changeOf(op) }));
  return { confirmed_qty: 0, unconfirmed };
}
