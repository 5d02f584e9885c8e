import { debounceTime, filter, map, pairwise, type Subscription } from 'rxjs';
import { createApiClient } from '../../replication/api/api-client';
import { createCartSync } from '../../replication/cart/cart-sync';
import { createOrderOutbox } from '../../replication/orders/order-outbox';
import { createTaskRunner } from '../../replication/tasks/task-runner';
import { isInCheckout } from '../domain/checkout-state/checkout-rules';
import { taxPercentFor } from './cart-product';
import { cartStore } from './cart-store';
import { startCatalogReplication, type CatalogReplication, type CatalogReplicationOptions } from './catalog-replication';
import { browserConnectivity, type Connectivity } from './connectivity';
import type { ShopDatabase } from './database-types';
import { LOCAL, readLocal, watchLocal } from './local-state';
import { addNotification } from './notification-center';
import { orderStore } from './order-store';
import { placeOrder } from './place-order';
import { cancelQueuedOrders, confirmQueuedOrders, handleQueuedOrders } from './queued-orders';
import { endSessionAfterTokenFailure, sessionTokenStore, signIn, signOut } from './session';
import { syncTaskStore } from './sync-task-store';

export interface ShopSyncOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  connectivity?: Connectivity;
  storeCode?: string | null;
  /** Catalogue replication settings, or false to leave the catalogue alone (tests of other parts). */
  catalogue?: CatalogReplicationOptions | false;
  lockRetryMs?: number;
  /** Wait after a cart change before syncing, so quick edits go in one sync. */
  cartDebounceMs?: number;
}

/**
 * Wires the data layer of one tab: the API client with the token lock, the task runner, the order
 * outbox and the cart sync over this tab's database. Every tab can place orders and edit the cart;
 * only the leader tab replicates the catalogue, syncs the cart, runs the queues and reacts to the
 * connection coming back, so two tabs never send the same work twice.
 */
export function createShopSync(db: ShopDatabase, options: ShopSyncOptions = {}) {
  const connectivity = options.connectivity ?? browserConnectivity();
  const notify = async (notice: { type: 'success' | 'info' | 'warning' | 'error'; message: string }) => void (await addNotification(db, notice));
  const api = createApiClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    tokens: sessionTokenStore(db),
    storeCode: options.storeCode,
    lockRetryMs: options.lockRetryMs,
    onAuthFailure: () => endSessionAfterTokenFailure(db),
  });
  const cart = createCartSync({
    api,
    store: cartStore(db),
    isOnline: () => connectivity.isOnline(),
    hasUserToken: async () => Boolean((await readLocal(db, LOCAL.session)).token),
    inCheckout: async () => isInCheckout((await readLocal(db, LOCAL.checkout)).modifiedAt, Date.now()),
    notify,
    lookup: async (sku) => {
      const product = db.collections.products ? await db.products.findOne({ selector: { sku } }).exec() : null;
      return { name: product?.name, thumbnail: typeof product?.source.thumbnail === 'string' ? product.source.thumbnail : null, taxPercent: await taxPercentFor(db, product?.source.tax_class_id) };
    },
  });
  const tasks = createTaskRunner({
    api,
    store: syncTaskStore(db),
    cartId: async () => (await readLocal(db, LOCAL.cartState)).token,
    notify,
    onMissingCartId: async () => void (await cart.sync({ forceClientState: true })),
  });
  const orders = createOrderOutbox({ api, store: orderStore(db), notify, isOnline: () => connectivity.isOnline() });
  const subs: Subscription[] = [];
  let catalog: CatalogReplication | null = null;
  let stopped = false;

  /** SPEC §4: back online → queued tasks go, the cart reloads from the server, queued orders are handled. */
  async function onOnline(): Promise<void> {
    await tasks.process();
    await cart.sync({ forceClientState: true });
    await handleQueuedOrders(db, orders);
  }

  async function lead(): Promise<void> {
    await db.waitForLeadership();
    if (stopped) return;
    subs.push(db.cart.$.pipe(debounceTime(options.cartDebounceMs ?? 20)).subscribe(() => void cart.sync({ forceClientState: true })));
    subs.push(
      watchLocal(db, LOCAL.session)
        .pipe(map((s) => s.token), pairwise(), filter(([before, after]) => !before && Boolean(after)))
        .subscribe(() => void cart.authorize()),
    );
    subs.push(db.sync_tasks.insert$.subscribe(() => void tasks.process()));
    subs.push(connectivity.changes$.pipe(filter(Boolean)).subscribe(() => void onOnline()));
    await cart.load();
    if (connectivity.isOnline()) {
      await tasks.process();
      await handleQueuedOrders(db, orders);
    }
  }

  let leading: Promise<void> = Promise.resolve();
  return {
    api,
    cart,
    tasks,
    orders,
    /** Starts the catalogue replication and, once this tab leads, the queues and the cart sync. */
    start(): void {
      if (options.catalogue !== false) catalog = startCatalogReplication(db, api, options.catalogue ?? {});
      leading = lead();
    },
    /** Resolves when this tab has taken the lead and finished its start-up sync (tests). */
    whenLeading: () => leading,
    /** Resolves once the catalogue replicas have caught up in this tab (never while offline). */
    whenCatalogueReplicated: async () => void (await catalog?.awaitInitial()),
    async stop(): Promise<void> {
      stopped = true;
      subs.splice(0).forEach((s) => s.unsubscribe());
      await catalog?.cancel();
    },
    placeOrder: (body: Record<string, unknown>) => placeOrder(db, orders, body),
    confirmQueuedOrders: () => confirmQueuedOrders(db, orders),
    cancelQueuedOrders: () => cancelQueuedOrders(db, orders),
    signIn: (username: string, password: string) => signIn(db, api, username, password),
    signOut: (silent = false) => signOut(db, { silent }),
  };
}

export type ShopSync = ReturnType<typeof createShopSync>;
