import { confirmedIn } from '../../../replication/cart/cart-hash';
import type { ShopDatabase } from '../database-types';
import { LOCAL, readLocal } from '../local-state';
import { unsyncedCartLines } from './sync-overview';

/**
 * Is anything still waiting to reach the server? Orders whose send failed (and not waiting for the
 * shopper's "Order waiting!" answer), tasks not transmitted, cart changes not yet applied, or cart
 * lines the server has not confirmed.
 */
export async function hasPendingWork(db: ShopDatabase): Promise<boolean> {
  const [ui, queued, tasks, lines, cart, session] = await Promise.all([
    readLocal(db, LOCAL.ui),
    db.orders.find({ selector: { state: 'queued' } }).exec(),
    db.sync_tasks.find({ selector: { transmited: false } }).exec().then((t) => t.length),
    db.cart.find().exec(),
    readLocal(db, LOCAL.cartState),
    readLocal(db, LOCAL.session),
  ]);
  // An order never tried yet is being sent by the tab that placed it (or waits for the connection):
  // only one whose send failed waits for the timer.
  if (queued.some((o) => o.attempts > 0 && !ui.ordersAwaitingConfirmation.includes(o.order_id))) return true;
  if (tasks > 0) return true;
  // The rule the shopper's count of unsaved changes follows (a login merge not finished, a quantity
  // or a removal the server has not confirmed, a change recorded for a cart there is: an edit whose
  // sync found the device offline leaves it beside the last synced hash), and lines confirmed in
  // another cart.
  if (unsyncedCartLines(lines, cart, Boolean(session.token)) > 0) return true;
  return lines.some((l) => !confirmedIn(l, cart.token));
}
