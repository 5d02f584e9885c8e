import { isUnknownReply } from '../../../replication/api/api-errors';
import type { ApiClient } from '../../../replication/api/api-types';
import { cartApi } from '../../../replication/cart/cart-api';
import { OPS_PER_REQUEST } from '../../../replication/cart/cart-ops-journal';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';

/**
 * An order that names a server cart takes its quantities from the cart as the server holds it when
 * the order arrives, and the changes kept for that cart (the lines the order takes whole, see
 * `withLinesOrdered`) go to that cart only. Sent after the order, such an add finds the cart
 * converted and is dropped, and the order has taken its quantity from what another device put in
 * the line (seed 1000000397: the device's own bolt was still on its way, the order took one of the
 * other device's two). So they go first, each applied once by its id; the order waits while they
 * cannot. True when the order may go: nothing kept for its cart, the changes answered (applied,
 * applied before, refused), or the cart itself refused or gone (an earlier push of this order
 * converted it, its reply lost: the order goes again to hear so; a refused session is the order's
 * to report).
 */
export async function sendChangesForOrderCart(db: ShopDatabase, api: ApiClient, body: Record<string, unknown>): Promise<boolean> {
  const cartId = body.cart_id;
  if (typeof cartId !== 'string' || cartId === '') return true;
  const kept = (await readLocal(db, LOCAL.cartState)).pendingOps.filter((op) => op.cartId === cartId);
  try {
    for (let at = 0; at < kept.length; at += OPS_PER_REQUEST) {
      const reply = await cartApi(api).apply(cartId, kept.slice(at, at + OPS_PER_REQUEST));
      if (isUnknownReply(reply)) return false;
      if (reply.code !== 200) return true;
    }
    return true;
  } catch {
    // Not known to have reached the server (offline, a time-out): the order goes with the next round.
    return false;
  }
}
