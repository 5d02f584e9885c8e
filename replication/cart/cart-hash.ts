import { fnv1a64, stableJson } from '../../src/domain/cart/item-checksum';
import type { CartLine, CartState } from './cart-types';

/**
 * "Is a sync needed" (SPEC §4): a hash of what the shopper chose (sku, quantity, options) and the
 * server cart id. Server bookkeeping written back after a sync (item ids, prices) is left out, so
 * recording a sync's results never asks for another sync.
 */
export function cartHash(lines: readonly Pick<CartLine, 'sku' | 'qty' | 'checksum'>[], token: string | null): string {
  const items = lines.map((l) => [l.sku, l.qty, l.checksum]).sort((a, b) => stableJson(a).localeCompare(stableJson(b)));
  return fnv1a64(stableJson({ items, token }));
}

/**
 * Has the device cart changes the server cart `state.token` does not have yet: a quantity, an added
 * or a removed line not confirmed (the hash differs from the last synced one), or a line the server
 * never confirmed into this cart.
 */
export function hasUnsentLines(state: { token: string | null; itemsHash: string | null }, lines: readonly CartLine[]): boolean {
  if (state.token === null) return lines.length > 0;
  const token = state.token;
  return state.itemsHash !== cartHash(lines, token) || lines.some((l) => !confirmedIn(l, token));
}

/** The server confirmed this line into cart `token` (it has the server's item id for it there). */
export const confirmedIn = (line: Pick<CartLine, 'server_item_id' | 'server_cart_id'>, token: string | null): boolean =>
  line.server_item_id !== null && line.server_item_id !== undefined && line.server_cart_id === token;

/**
 * May an order name server cart `cartId` (the server turns the cart an order names into that order)?
 * Not while the login merge into that customer cart is still pending and none of the lines the order
 * takes went into it: the cart then holds only lines saved in another session, which the device has
 * not merged yet. Named, they would leave the customer's cart with the order without being in it, and
 * the merge would count the order's quantities as taken from them. A line that went into the cart
 * (a merged or restored line, or one the merge is sending: it is written with the cart's id before it
 * is sent) makes the order name it, so that line leaves the server cart with the order.
 */
export function orderMayNameCart(state: Pick<CartState, 'token' | 'customerCart' | 'mergePending'>, orderedLines: readonly Pick<CartLine, 'server_cart_id'>[], cartId: string): boolean {
  if (!mergePendingInto(state, cartId)) return true;
  return orderedLines.some((line) => line.server_cart_id === cartId);
}

/** The login merge into customer cart `cartId` is still pending: lines it has not written for that cart are not in it. */
export const mergePendingInto = (state: Pick<CartState, 'token' | 'customerCart' | 'mergePending'>, cartId: string): boolean =>
  Boolean(state.mergePending && state.customerCart && state.token === cartId);
