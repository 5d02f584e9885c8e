import type { FastifyInstance } from 'fastify';
import { cartQuery } from '../../schemas/api/cart';
import { cartApplyBody } from '../../schemas/api/cart-sync';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { applyCartOps, cartSyncReply } from './cart-ops';
import { CART_SYNC_SCHEMA, CART_APPLY_SCHEMA } from './openapi-shapes';

/** The cart sync of several writers: changes as the shopper made them, and the cart with its version. */
export function registerCartSyncRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/cart/state',
    summary: "The cart's lines with its version (counts its changes: a device holding an older version pulls)",
    tags: ['cart'],
    query: cartQuery,
    result: CART_SYNC_SCHEMA,
    handler: async ({ query, auth }) => cartSyncReply(ctx, query.cartId, auth),
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/cart/apply',
    summary: 'Applies the shopper\'s changes (add n, set to n, remove), each once per op_id, to the cart as it is now; replies the cart and each change\'s outcome',
    tags: ['cart'],
    query: cartQuery,
    body: cartApplyBody,
    result: CART_APPLY_SCHEMA,
    handler: async ({ query, body, auth }) => applyCartOps(ctx, query.cartId, auth, body.ops),
  });
}
