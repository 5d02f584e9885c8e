import type { PlaceResult } from '../../../replication/orders/order-outbox';
import { currentStore, storeConfig } from '../../i18n/store-views';
import { readCartLines } from '../cart/cart-view';
import { LOCAL, readLocal } from '../local-state';
import { customerIdOf } from '../session/session-customer';
import { keepsDataOnlyInThisTab, type LocalShop } from '../local-shop';
import { buildOrderBody, type CheckoutDraft } from './checkout-order-body';

/** What the "Place the order" press adds to the details typed. */
export interface PlacePress {
  /** An account asked for at checkout: created by the server with the order. */
  password: string | undefined;
  /** The total the review step showed: a changed price makes the server refuse it ("repriced"). */
  grandTotal: number | undefined;
  /** The checkout's order id, owned from the moment its review step opened (see ShopSync.beginCheckout). */
  orderId: string | null;
}

export interface CheckoutPlaceResult {
  result: PlaceResult;
  /** The signed-in customer the order was placed for, else null (a guest). */
  userId: string | null;
  /** False when the browser refused storage: a queued order lives only in this tab. */
  savedOnDevice: boolean;
}

/**
 * The checkout's one door to the order path: the order is built from the cart lines, the session and
 * the store view as they are on the device now, then stored and sent through the order outbox
 * (offline it waits). The same order id makes a second press, a reload or another tab one order.
 */
export async function placeOrder(shop: LocalShop, draft: CheckoutDraft, press: PlacePress): Promise<CheckoutPlaceResult> {
  const { db, sync } = shop;
  const [lines, cartState, session, user] = await Promise.all([
    readCartLines(db),
    readLocal(db, LOCAL.cartState),
    readLocal(db, LOCAL.session),
    readLocal(db, LOCAL.currentUser),
  ]);
  const userId = session.token ? customerIdOf(user) : null;
  const config = storeConfig();
  const body = buildOrderBody({
    ...draft,
    lines,
    password: press.password,
    userId,
    cartId: cartState.token,
    storeCode: config.multistore ? currentStore().storeCode : null,
    now: Date.now(),
    grandTotal: press.grandTotal,
  });
  const result = await sync.placeOrder({ ...body, ...(press.orderId ? { order_id: press.orderId } : {}) });
  return { result, userId, savedOnDevice: !keepsDataOnlyInThisTab(shop) };
}
