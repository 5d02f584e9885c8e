import type { OrderedCartLine } from '../../schemas/api/order';
import type { PendingCartOp } from '../../schemas/rx/local-documents';

/** The most changes an order's line may list (the order schema's limit). */
const MAX_LISTED = 50;

/**
 * What the device can say of a cart line it orders (`OrderedCartLine`): of its quantity `qty`, the
 * part the server confirmed, and what each change not yet known to be applied (`ops`: the line's,
 * in the order made, all written to the line) added to it. Worked back from the line's quantity: an
 * add added its `qty`, a take took its `qty`; before a set or a removal the line's quantity is not
 * known, so nothing from before it is vouched for, and the set counts for all the line held after it.
 * Undefined with no change pending (the line is all confirmed) or too many to list.
 */
export function orderedLineAccount(qty: number, ops: readonly PendingCartOp[]): OrderedCartLine | undefined {
  if (ops.length === 0 || ops.length > MAX_LISTED) return undefined;
  const unconfirmed: OrderedCartLine['unconfirmed'] = [];
  let before = qty;
  for (const op of [...ops].reverse()) {
    if (op.type === 'add' || op.type === 'take') {
      const added = op.type === 'add' ? (op.qty ?? 0) : -(op.qty ?? 0);
      unconfirmed.unshift({ op_id: op.op_id, qty: added });
      before -= added;
      continue;
    }
    unconfirmed.unshift({ op_id: op.op_id, qty: op.type === 'set' ? before : 0 });
    return { confirmed_qty: 0, unconfirmed };
  }
  return { confirmed_qty: Math.max(0, before), unconfirmed };
}
