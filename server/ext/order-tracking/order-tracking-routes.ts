import type { FastifyInstance } from 'fastify';
import { orderTrackingQuery } from '../../../schemas/api/ext';
import { countAttempt, releaseAttempt, tooManyRequests } from '../../auth/attempt-throttle';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../http/api-error';
import { defineRoute } from '../../http/define-route';
import { customerReferenceOf } from '../../order/order-document';
import { canonicalOrderNumber } from '../../order/order-key';
import { findOrderByNumberAndEmail, lastStatusEntryAt, orderStatusHistory, statusChangedAt } from '../../user/order-history-query';
import { publicLimits } from '../public-limits';

/**
 * Order tracking for anyone who knows an order number and its e-mail. A wrong number and a wrong
 * e-mail get the same 404 (nothing to learn about other people's orders), and misses per client
 * address are limited so order numbers cannot be tried in bulk.
 */
export function registerOrderTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/ext/order-tracking',
    summary: "An order's status, the time it took it (status_changed_at) and its status history (carrier and tracking_number on a shipped entry), when orderNumber and email match",
    tags: ['orders'],
    query: orderTrackingQuery,
    result: {
      type: 'object',
      properties: { order: { type: 'object' }, items: { type: 'array' }, total_count: { type: 'integer' }, search_criteria: { type: 'object' } },
    },
    limit: 'orderTracking',
    handler: async ({ query, request }) => {
      const key = `tracking:ip:${request.ip}`;
      const verdict = await countAttempt(ctx.db, key, publicLimits(ctx.config.limits).trackingMissesPerAddress);
      if (!verdict.allowed) throw new ApiError(429, tooManyRequests(verdict.retryAfterMinutes), { retryAfterSeconds: verdict.retryAfterSeconds });
      // The number is found with or without its leading zeros.
      const order = await findOrderByNumberAndEmail(ctx.db, canonicalOrderNumber(query.orderNumber), query.email);
      if (!order) throw notFound('Order not found');
      await releaseAttempt(ctx.db, key);
      const history = await orderStatusHistory(ctx.db, order.order_id, query.pageSize, query.currentPage);
      const lastEntryAt = await lastStatusEntryAt(ctx.db, order.order_id);
      return {
        order: { increment_id: order.increment_id, order_id: order.order_id, status: order.status, created_at: new Date(order.created_at).toISOString(), status_changed_at: lastEntryAt ?? statusChangedAt(order, []), customer_reference: customerReferenceOf(order.doc) },
        items: history.items,
        total_count: history.total,
        search_criteria: { page_size: query.pageSize, current_page: query.currentPage },
      };
    },
  });
}
