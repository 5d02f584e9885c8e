import type { FastifyInstance } from 'fastify';
import { MAX_RENDER_LIST_SKUS, renderListQuerySchema } from '../../schemas/api/content';
import { GUEST_GROUP_ID } from '../../src/domain/pricing/tier-price';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { defineRoute } from '../http/define-route';
import { priceInfo } from './price-info';
import { findPricedProducts, gbTaxPercent } from './priced-products';

const PRICES = { type: 'object', properties: { final_price: { type: 'number' }, regular_price: { type: 'number' }, minimal_price: { type: 'number' }, max_price: { type: 'number' }, special_price: { type: 'number' } } };
const RESULT = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      description: 'One entry per known sku, in the order asked; unknown skus are left out. Prices in GBP excluding tax; tax_adjustments include UK VAT.',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          id: { type: 'integer' },
          currency_code: { type: 'string' },
          price_info: { ...PRICES, properties: { ...PRICES.properties, extension_attributes: { type: 'object', properties: { tax_adjustments: PRICES } } } },
        },
      },
    },
  },
};

/** "a, b,,a" → ["a", "b"]: trimmed, without blanks or repeats, in the order given. */
function parseSkus(raw: string | undefined): string[] {
  const skus = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (skus.length === 0) throw badRequest('skus parameter is required');
  if (skus.length > MAX_RENDER_LIST_SKUS) throw badRequest(`skus: at most ${MAX_RENDER_LIST_SKUS} skus per request`);
  return skus;
}

/**
 * GET /api/product/render-list (SPEC §7): live prices for the price sync. The signed-in shopper's
 * group decides tier prices; without a token the `userGroupId` the client sends (else guests, 0).
 * Tier prices are public catalogue data, so trusting `userGroupId` reveals nothing new.
 */
export function registerRenderListRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/api/product/render-list',
    summary: 'Current prices (excl. tax, with tax_adjustments incl. UK VAT) for a comma list of skus, at most 200',
    tags: ['catalog', 'product'],
    query: renderListQuerySchema,
    result: RESULT,
    handler: async ({ query, auth }) => {
      const skus = parseSkus(query.skus);
      const context = { now: new Date(), qty: 1, customerGroupId: auth?.groupId ?? query.userGroupId ?? GUEST_GROUP_ID };
      const [products, taxPercent] = await Promise.all([findPricedProducts(ctx.db, skus), gbTaxPercent(ctx.db)]);
      const items = skus.flatMap((sku) => {
        const found = products.get(sku);
        if (!found) return [];
        return [{ sku, id: found.item.id, currency_code: 'GBP', price_info: priceInfo(found.item, context, taxPercent(found.taxClassId)) }];
      });
      return { items };
    },
  });
}
