import type { ApiClient } from '../../../replication/api/api-types';
import type { CartCoordinator } from '../cart/cart-coordinator';
import type { ShopDatabase } from '../database-types';
import type { OrderCoordinator } from '../orders/order-coordinator';
import { LOCAL, readLocal } from '../local-state';
import type { Connectivity } from '../sync/connectivity';
import { rememberEndingSession } from './server-logout';
import { signIn, signOut } from './session';

/** Signing in and out with what they owe the queues: nothing unsent is thrown away by a logout. */
export function createSessionCoordinator(db: ShopDatabase, deps: { api: ApiClient; connectivity: Connectivity; cart: CartCoordinator; orders: OrderCoordinator }) {
  return {
    /** Orders held for the customer's session go again once the leader sees the session back (shop-sync). */
    signIn: (username: string, password: string) => signIn(db, deps.api, username, password),
    /**
     * Logout never throws away unsent orders: the queued ones go first while the session still
     * holds (under the spec's confirmation rule); what cannot go stays queued, shown in the sync panel.
     * The session is then ended on the server too, once it can be reached.
     */
    signOut: async (silent = false) => {
      if (deps.connectivity.isOnline()) {
        // Cart changes not yet on the server go first too, or a removed line would come back at the next login.
        await deps.cart.sync({ forceClientState: true }).catch(() => undefined);
        await deps.orders.handleQueued().catch(() => undefined);
      }
      // The server is told in the background (logout-keeper): the device's logout never waits for the network.
      await rememberEndingSession(db, await readLocal(db, LOCAL.session));
      await signOut(db, { silent });
    },
  };
}
