import { debounceTime, distinctUntilChanged, filter, interval, map, merge, pairwise, skip, type Observable, type Subscription } from 'rxjs';
import { createApiClient } from '../../../replication/api/api-client';
import { createTaskRunner } from '../../../replication/tasks/task-runner';
import { createCartCoordinator } from '../cart/cart-coordinator';
import { requestCartPullOnFocus } from '../cart/cart-pull-on-focus';
import { keepCartPrices } from '../cart/keep-cart-prices';
import { localCatalogChanges } from '../catalog/local-catalog-changes';
import type { ApiClient } from '../../../replication/api/api-types';
import type { CatalogReplicationOptions } from '../catalog/catalog-replication';
import { replicateHere, type CatalogueRun } from '../catalog/catalog-run';
import type { ShopDatabase } from '../database-types';
import { deviceIdOf } from '../device-id';
import { LOCAL, modifyLocal, readLocal, watchLocal } from '../local-state';
import { createOrderCoordinator } from '../orders/order-coordinator';
import { endSessionAfterTokenFailure, sessionTokenStore } from '../session/session';
import { keepServerLogoutsSent } from '../session/logout-keeper';
import { keepProfileLoaded, type ProfileKeeper } from '../session/profile-keeper';
import { watchSessionCustomer } from '../session/session-customer';
import { createSessionCoordinator } from '../session/session-coordinator';
import { browserConnectivity, type Connectivity } from './connectivity';
import { addNotification } from './notification-center';
import { createSyncRounds } from './sync-rounds';
import { watchSyncOverview } from './sync-overview';
import { recordCatalogueSync, recordSyncError, requestRetry, SYNC_STATUS } from './sync-status';
import { syncTaskStore } from './sync-task-store';
import { tabLeadership, type TabLeadership } from './tab-leadership';
import { yieldToMain } from '../yield-to-main';

/** The leading tab reads the server's cart this often while the page is shown. */
const CART_PULL_MS = 30_000;
const pageShown = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Shown before the replication's own message when the catalogue could not be pulled. */
const CATALOGUE_ERROR = 'The catalogue could not be updated.';

