import { NULLABLE_EPOCH_MS, OPEN_OBJECT, PENCE, type CollectionDefinition } from './json-schema';

/**
 * Local catalogue products (SPEC §3 Product). `source` is the product exactly as the change feed sent
 * it (API shape, decimal GBP excluding tax), so the shared catalogue query and price rules read it
 * unchanged; the top-level fields are what the shop looks documents up by, sorts on or changes locally.
 *
 * `price_pence` / `final_price_pence` are the list and final price in whole pence for exact indexes and
 * sums. `price_is_current` and `price_refreshed_at` are the runtime price state of SPEC §4: true and a
 * time after the render-list price sync, false and null while prices have not come back. A new version
 * of the product from the feed resets them, because its prices are unconfirmed again.
 */
export const productsCollection: CollectionDefinition = {
  schema: {
    title: 'products',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 24 },
      sku: { type: 'string', maxLength: 128 },
      type_id: { type: 'string', maxLength: 16 },
      status: { type: 'integer' },
      visibility: { type: 'integer' },
      name: { type: 'string' },
      url_path: { type: 'string', maxLength: 512 },
      category_ids: { type: 'array', items: { type: 'integer' } },
      price_pence: PENCE,
      final_price_pence: PENCE,
      price_is_current: { type: 'boolean' },
      price_refreshed_at: NULLABLE_EPOCH_MS,
      source: OPEN_OBJECT,
    },
    required: ['id', 'sku', 'type_id', 'status', 'visibility', 'name', 'url_path', 'price_pence', 'final_price_pence', 'price_is_current', 'source'],
    indexes: ['sku', 'url_path', 'final_price_pence'],
  },
  migrationStrategies: {},
};

export interface ProductRecord {
  id: string;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  name: string;
  url_path: string;
  category_ids?: number[];
  price_pence: number;
  final_price_pence: number;
  price_is_current: boolean;
  price_refreshed_at?: number | null;
  source: Record<string, unknown>;
}
