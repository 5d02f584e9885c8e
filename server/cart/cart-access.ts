import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import type { AuthClaims } from '../auth/authenticate';
import type { Queryable } from '../db/database';
import { ApiError, unauthorized } from '../http/api-error';
import { findCart, type CartRow } from './cart-store';

/**
 * Who may use a cart: a guest cart (no customer) anyone holding its unguessable id; a customer cart
 * only that customer's token (none: 401, another customer's: 403). A cart turned into an order, or
 * one that never existed, is 404 "No such entity", so the client creates a new one.
 */
export function checkCartAccess(cart: CartRow | undefined, cartId: string, auth: AuthClaims | null): CartRow {
  if (!cart || cart.converted_order_id !== null) throw new ApiError(404, CART_MESSAGES.noSuchCart(cartId));
  if (cart.customer_id !== null) {
    if (!auth) throw unauthorized();
    if (auth.sub !== cart.customer_id) throw new ApiError(403, CART_MESSAGES.noCartAccess);
  }
  return cart;
}

/** Reads a cart the caller may use; `forUpdate` inside a transaction also locks it. */
export async function loadCart(db: Queryable, cartId: string, auth: AuthClaims | null, forUpdate = false): Promise<CartRow> {
  return checkCartAccess(await findCart(db, cartId, forUpdate), cartId, auth);
}
