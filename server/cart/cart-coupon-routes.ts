import type { FastifyInstance } from 'fastify';
import { applyCouponQuery, cartQuery } from '../../schemas/api/cart';
import { CART_MESSAGES } from '../../src/domain/cart/cart-messages';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { loadCart } from './cart-access';
import { setCoupon } from './cart-store';
import { cartTotals } from './cart-view';
import { usableCoupon } from './totals-service';

export function registerCartCouponRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/apply-coupon',
    summary: 'Applies a coupon (query `coupon`): it must be active, inside its dates, for this customer group, and give a discount on this cart',
    tags: ['cart'],
    query: applyCouponQuery,
    result: { type: 'boolean' },
    handler: async ({ query, auth }) => {
      const cart = await loadCart(ctx.db, query.cartId, auth);
      const coupon = await usableCoupon(ctx.db, query.coupon, auth?.groupId ?? 0, new Date());
      if (!coupon) throw new ApiError(400, CART_MESSAGES.incorrectCoupon);
      // A coupon that takes nothing off (empty cart, below its minimum subtotal) is refused, as Magento does.
      const totals = await cartTotals(ctx, { ...cart, coupon_code: coupon.code }, auth);
      if (totals.discount_amount === 0) throw new ApiError(400, CART_MESSAGES.incorrectCoupon);
      await ctx.db.transaction(async (tx) => {
        await loadCart(tx, query.cartId, auth, true);
        await setCoupon(tx, cart.id, coupon.code);
      });
      return true;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/delete-coupon',
    summary: 'Removes the coupon from the cart',
    tags: ['cart'],
    query: cartQuery,
    result: { type: 'boolean' },
    handler: async ({ query, auth }) => {
      await ctx.db.transaction(async (tx) => {
        const cart = await loadCart(tx, query.cartId, auth, true);
        await setCoupon(tx, cart.id, null);
      });
      return true;
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/cart/coupon',
    summary: 'The coupon code applied to the cart, or null',
    tags: ['cart'],
    query: cartQuery,
    result: { type: ['string', 'null'] },
    handler: async ({ query, auth }) => (await loadCart(ctx.db, query.cartId, auth)).coupon_code,
  });
}
