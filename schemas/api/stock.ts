import * as v from 'valibot';

/** Queries of /api/stock/* (SPEC §7 "Orders and stock"). Missing parameters are reported by the handler in the spec's words. */

const common = { token: v.optional(v.string()), storeCode: v.optional(v.string()) };

export const stockCheckQuery = v.strictObject({ ...common, sku: v.optional(v.pipe(v.string(), v.maxLength(200, 'sku is too long'))) });

export const stockCheckParams = v.strictObject({ sku: v.pipe(v.string(), v.maxLength(200, 'sku is too long')) });

/** At most 500 skus a call: the client prefetches in batches of 15 (SPEC §9). */
export const stockListQuery = v.strictObject({ ...common, skus: v.optional(v.pipe(v.string(), v.maxLength(20_000, 'skus is too long'))) });

export const STOCK_MESSAGES = {
  skuRequired: 'sku parameter is required',
  skusRequired: 'skus parameter is required',
  tooManySkus: 'skus parameter lists more than 500 skus',
  unknownSku: (sku: string) => `No such product: ${sku}`,
} as const;

/** SPEC §3 Stock item. `is_in_stock` is true only when the product can be sold now. */
export interface StockItemReply {
  item_id: number | string | null;
  product_id: number | string | null;
  product_sku: string;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  status: 0 | 1;
}
