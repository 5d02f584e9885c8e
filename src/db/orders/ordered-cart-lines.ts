import { changesInLines, type PendingCartOp } from '../../../replication/cart/cart-ops-journal';
import type { OrderedCartLine } from '../../../schemas/api/order';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { orderedLineKey } from '../../../replication/cart/item-match';
import { orderedLineAccount } from '../../../replication/cart/ordered-line-account';
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
  const merging = state.mergePending && state.customerCart && state.token === cartId;
  if (state.pendingOps.length === 0 && !merging) return body;
  const products = [];
  for (const product of orderedLines(body)) {
    const line = await storedLine(db, orderedLineKey(product));
    const account = line ? lineAccount(line, state.pendingOps, cartId, merging) : undefined;
    products.push(account ? { ...product, cart_line: account } : product);
  }
  return { ...body, products };
}

function lineAccount(line: CartLine, pendingOps: readonly PendingCartOp[], cartId: string, merging: boolean): OrderedCartLine | undefined {
  // The login merge into this cart is pending and has not written this line for it (it writes a line
  // with the cart's id before sending it): none of it reached the cart, whose line of that product
  // holds what was saved in another session (seed 1150000013: a saved bolt went with such an order).
  if (merging && line.server_cart_id !== cartId) return { confirmed_qty: 0, unconfirmed: [] };
  // A line confirmed in another cart goes to this one whole, its changes with it: they say nothing.
  if (line.server_cart_id && line.server_cart_id !== cartId) return undefined;
  const written = changesInLines(pendingOps.filter((op) => op.key === line.id), [line]);
  const account = orderedLineAccount(line.qty, written.slice(written.findLastIndex((op) => op.cartId !== undefined && op.cartId !== cartId) + 1));
  // Never confirmed in a cart, none of it was but what its changes put there: the changes the login
  // merge dropped, to send the line whole, went with a round cut short (seed 1150000013).
  return account && !line.server_cart_id ? { ...account, confirmed_qty: 0 } : account;
}
