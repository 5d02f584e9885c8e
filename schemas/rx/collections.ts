import { attributesCollection } from './attributes.schema';
import { cartCollection } from './cart.schema';
import { categoriesCollection } from './categories.schema';
import { contentCollection } from './content.schema';
import type { CollectionDefinition } from './json-schema';
import { listsCollection } from './lists.schema';
import { notificationsCollection } from './notifications.schema';
import { ordersCollection } from './orders.schema';
import { productsCollection } from './products.schema';
import { syncTasksCollection } from './sync-tasks.schema';

/**
 * Every local collection. The free database tier throws once more than 13 collections are open in
 * one page (across databases), so this list must stay at 12 or fewer; singletons are local documents.
 */
export const COLLECTIONS = {
  products: productsCollection,
  categories: categoriesCollection,
  attributes: attributesCollection,
  content: contentCollection,
  cart: cartCollection,
  orders: ordersCollection,
  sync_tasks: syncTasksCollection,
  notifications: notificationsCollection,
  lists: listsCollection,
} as const satisfies Record<string, CollectionDefinition>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];
export const MAX_COLLECTIONS = 12;
