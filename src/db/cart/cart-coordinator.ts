import type { ApiClient } from '../../../replication/api/api-types';
import { createCartSync } from '../../../replication/cart/cart-sync';
import type { Notice } from '../../../replication/tasks/task-types';
import { storedProduct } from '../catalog/catalog-records';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import type { Connectivity } from '../sync/connectivity';
import { productsAwaitingOrder } from './awaiting-order';
import { taxPercentFor } from './cart-product';
import { cartStore } from './cart-store';

/**
 * The cart sync of one tab over its database: the session decides guest or customer cart, the
 * checkout's "in checkout" makes the client's lines win, the local catalogue names lines the server
 * adds, and lines of orders not yet sent are not merged back from the cart they came from.
 */
export function createCartCoordinator(db: ShopDatabase, api: ApiClient, connectivity: Connectivity, notify: (notice: Notice) => Promise<void>) {
  return createCartSync({
    api,
    store: cartStore(db),
    isOnline: () => connectivity.isOnline(),
    hasUserToken: async () => Boolean((await readLocal(db, LOCAL.session)).token),
    notify,
    lookup: async (sku) => {
      const product = await storedProduct(db, sku);
      return { name: product?.name, thumbnail: typeof product?.source.thumbnail === 'string' ? product.source.thumbnail : null, taxPercent: await taxPercentFor(db, product?.source.tax_class_id) };
    },
    awaitingOrder: (cartId) => productsAwaitingOrder(db, cartId),
  });
}

export type CartCoordinator = ReturnType<typeof createCartCoordinator>;
