import type { FastifyInstance } from 'fastify';
import { orderHistoryQuery } from '../../schemas/api/user';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { requireCustomer } from './current-customer';
import { toApiOrder } from '../order/api-order';
import { listCustomerOrders, statusChangedAt, statusHistories } from './order-history-query';

export function registerOrderHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/user/order-history',
    summary: "The signed-in customer's orders, newest first (pageSize 20, currentPage 1 by default), each with status_changed_at and its status_history (carrier and tracking_number on a shipped entry); `reference` keeps those whose own reference (job or PO number) starts with it, ignoring case",
    tags: ['user'],
    auth: 'required',
    query: orderHistoryQuery,
    result: {
      type: 'object',
      properties: { items: { type: 'array' }, total_count: { type: 'integer' }, search_criteria: { type: 'object', properties: { page_size: { type: 'integer' }, current_page: { type: 'integer' } } } },
    },
    handler: async ({ auth, query }) => {
      const customer = await requireCustomer(ctx.db, auth);
      const { rows, total } = await listCustomerOrders(ctx.db, String(customer.id), query.pageSize, query.currentPage, query.reference);
      const histories = await statusHistories(ctx.db, rows.map((r) => r.order_id));
      // Each order with its status history and the time it took its status, so the device can show both offline.
      const items = rows.map((row) => {
        const history = histories.get(row.order_id) ?? [];
        return { ...toApiOrder(row), status_changed_at: statusChangedAt(row, history), status_history: history };
      });
      return { items, total_count: total, search_criteria: { page_size: query.pageSize, current_page: query.currentPage } };
    },
  });
}
