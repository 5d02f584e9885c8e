import type { CouponRuleReply } from '../../schemas/api/cart';
import type { CartState } from '../../schemas/rx/local-documents';
import { MESSAGES } from '../api/api-errors';
import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import type { CartApi } from './cart-api';
import { knownOrNull } from './cart-outcome';
import type { CartStore } from './cart-types';

/**
 * The cart's coupon as the last totals show it (SPEC §3: code and discount_amount from totals), with
 * the rule the server sent so totals worked out offline take the same discount.
 */
export function couponFromTotals(totals: Record<string, unknown>): CartState['coupon'] {
  if (typeof totals.coupon_code !== 'string' || totals.coupon_code === '') return null;
  const rule = totals.coupon_rule;
  return {
    code: totals.coupon_code,
    discount_amount: Number(totals.discount_amount ?? 0),
    ...(typeof rule === 'object' && rule !== null ? { rule: rule as CouponRuleReply } : {}),
  };
}

/**
 * The totals and coupon calls of a server cart. A coupon call whose outcome is unknown is neither a
 * success nor a refusal: the shopper is told to check the connection, and the next totals sync shows
 * whether the coupon is on.
 */
export function cartTotals(cart: CartApi, store: CartStore, now: () => number) {
  async function syncTotals(cartId: string): Promise<void> {
    const reply = await knownOrNull(cart.totals(cartId));
    // SPEC §7: a non-200 totals reply is only logged; an unknown one is tried again with the next sync.
    if (!reply || reply.code !== 200 || typeof reply.result !== 'object') return;
    const totals = reply.result;
    await store.updateState((s) => ({
      ...s,
      platformTotals: totals,
      totalSegments: Array.isArray(totals.total_segments) ? (totals.total_segments as Record<string, unknown>[]) : null,
      coupon: couponFromTotals(totals),
      lastTotalsSyncAt: now(),
    }));
  }

  return {
    syncTotals,
    /** True, or the message to show: the server's refusal, or MESSAGES.network when the outcome is unknown. */
    async applyCoupon(code: string): Promise<true | string> {
      const { token } = await store.state();
      if (!token) return CART_MESSAGES.incorrectCoupon;
      const reply = await knownOrNull(cart.applyCoupon(token, code));
      if (!reply) return MESSAGES.network;
      if (reply.code !== 200) return typeof reply.result === 'string' ? reply.result : CART_MESSAGES.incorrectCoupon;
      await syncTotals(token);
      return true;
    },
    /** True, the message to show (the server's refusal, or MESSAGES.network when unknown), or null for a refusal without one. */
    async removeCoupon(): Promise<true | string | null> {
      const { token } = await store.state();
      if (!token) return null;
      const reply = await knownOrNull(cart.deleteCoupon(token));
      if (!reply) return MESSAGES.network;
      if (reply.code !== 200) return typeof reply.result === 'string' ? reply.result : null;
      await syncTotals(token);
      return true;
    },
  };
}