export interface ShopSyncOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  connectivity?: Connectivity;
  storeCode?: string | null;
  /** Catalogue replication settings, or false to leave the catalogue alone (tests of other parts). */
  catalogue?: CatalogReplicationOptions | false;
  /** Who downloads the catalogue while this tab leads (default: this page, see catalog-run.ts). */
  catalogueRun?: (api: ApiClient) => CatalogueRun;
  lockRetryMs?: number;
  /** Wait after a cart change before syncing, so quick edits go in one sync. */
  cartDebounceMs?: number;
  /** How often the leading tab reads the server's cart while the page is shown (another device may change it). */
  cartPullMs?: number;
  /** Which tab leads (default: Web Locks in browsers, RxDB's election elsewhere). */
  leadership?: TabLeadership;
  /** Every request's time-out (default 20 s). */
  timeoutMs?: number;
  /** First wait before queued work that could not go is tried again (doubles up to a minute). */
  retryBaseMs?: number;
  /** Emits after the catalogue replica applied product changes (default: this page's `localCatalogChanges()`). */
  productChanges$?: Observable<unknown>;
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
    deviceId: () => deviceIdOf(db),
  });
  const cart = createCartCoordinator(db, api, connectivity, notify);
  const tasks = createTaskRunner({
    api,
    store: syncTaskStore(db),
    cartId: async () => (await readLocal(db, LOCAL.cartState)).token,
    notify,
    onMissingCartId: async () => void (await cart.sync({ forceClientState: true })),
  });
  const orders = createOrderCoordinator(db, { api, notify, connectivity, cart });
  const leadership = options.leadership ?? tabLeadership(db);
  const rounds = createSyncRounds(db, {
    connectivity,
    isLeading: () => leadership.isLeading(),
    // SPEC §4: back online → queued tasks go, the cart reloads from the server, queued orders are handled.
    parts: [() => tasks.process(), () => cart.sync({ forceClientState: true }), () => orders.handleQueued()],
    retryBaseMs: options.retryBaseMs,
    heldForMs: () => api.heldForMs?.(),
  });
  const session = createSessionCoordinator(db, { api, connectivity, cart, orders });
  /** Subscriptions of the lead; dropped when this tab hands the lead over. */
  const leadSubs: Subscription[] = [];
  let startSub: Subscription | null = null;
  let catalog: CatalogueRun | null = null;
  let firstCatalog: (() => void) | null = null;
  const catalogueReplicated = new Promise<void>((resolve) => (firstCatalog = resolve));
  let stopped = false;
  let stopFocusPulls: (() => void) | null = null;
  /** This page's finishing of the takings an earlier page left (see start()). */
  let opened: Promise<void> = Promise.resolve();
  /** The lead's reads of a missing profile: orders held for the customer go once it is in. */
  let profileKeeper: ProfileKeeper | null = null;

  function startCatalogue(): void {
    if (options.catalogue === false) return;
    const started = options.catalogueRun ? options.catalogueRun(api) : replicateHere(db, api, options.catalogue);
    catalog = started;
    void started.awaitInitial().then(() => firstCatalog?.(), () => undefined);
    leadSubs.push(started.active$.pipe(pairwise(), filter(([was, is]) => was && !is)).subscribe(() => void (connectivity.isOnline() && recordCatalogueSync(db))));
    leadSubs.push(started.error$.subscribe((error) => void recordSyncError(db, `${CATALOGUE_ERROR} ${error.message}`.trim())));
  }

  let leading: Promise<void> = Promise.resolve();
  let resolveFirstLead: (() => void) | null = null;
  const firstLead = new Promise<void>((resolve) => (resolveFirstLead = resolve));

  /** Counts leads; a lead that was resigned while it waited between its steps goes no further. */
  let leadTerm = 0;

  async function lead(): Promise<void> {
    if (stopped) return;
    const term = ++leadTerm;
    const resigned = () => stopped || term !== leadTerm;
    // Each step its own task (the catalogue's start, the watches, the first sync round): together they
    // were one long task right after the database opened.
    startCatalogue();
    await yieldToMain();
    if (resigned()) return;
    leadSubs.push(db.cart.$.pipe(debounceTime(options.cartDebounceMs ?? 20)).subscribe(() => void cart.sync({ forceClientState: true }).catch(rounds.failed)));
    leadSubs.push(
      watchLocal(db, LOCAL.session)
        .pipe(map((s) => s.token), pairwise(), filter(([before, after]) => !before && Boolean(after)))
        .subscribe(() => void cart.authorize().catch(rounds.failed)),
    );
    // Orders held for a customer's session go again once that customer is signed in, however the
    // session came back (and when a leader takes over after it did, below). Watched by customer, not
    // by token: the profile that says who signed in comes after the token, and on a shared device
    // the next sign-in may be another customer's, for whom these orders stay held.
    leadSubs.push(
      watchSessionCustomer(db)
        .pipe(pairwise(), filter(([before, after]) => after !== null && after !== before))
        .subscribe(() => void orders.releaseHeld().then((released) => (released > 0 ? rounds.run() : undefined), rounds.failed)),
    );
    // Another device on the same account may change the cart: read it when a tab asks (a focus) and
    // every so often while the page is shown.
    leadSubs.push(
      merge(watchLocal(db, LOCAL.cartState).pipe(map((s) => s.pullRequestedAt), distinctUntilChanged(), skip(1)), interval(options.cartPullMs ?? CART_PULL_MS).pipe(filter(pageShown)))
        .pipe(filter(() => connectivity.isOnline()))
        .subscribe(() => void cart.refresh().catch(rounds.failed)),
    );
    profileKeeper = keepProfileLoaded(db, { api, connectivity });
    leadSubs.push(profileKeeper);
    leadSubs.push(keepServerLogoutsSent(db, { api, connectivity, retryBaseMs: options.retryBaseMs }));
    // The lines' prices follow the catalogue and the server cart (written by the leading tab only).
    leadSubs.push(
      keepCartPrices(db, {
        api,
        isOnline: () => connectivity.isOnline(),
        syncTotals: () => cart.syncTotals(),
        connectivity,
        productChanges$: options.productChanges$ ?? localCatalogChanges().pipe(filter((change) => change === 'product')),
        onError: rounds.failed,
      }),
    );
    leadSubs.push(db.sync_tasks.insert$.subscribe(() => void tasks.process().catch(rounds.failed)));
    // An order queued or a task left waiting in any tab (a send that failed) starts the retry timer.
    leadSubs.push(merge(db.orders.$, db.sync_tasks.$).pipe(debounceTime(50)).subscribe(() => void rounds.scheduleRetry()));
    leadSubs.push(connectivity.changes$.pipe(filter(Boolean)).subscribe(() => void rounds.fresh()));
    // A thank-you page opened (in any tab): orders queued meanwhile go now, without asking (SPEC §4).
    leadSubs.push(
      watchLocal(db, LOCAL.ui)
        .pipe(map((u) => u.thankYouPageOpen), pairwise(), filter(([before, after]) => !before && after))
        .subscribe(() => void rounds.run()),
    );
    // "Retry now" in any tab.
    leadSubs.push(
      watchLocal(db, SYNC_STATUS)
        .pipe(map((s) => s.retryRequestedAt), pairwise(), filter(([before, after]) => after !== null && after !== before))
        .subscribe(() => {
          // The shopper asks for everything to be tried again: a cart connection that stopped after
          // the server refused it (its bypass limit) too, which otherwise waited for a page reload.
          cart.reset();
          void rounds.fresh();
          catalog?.reSync();
        }),
    );
    await yieldToMain();
    if (resigned()) return;
    // Before the first cart sync: lines an order stored by a page that went meanwhile still holds.
    await orders.takeLinesLeftInCart().catch(rounds.failed);
    await cart.load().catch(rounds.failed);
    // Orders held for a customer go with the first round when that customer is signed in: a sign-in
    // made while no tab led (the leading page reloading) was seen by no watch, and the order waited.
    await orders.releaseHeld().catch(rounds.failed);
    await rounds.run();
  }

  /** Another tab leads now (this one was frozen or put in the back/forward cache). */
  async function resign(): Promise<void> {
    leadTerm++;
    leadSubs.splice(0).forEach((s) => s.unsubscribe());
    profileKeeper = null;
    rounds.pause();
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
    orders: orders.outbox,
    leadership,
    /** Competes for the lead; while this tab leads it replicates the catalogue, syncs the cart and runs the queues. */
    start(): void {
      stopFocusPulls ??= requestCartPullOnFocus(db);
      // A page that opens, leading or not, finishes the taking of an order a page stored and then lost
      // (this very page before its reload): the tab that leads may have led all along and not look
      // again, and its next cart sync would send the ordered lines on (seed 1160000075: the login
      // merge put an order's bolts in the customer's cart). Taking twice is harmless (see there).
      // The page shows and edits its cart once this is done (`whenOpened`).
      if (!startSub) opened = orders.takeLinesLeftInCart().catch(rounds.failed);
      startSub ??= leadership.leading$.subscribe((isLeader) => {
        if (isLeader) {
          leading = lead();
          void leading.then(() => resolveFirstLead?.(), () => undefined);
        } else void resign();
      });
      leadership.start();
    },
    /**
     * Resolves once this page has taken from its cart the lines of an order a page stored and then
     * lost (a reload during an order): until then the cart still shows them, and a quantity set on
     * one was taken with it as the order's (seed 1250000006: the shopper set the ordered anchors to
     * 4 after the reload, and the cart ended empty). The page goes live after it (open-local-shop.ts).
     */
    whenOpened: () => opened,
    /** Resolves when this tab has first taken the lead and finished its start-up sync (tests). */
    whenLeading: () => firstLead.then(() => leading),
    /** Resolves once the catalogue replicas have caught up in this tab's first lead (never while offline or following). */
    whenCatalogueReplicated: () => catalogueReplicated,
    async stop(): Promise<void> {
      stopped = true;
      stopFocusPulls?.();
      stopFocusPulls = null;
      rounds.stop();
      startSub?.unsubscribe();
      startSub = null;
      leadership.stop();
      await resign();
    },
    /** What the sync status panel shows, live. */
    overview$: () => watchSyncOverview(db, connectivity, leadership),
    /** "Retry now": the leading tab (this one or another) runs a sync round and a catalogue pull. */
    retry: () => requestRetry(db),
    /**
     * When this tab next retries waiting work by itself (ms from now): a sync round, or a read of the
     * missing profile that orders held for the customer wait for. Null when it has none set (a tab
     * that does not lead).
     */
    retryDueInMs: (): number | null => {
      const due = [rounds.retryDueInMs(), profileKeeper?.retryDueInMs() ?? null].filter((ms): ms is number => ms !== null);
      return due.length > 0 ? Math.min(...due) : null;
    },
    setAutomaticTransmission: (on: boolean) => modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: on })),
    /** The review step opened: the order id this checkout owns (the same in every tab until its order is placed). */
    beginCheckout: orders.beginCheckout,
    placeOrder: orders.place,
    confirmQueuedOrders: orders.confirmQueued,
    cancelQueuedOrders: orders.cancelQueued,
    signIn: session.signIn,
    signOut: session.signOut,
  };
}

export type ShopSync = ReturnType<typeof createShopSync>;
