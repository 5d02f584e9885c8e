import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerCartCouponRoutes } from './cart-coupon-routes';
import { registerCartItemRoutes } from './cart-item-routes';
import { registerCartSyncRoutes } from './cart-sync-routes';
import { registerCartTotalsRoutes } from './cart-totals-routes';

/** /api/cart/*: server carts (SPEC §4 cart lifecycle, §7 "Cart"). Prices and totals always come from the catalogue. */
export function registerCartRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCartItemRoutes(app, ctx);
  registerCartCouponRoutes(app, ctx);
  registerCartTotalsRoutes(app, ctx);
  registerCartSyncRoutes(app, ctx);
}
