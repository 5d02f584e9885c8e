import type { OrderOutbox, PlaceResult } from '../../../replication/orders/order-outbox';
import { clearCartWithoutSync } from '../cart/cart-actions';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal } from '../local-state';

/**
 * Places the order (SPEC §4): stored locally first, then pushed. A sent or queued order counts as
 * placed: the time is recorded, the cart is cleared without a sync (the server converts its cart
 * with the order) and an account password typed at checkout is dropped. A rejected order keeps the
 * cart so the shopper can fix it.
 */
export async function placeOrder(db: ShopDatabase, outbox: OrderOutbox, body: Record<string, unknown>): Promise<PlaceResult> {
  const result = await outbox.place(body);
  if (result.outcome === 'rejected') return result;
  await clearCartWithoutSync(db);
  await modifyLocal(db, LOCAL.checkout, (c) => {
    const { password: _dropped, ...personal } = c.personalDetails;
    return { ...c, personalDetails: personal, lastOrderAt: Date.now() };
  });
  return result;
}

/** The thank-you page is open: orders queued meanwhile go as soon as the connection returns (SPEC §4). */
export async function setThankYouPageOpen(db: ShopDatabase, open: boolean): Promise<void> {
  await modifyLocal(db, LOCAL.ui, (ui) => ({ ...ui, thankYouPageOpen: open }));
}
