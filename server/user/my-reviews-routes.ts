import type { FastifyInstance } from 'fastify';
import { orderHistoryQuery } from '../../schemas/api/user';
import type { AppContext } from '../context';
import { toApiReview, type ReviewRow } from '../ext/reviews/review-store';
import { defineRoute } from '../http/define-route';
import { requireCustomer } from './current-customer';

/** My account → "My product reviews": the signed-in customer's own reviews, pending ones included. */
export function registerMyReviewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/user/reviews',
    summary: "The signed-in customer's product reviews with their moderation status, newest first (pageSize 20, currentPage 1 by default)",
    tags: ['user'],
    auth: 'required',
    query: orderHistoryQuery,
    result: { type: 'object', properties: { items: { type: 'array' }, total_count: { type: 'integer' } } },
    handler: async ({ auth, query }) => {
      const customer = await requireCustomer(ctx.db, auth);
      const id = Number(customer.id);
      const rows = await ctx.db.query<ReviewRow>(
        `select id, product_id, customer_id, nickname, title, detail, status, created_at from reviews
         where customer_id = $1 order by created_at desc, id desc limit $2 offset $3`,
        [id, query.pageSize, (query.currentPage - 1) * query.pageSize],
      );
      const count = await ctx.db.query<{ total: number }>('select count(*)::int as total from reviews where customer_id = $1', [id]);
      return { items: rows.map((r) => toApiReview(r, false)), total_count: Number(count[0]?.total ?? 0) };
    },
  });
}
