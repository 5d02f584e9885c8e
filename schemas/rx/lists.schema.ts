import { EPOCH_MS, type CollectionDefinition } from './json-schema';

export const LIST_NAMES = ['wishlist', 'compare', 'recently_viewed'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/**
 * Wishlist, compare and recently viewed, keyed by `${list}:${sku}`. Only the sku is kept: views read
 * the product (and its current price) from the products collection, so a list never shows a stale
 * price. Wishlist items have qty 1 (SPEC §3).
 */
export const listsCollection: CollectionDefinition = {
  schema: {
    title: 'lists',
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id: { type: 'string', maxLength: 180 },
      list: { type: 'string', maxLength: 20, enum: LIST_NAMES },
      sku: { type: 'string', maxLength: 128 },
      qty: { type: 'integer', minimum: 1 },
      added_at: EPOCH_MS,
    },
    required: ['id', 'list', 'sku', 'qty', 'added_at'],
    indexes: [['list', 'added_at']],
  },
  migrationStrategies: {},
};

export interface ListEntry {
  id: string;
  list: ListName;
  sku: string;
  qty: number;
  added_at: number;
}
