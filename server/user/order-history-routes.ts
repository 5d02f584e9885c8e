import type { FastifyInstance } from 'fastify';
import { orderHistoryQuery } from '../../schemas/api/user';
import type { AppContext } from '../context';
import { defineRoute } from '../http/define-route';
import { requireCustomer } from './current-customer';
import { listCustomerOrders, toApiOrder } from './order-history-query';

export function registerOrderHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/user/order-history',
    summary: "The signed-in customer's orders, newest first (pageSize 20, currentPage 1 by default); `reference` keeps those whose own reference (job or PO number) starts with it, ignoring case",
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
      return { items: rows.map(toApiOrder), total_count: total, search_criteria: { page_size: query.pageSize, current_page: query.currentPage } };
    },
  });
}
