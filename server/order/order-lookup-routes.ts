import type { FastifyInstance } from 'fastify';
import { ORDER_LOOKUP_MESSAGES, orderLookupParams } from '../../schemas/api/order-lookup';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { ORDER_ACCESS_DENIED } from './place-order';
import { findStoredOrder } from './order-store';
import { withdrawOrder } from './withdraw-order';

/**
 * GET /api/order/{orderId}: the stored reply of an order, or 404. A device asks before it deletes
 * an order it queued (the shopper cancelled it): an earlier push may have reached the shop. The
 * client-made id is unguessable, so holding it is the right to know, as for a retried POST; a
 * different signed-in customer is refused.
 */
export function registerOrderLookupRoute(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/order/:orderId',
    summary: 'Whether the shop holds an order under this client-made order_id: its stored reply, or 404',
    tags: ['order'],
    params: orderLookupParams,
    result: { type: 'object', description: 'The reply the order was placed with (order_id, increment_id, status, created_at, grand_total)' },
    handler: async ({ params, auth }) => {
      const stored = await findStoredOrder(ctx.db, params.orderId);
      if (!stored) throw new ApiError(404, ORDER_LOOKUP_MESSAGES.notFound);
      if (stored.customer_id !== null && auth && auth.sub !== stored.customer_id) throw new ApiError(403, ORDER_ACCESS_DENIED);
      return stored.reply;
    },
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/order/:orderId/withdraw',
    summary: 'Withdraws an order queued on a device unless the shop has it: { state: "placed", order } or { state: "withdrawn" }, after which that order_id is refused',
    tags: ['order'],
    params: orderLookupParams,
    result: { type: 'object', description: '{ state: "placed", order: <the stored reply> } or { state: "withdrawn" }' },
    handler: async ({ params, auth }) => withdrawOrder(ctx.db, params.orderId, auth),
  });
}
