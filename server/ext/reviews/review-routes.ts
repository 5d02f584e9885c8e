import type { FastifyInstance } from 'fastify';
import { reviewBody, reviewListQuery } from '../../../schemas/api/ext';
import { enforceLimits } from '../../auth/attempt-throttle';
import { getDocument } from '../../catalog/catalog-store';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../http/api-error';
import { defineRoute } from '../../http/define-route';
import { requireCustomer } from '../../user/current-customer';
import { publicLimits } from '../public-limits';
import { insertReview, listApprovedReviews, toApiReview } from './review-store';

/** Product reviews (SPEC §7 "Reviews and newsletter"): written for moderation, listed when approved. */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/api/review/create',
    summary: 'Write a product review; it waits for moderation (status "pending"). Text is plain text.',
    tags: ['review'],
    body: reviewBody,
    result: { type: 'object' },
    limit: 'forms',
    handler: async ({ body, auth, request }) => {
      const { review } = body;
      // A review is signed by the token's customer; nobody can post in another customer's name.
      const customerId = auth ? Number((await requireCustomer(ctx.db, auth)).id) : null;
      if (review.customer_id != null && review.customer_id !== '' && String(review.customer_id) !== String(customerId)) {
        throw new ApiError(403, 'review.customer_id: does not match the signed-in customer');
      }
      const productId = String(review.product_id);
      const product = await getDocument(ctx.db, 'product', productId);
      if (!product || Number(product.status ?? 1) >= 2) throw badRequest('review.product_id: no such product');
      await enforceLimits(ctx.db, [{ key: `review:ip:${request.ip}`, rule: publicLimits(ctx.config.limits).reviewsPerAddress }]);
      const row = await insertReview(ctx.db, { productId, customerId, nickname: review.nickname, title: review.title, detail: review.detail });
      return toApiReview(row, true);
    },
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/review/list',
    summary: "A product's approved reviews, newest first",
    tags: ['review'],
    query: reviewListQuery,
    result: { type: 'object', properties: { items: { type: 'array' }, total_count: { type: 'integer' } } },
    handler: async ({ query }) => {
      const { rows, total } = await listApprovedReviews(ctx.db, query.productId, query.pageSize, query.currentPage);
      return { items: rows.map((r) => toApiReview(r, false)), total_count: total, search_criteria: { page_size: query.pageSize, current_page: query.currentPage } };
    },
  });
}
