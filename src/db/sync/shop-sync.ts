import { debounceTime, filter, map, merge, pairwise, type Subscription } from 'rxjs';
import { createApiClient } from '../../../replication/api/api-client';
import { isUnknownOutcome } from '../../../replication/api/api-errors';
import { createCartSync } from '../../../replication/cart/cart-sync';
import { createOrderOutbox } from '../../../replication/orders/order-outbox';
import { createTaskRunner } from '../../../replication/tasks/task-runner';
import { isInCheckout } from '../../domain/checkout-state/checkout-rules';
import { productsAwaitingOrder } from '../cart/awaiting-order';
import { retireOrderedCart } from '../cart/cart-actions';
import { taxPercentFor } from '../cart/cart-product';
import { cartStore } from '../cart/cart-store';
import { startCatalogReplication, type CatalogReplication, type CatalogReplicationOptions } from '../catalog/catalog-replication';
import { browserConnectivity, type Connectivity } from './connectivity';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, watchLocal } from '../local-state';
import { addNotification } from './notification-center';
import { orderStore } from '../orders/order-store';
import { beginCheckout } from '../orders/checkout-session';
import { placeOrder } from '../orders/place-order';
import { cancelQueuedOrders, confirmQueuedOrders, handleQueuedOrders } from '../orders/queued-orders';
import { endSessionAfterTokenFailure, sessionTokenStore, signIn, signOut } from '../session/session';
import { watchSyncOverview } from './sync-overview';
import { hasPendingWork } from './pending-work';
import { retrySchedule } from './retry-schedule';
import { recordCatalogueSync, recordSyncError, recordSyncRound, requestRetry, SYNC_STATUS } from './sync-status';
import { syncTaskStore } from './sync-task-store';
import { tabLeadership, type TabLeadership } from './tab-leadership';

/** Shown before the replication's own message when the catalogue could not be pulled. */
const CATALOGUE_ERROR = 'The catalogue could not be updated.';

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
  /** Which tab leads (default: Web Locks in browsers, RxDB's election elsewhere). */
  leadership?: TabLeadership;
  /** Every request's time-out (default 20 s). */
  timeoutMs?: number;
  /** First wait before queued work that could not go is tried again (doubles up to a minute). */
  retryBaseMs?: number;
}

/**
 * Wires the data layer of one tab: the API client with the token lock, the task runner, the order
 * outbox and the cart sync over this tab's database. Every tab can place orders and edit the cart;
 * only the leader tab replicates the catalogue, syncs the cart, runs the queues and reacts to the
 * connection coming back, so two tabs never send the same work twice.
 */
