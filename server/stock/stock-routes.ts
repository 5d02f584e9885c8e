import type { FastifyInstance } from 'fastify';
import { STOCK_MESSAGES, stockCheckParams, stockCheckQuery, stockListQuery } from '../../schemas/api/stock';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { stockFor, installStockSync } from './stock-service';
import { toStockItem } from './stock-store';

const stockItemSchema = {
  type: 'object',
  properties: {
    item_id: { type: ['integer', 'string'] },
    product_id: { type: ['integer', 'string'] },
    product_sku: { type: 'string' },
    qty: { type: 'integer' },
    is_in_stock: { type: 'boolean' },
    manage_stock: { type: 'boolean' },
    status: { type: 'integer' },
  },
};

async function checkOne(ctx: AppContext, sku: string | undefined) {
  const wanted = sku?.trim();
  if (!wanted) throw new ApiError(400, STOCK_MESSAGES.skuRequired);
  const row = (await stockFor(ctx, [wanted])).get(wanted);
  if (!row) throw new ApiError(404, STOCK_MESSAGES.unknownSku(wanted));
  return toStockItem(row);
}

/** /api/stock/*: the live saleable quantity, which orders decrement (the catalogue figure is only the start). */
export function registerStockRoutes(app: FastifyInstance, ctx: AppContext): void {
  installStockSync(app, ctx);

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/stock/check',
    summary: 'Stock of one sku (product or configurable child)',
    tags: ['stock'],
    query: stockCheckQuery,
    result: stockItemSchema,
    handler: async ({ query }) => checkOne(ctx, query.sku),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/stock/check/:sku',
    summary: 'Stock of one sku, sku in the path',
    tags: ['stock'],
    params: stockCheckParams,
    query: stockCheckQuery,
    result: stockItemSchema,
    handler: async ({ params }) => checkOne(ctx, params.sku),
  });

  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/stock/list',
    summary: 'Stock of several skus (comma list); unknown skus are left out',
    tags: ['stock'],
    query: stockListQuery,
    result: { type: 'array', items: stockItemSchema },
    handler: async ({ query }) => {
      const skus = [...new Set((query.skus ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
      if (skus.length === 0) throw new ApiError(400, STOCK_MESSAGES.skusRequired);
      if (skus.length > 500) throw new ApiError(400, STOCK_MESSAGES.tooManySkus);
      const rows = await stockFor(ctx, skus);
      return skus.flatMap((sku) => {
        const row = rows.get(sku);
        return row ? [toStockItem(row)] : [];
      });
    },
  });
}
