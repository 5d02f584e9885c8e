import { MESSAGES } from '../../../replication/api/api-errors';
import { CART_MESSAGES } from '../../domain/cart/cart-messages';
import { LOCAL, readLocal } from '../local-state';
import type { LocalShop } from '../start-local-database';

/** SPEC §8 wording for a failure without a message (an unreachable server says MESSAGES.network). */
export const COUPON_FAILED_MESSAGE = 'Something went wrong. Try again in a few seconds.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A coupon needs the server cart: lines just added may still be on their way to it (up to ~10 s). */
async function waitForServerCart(shop: LocalShop): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const state = await readLocal(shop.db, LOCAL.cartState);
    if (state.token && state.lastSyncAt !== null) return true;
    await sleep(250);
  }
  return false;
}

/** Applies a coupon through the cart sync (which then syncs the totals); null, or the message to show. */
export async function applyCoupon(shop: LocalShop, code: string): Promise<string | null> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return MESSAGES.network;
  // Lines that never reached a server cart mean the connection, not the coupon, is the problem.
  if (!(await waitForServerCart(shop))) return (await shop.db.cart.count().exec()) > 0 ? MESSAGES.network : CART_MESSAGES.incorrectCoupon;
  try {
    const result = await shop.sync.cart.applyCoupon(code);
    return result === true ? null : result;
  } catch {
    return MESSAGES.network;
  }
}

/** Removes the cart's coupon (the totals follow); null, or the message to show. */
export async function removeCoupon(shop: LocalShop): Promise<string | null> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return MESSAGES.network;
  try {
    const result = await shop.sync.cart.removeCoupon();
    return result === true ? null : (result ?? COUPON_FAILED_MESSAGE);
  } catch {
    return MESSAGES.network;
  }
}
