import { withRemoval } from '../../../replication/cart/removed-lines';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';

/** Before the shopper's removal of a line: notes it for the server cart that confirmed it (see `withRemoval`). */
export async function recordRemoval(db: ShopDatabase, lineId: string): Promise<void> {
  const line = (await db.cart.findOne(lineId).exec())?.toMutableJSON();
  if (line?.server_cart_id) await modifyLocal(db, LOCAL.cartState, (s) => withRemoval(s, line));
}
