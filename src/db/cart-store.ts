import type { CartStore } from '../../replication/cart/cart-types';
import type { ShopDatabase } from './database-types';
import { LOCAL, modifyLocal, readLocal } from './local-state';

/** The cart sync's view of the `cart` collection and the `cart-state` local document. */
export function cartStore(db: ShopDatabase): CartStore {
  return {
    lines: async () => (await db.cart.find({ sort: [{ added_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON()),
    putLine: async (line) => void (await db.cart.incrementalUpsert(line)),
    removeLine: async (id) => void (await db.cart.findOne(id).remove()),
    state: () => readLocal(db, LOCAL.cartState),
    updateState: (change) => modifyLocal(db, LOCAL.cartState, change),
  };
}
