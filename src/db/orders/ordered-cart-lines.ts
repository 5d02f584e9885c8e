import { mergePendingInto } from '../../../replication/cart/cart-hash';
import { changesInLines, type PendingCartOp } from '../../../replication/cart/cart-ops-journal';
import type { OrderedCartLine } from '../../../schemas/api/order';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { orderedLineKey } from '../../../replication/cart/item-match';
import { accountFromLastSet, changeOf, orderedLineAccount } from '../../../replication/cart/ordered-line-account';
import { mergeAddId, mergeAddOf, type MergeAdd } from '../../../replication/cart/merge-adds';
import { storedLine } from '../cart/cart-line-write';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import { orderedLines } from './take-ordered-lines';

/**
 * An order naming a server cart carries, for each line with changes not yet known to be applied,
 * what the device knows reached the server (`orderedLineAccount`): the server takes only that much
 * from the cart (or from the customer's next cart, if another order converted this one first), and
 * leaves what another device put there or what was saved in another session. Read before the order takes its lines, from the line as stored and the changes
 * written to it; a change kept for another cart's order marks where the line started again (that
 * order took what the line held before it).
 */
export async function withCartLineAccounts(db: ShopDatabase, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const cartId = body.cart_id;
  if (typeof cartId !== 'string' || cartId === '') return body;
  const state = await readLocal(db, LOCAL.cartState);
  const merging = mergePendingInto(state, cartId);
  if (state.pendingOps.length === 0 && !merging) return body;
  const products = [];
  for (const product of orderedLines(body)) {
    const line = await storedLine(db, orderedLineKey(product));
    const account = line ? lineAccount(line, state.pendingOps, cartId, merging ? state.mergeId : undefined, merging ? state.mergeAdds : []) : undefined;
    products.push(account ? { ...product, cart_line: account } : product);
  }
  return { ...body, products };
}

/**
 * The login merge into the cart (`merging`: the merge's name, null for one named by no version) writes
 * a line with the cart's id before it sends it: until then none of the line reached that cart but what
 * its changes kept for the cart put there, and the cart's line of that product holds what was saved in
 * another session (seed 1150000013: a saved bolt went with such an order). The merge may still send
 * the line before the order arrives, as an add under an id known now (`mergeAddId`): listed, the server
 * counts it if it came, and leaves nothing of the line in the cart. Otherwise a line confirmed in
 * another cart goes to this one whole, its changes with it, and they say nothing; and a line never
 * confirmed in a cart holds nothing confirmed, only what its changes put there (those the merge dropped
 * to send the line whole, in a round cut short, reached no cart), from its last set on when it has
 * one (`accountFromLastSet`).
 */
function lineAccount(line: CartLine, pendingOps: readonly PendingCartOp[], cartId: string, merging: string | null | undefined, mergeAdds: readonly MergeAdd[]): OrderedCartLine | undefined {
  const notHere = line.server_cart_id !== cartId;
  if (notHere && line.server_cart_id && merging === undefined) return undefined;
  const written = changesInLines(pendingOps.filter((op) => op.key === line.id), [line]);
  const since = written.slice(written.findLastIndex((op) => op.cartId !== undefined && op.cartId !== cartId) + 1);
  const merged = notHere ? undefined : mergeAddOf(mergeAdds, cartId, line.id);
  if (merged && !since.some((op) => op.type === 'set' || op.type === 'remove')) {
    // Written for the cart by the merge, its adds not answered: of the line, the cart holds what the
    // merge read there (the line's quantity then, less its adds), what the adds put there if they
    // came, and what the changes since added. The whole line said as confirmed, the order took its
    // quantity from the cart even when the adds never came: from anchors the shopper added after it
    // (soak seed 1220000918). Said as none, it left there the saved screws the merge had read and
    // summed into the line it ordered (soak seed 1250000173).
    const after = orderedLineAccount(line.qty, since);
    const read = Math.max(0, merged.lineQty - merged.ops.reduce((sum, op) => sum + changeOf(op), 0));
    return { confirmed_qty: read, unconfirmed: [...merged.ops.map((op) => ({ op_id: op.op_id, qty: changeOf(op) })), ...(after?.unconfirmed ?? [])] };
  }
  const account = orderedLineAccount(line.qty, since) ?? (merging !== undefined && notHere ? (accountFromLastSet(since) ?? { confirmed_qty: 0, unconfirmed: [] }) : undefined);
  if (!account || !notHere) return account;
  const mergeAdd = merging ? [{ op_id: mergeAddId(merging, cartId, line.id), qty: line.qty }] : [];
  return { confirmed_qty: 0, unconfirmed: [...account.unconfirmed, ...mergeAdd] };
}
