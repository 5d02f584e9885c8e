import type { ApiClient } from '../../../replication/api/api-types';
import { createOrderOutbox } from '../../../replication/orders/order-outbox';
import type { Notice } from '../../../replication/tasks/task-types';
import { retireOrderedCart } from '../cart/cart-actions';
import type { CartCoordinator } from '../cart/cart-coordinator';
import type { ShopDatabase } from '../database-types';
import { readDeviceSession } from '../session/session-customer';
import type { Connectivity } from '../sync/connectivity';
import { beginCheckout } from './checkout-session';
import { sendChangesForOrderCart } from './order-cart-changes';
import { orderStore } from './order-store';
import { placeOrderBody } from './place-order';
import { takeLinesLeftInCart } from './take-ordered-lines';
import { cancelQueuedOrders, confirmQueuedOrders, handleQueuedOrders } from './queued-orders';

/**
 * The order path of one tab in one place (DESIGN "Faults and exactly-once"): the checkout's order
 * id, placing (stored first, then sent), the queue the leader sends, the shopper's answer to
 * "Order waiting!", and what follows an accepted order: the cart it converted is dropped, so the
 * lines left go to a new server cart.
 */
export function createOrderCoordinator(db: ShopDatabase, deps: { api: ApiClient; notify: (notice: Notice) => Promise<void>; connectivity: Connectivity; cart: CartCoordinator }) {
  const outbox = createOrderOutbox({
    api: deps.api,
    store: orderStore(db),
    notify: deps.notify,
    isOnline: () => deps.connectivity.isOnline(),
    session: () => readDeviceSession(db),
    cartReadyFor: (body) => sendChangesForOrderCart(db, deps.api, body),
    onSent: async (order) => void ((await retireOrderedCart(db, order.body.cart_id)) && (await deps.cart.sync({ forceClientState: true }))),
  });
  return {
    outbox,
    /** The review step opened: the order id this checkout owns (the same in every tab until its order is placed). */
    beginCheckout: () => beginCheckout(db),
    place: (body: Record<string, unknown>) => placeOrderBody(db, outbox, body),
    /** The leader's round: queued orders go, or the shopper is asked (SPEC §4). */
    handleQueued: () => handleQueuedOrders(db, outbox),
    confirmQueued: () => confirmQueuedOrders(db, outbox),
    cancelQueued: () => cancelQueuedOrders(db, outbox),
    /** Taking the lead: lines of orders whose placing page went before taking them leave the cart. */
    takeLinesLeftInCart: () => takeLinesLeftInCart(db),
    /**
     * Orders held for a customer's session go back in the queue once that same customer is signed in
     * (none without a session, and never for another customer's); gives how many. The leader asks
     * when it sees the signed-in customer change and when it takes the lead, since a sign-in while no
     * tab led was seen by no watch.
     */
    releaseHeld: () => outbox.releaseHeld(),
  };
}

export type OrderCoordinator = ReturnType<typeof createOrderCoordinator>;
