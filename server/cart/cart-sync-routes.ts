import type { FastifyInstance } from 'fastify';
import { cartQuery } from '../../schemas/api/cart';
import { cartApplyBody } from '../../schemas/api/cart-sync';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { applyCartOps } from './cart-ops';
import { CART_APPLY_SCHEMA } from './openapi-shapes';

/** The cart sync of several writers: changes as the shopper made them, applied to the cart as it is now. */
export function registerCartSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/apply',
    deviceId: true,
    summary: 'Applies the shopper\'s changes (add n, set to n, remove, take n), each once per op_id, to the cart as it is now; replies the cart and each change\'s outcome',
    tags: ['cart'],
    query: cartQuery,
    body: cartApplyBody,
    limit: () => 'cartChanges',
    result: CART_APPLY_SCHEMA,
    handler: async ({ query, body, auth, deviceId }) => applyCartOps(ctx, query.cartId, auth, body.ops, deviceId),
  });
}
