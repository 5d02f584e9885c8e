import type { CartLine, CartState } from './cart-types';

/** Enough for any cart; older removals beyond it are of carts long gone. */
const KEPT_REMOVALS = 100;

/**
 * The cart state noting that the shopper removed `line` from the server cart that confirmed it
 * (CartState.removedLines): the next sync with that cart deletes it there rather than taking it back
 * as another device's line. A line no server cart confirmed has nothing to delete.
 */
export function withRemoval(state: CartState, line: Pick<CartLine, 'id' | 'server_cart_id'>): CartState {
  const cartId = line.server_cart_id;
  if (!cartId) return state;
  const kept = (state.removedLines ?? []).filter((r) => !(r.cartId === cartId && r.key === line.id));
  return { ...state, removedLines: [...kept, { cartId, key: line.id }].slice(-KEPT_REMOVALS) };
}