export function createShopSync(db: ShopDatabase, options: ShopSyncOptions = {}) {
  const connectivity = options.connectivity ?? browserConnectivity();
  const notify = async (notice: { type: 'success' | 'info' | 'warning' | 'error'; message: string }) => {
    if (notice.type === 'error') await recordSyncError(db, notice.message);
    await addNotification(db, notice);
  };
  const api = createApiClient({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    tokens: sessionTokenStore(db),
    storeCode: options.storeCode,
    lockRetryMs: options.lockRetryMs,
    timeoutMs: options.timeoutMs,
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
    awaitingOrder: (cartId) => productsAwaitingOrder(db, cartId),
  });
  const tasks = createTaskRunner({
    api,
    store: syncTaskStore(db),
    cartId: async () => (await readLocal(db, LOCAL.cartState)).token,
    notify,
    onMissingCartId: async () => void (await cart.sync({ forceClientState: true })),
  });
  const orders = createOrderOutbox({
    api,
    store: orderStore(db),
    notify,
    isOnline: () => connectivity.isOnline(),
    onSent: async (order) => void ((await retireOrderedCart(db, order.body.cart_id)) && (await cart.sync({ forceClientState: true }))),
  });
  const leadership = options.leadership ?? tabLeadership(db);
  /** Subscriptions of the lead; dropped when this tab hands the lead over. */
  const leadSubs: Subscription[] = [];
  let startSub: Subscription | null = null;
  let catalog: CatalogReplication | null = null;
  let firstCatalog: (() => void) | null = null;
  const catalogueReplicated = new Promise<void>((resolve) => (firstCatalog = resolve));
  let stopped = false;
  let round: Promise<void> | null = null;
  let roundAgain = false;
  const retries = retrySchedule(() => void syncRound(), { baseMs: options.retryBaseMs });

  /** Each part goes on when another fails: a cart that cannot sync must not hold back the orders. */
  async function attempt(part: () => Promise<unknown>, errors: unknown[]): Promise<void> {
    try {
      await part();
    } catch (error) {
      errors.push(error);
    }
  }

  /** SPEC §4: back online → queued tasks go, the cart reloads from the server, queued orders are handled. */
  async function onOnline(): Promise<void> {
    const errors: unknown[] = [];
    await attempt(() => tasks.process(), errors);
    await attempt(() => cart.sync({ forceClientState: true }), errors);
    await attempt(() => handleQueuedOrders(db, orders), errors);
    if (errors.length > 0) throw errors[0];
  }

  async function oneRound(): Promise<void> {
    const startedAt = Date.now();
    try {
      if (!connectivity.isOnline()) return;
      await onOnline();
      if (connectivity.isOnline()) await recordSyncRound(db, startedAt);
    } catch (error) {
      if (!stopped) await recordSyncError(db, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    }
    await scheduleRetry();
  }

  /** Work that could not go is tried again on a timer, with a longer wait each time. */
  async function scheduleRetry(): Promise<void> {
    if (stopped || db.closed || !leadership.isLeading()) return;
    if (await hasPendingWork(db).catch(() => false)) retries.later();
    else retries.settled();
  }

  /**
   * A cart sync started by an edit or the login failed: an unknown outcome (thrown by the cart sync,
   * which keeps the lines to send them again) is shown and retried on the timer. After stop(), a
   * sync still finishing fails on the closed database: expected, not reported.
   */
  function cartFailed(error: unknown): void {
    if (stopped || db.closed) return;
    void recordSyncError(db, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    if (isUnknownOutcome(error) && leadership.isLeading()) retries.later();
  }

  /**
   * One round at a time; a trigger during a round (the connection returning, "Retry now", the
   * timer) runs one more round after it, since the running one may have started before the change.
   */
  function syncRound(): Promise<void> {
    if (round) {
      roundAgain = true;
      return round;
    }
    round = (async () => {
      do {
        roundAgain = false;
        await oneRound();
      } while (roundAgain && !stopped);
    })().finally(() => (round = null));
    return round;
  }

  function startCatalogue(): void {
    if (options.catalogue === false) return;
    const started = startCatalogReplication(db, api, { ...options.catalogue, waitForLeadership: false });
    catalog = started;
    void started.awaitInitial().then(() => firstCatalog?.(), () => undefined);
    for (const state of Object.values(started.states)) {
      leadSubs.push(state.active$.pipe(pairwise(), filter(([was, is]) => was && !is)).subscribe(() => void (connectivity.isOnline() && recordCatalogueSync(db))));
      leadSubs.push(state.error$.subscribe((error) => void recordSyncError(db, `${CATALOGUE_ERROR} ${error.message}`.trim())));
    }
  }

  let leading: Promise<void> = Promise.resolve();
  let resolveFirstLead: (() => void) | null = null;
  const firstLead = new Promise<void>((resolve) => (resolveFirstLead = resolve));

  async function lead(): Promise<void> {
    if (stopped) return;
    startCatalogue();
    leadSubs.push(db.cart.$.pipe(debounceTime(options.cartDebounceMs ?? 20)).subscribe(() => void cart.sync({ forceClientState: true }).catch(cartFailed)));
    leadSubs.push(
      watchLocal(db, LOCAL.session)
        .pipe(map((s) => s.token), pairwise(), filter(([before, after]) => !before && Boolean(after)))
        .subscribe(() => void cart.authorize().catch(cartFailed)),
    );
    leadSubs.push(db.sync_tasks.insert$.subscribe(() => void tasks.process()));
    // An order queued or a task left waiting in any tab (a send that failed) starts the retry timer.
    leadSubs.push(merge(db.orders.$, db.sync_tasks.$).pipe(debounceTime(50)).subscribe(() => void scheduleRetry()));
    leadSubs.push(connectivity.changes$.pipe(filter(Boolean)).subscribe(() => void syncRound()));
    // "Retry now" in any tab.
    leadSubs.push(
      watchLocal(db, SYNC_STATUS)
        .pipe(map((s) => s.retryRequestedAt), pairwise(), filter(([before, after]) => after !== null && after !== before))
        .subscribe(() => {
          void syncRound();
          for (const state of Object.values(catalog?.states ?? {})) state.reSync();
        }),
    );
    await cart.load().catch((error: unknown) => recordSyncError(db, error instanceof Error ? error.message : String(error)));
    await syncRound();
  }

  /** Another tab leads now (this one was frozen or put in the back/forward cache). */
  async function resign(): Promise<void> {
    leadSubs.splice(0).forEach((s) => s.unsubscribe());
    retries.settled();
    const running = catalog;
    catalog = null;
    await running?.cancel();
  }

  // queue() sends at once in the tab that queued; a follower must leave that to the leader, which
  // picks the task up from insert$, or both tabs send it.
  const leaderTasks: typeof tasks = { ...tasks, process: () => (leadership.isLeading() ? tasks.process() : Promise.resolve()) };
  return {
    api,
    cart,
    tasks: leaderTasks,
    orders,
    leadership,
    /** Competes for the lead; while this tab leads it replicates the catalogue, syncs the cart and runs the queues. */
    start(): void {
      startSub ??= leadership.leading$.subscribe((isLeader) => {
        if (isLeader) {
          leading = lead();
          void leading.then(() => resolveFirstLead?.(), () => undefined);
        } else void resign();
      });
      leadership.start();
    },
    /** Resolves when this tab has first taken the lead and finished its start-up sync (tests). */
    whenLeading: () => firstLead.then(() => leading),
    /** Resolves once the catalogue replicas have caught up in this tab's first lead (never while offline or following). */
    whenCatalogueReplicated: () => catalogueReplicated,
    async stop(): Promise<void> {
      stopped = true;
      retries.stop();
      startSub?.unsubscribe();
      startSub = null;
      leadership.stop();
      await resign();
    },
    /** What the sync status panel shows, live. */
    overview$: () => watchSyncOverview(db, connectivity, leadership),
    /** "Retry now": the leading tab (this one or another) runs a sync round and a catalogue pull. */
    retry: () => requestRetry(db),
    setAutomaticTransmission: (on: boolean) => modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: on })),
    /** The review step opened: the order id this checkout owns (the same in every tab until its order is placed). */
    beginCheckout: () => beginCheckout(db),
    placeOrder: (body: Record<string, unknown>) => placeOrder(db, orders, body),
    confirmQueuedOrders: () => confirmQueuedOrders(db, orders),
    cancelQueuedOrders: () => cancelQueuedOrders(db, orders),
    /** Signed in: orders that waited for the customer's session go again. */
    signIn: async (username: string, password: string) => {
      const result = await signIn(db, api, username, password);
      if (result.ok && (await orders.releaseHeld()) > 0) void syncRound();
      return result;
    },
    /**
     * Logout never throws away unsent orders: the queued ones go first while the session still
     * holds (under the spec's confirmation rule); what cannot go stays queued, shown in the sync panel.
     */
    signOut: async (silent = false) => {
      if (connectivity.isOnline()) {
        // Cart changes not yet on the server go first too, or a removed line would come back at the next login.
        await cart.sync({ forceClientState: true }).catch(() => undefined);
        await handleQueuedOrders(db, orders).catch(() => undefined);
      }
      await signOut(db, { silent });
    },
  };
}

export type ShopSync = ReturnType<typeof createShopSync>;
