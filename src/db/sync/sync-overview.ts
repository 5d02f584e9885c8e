import { combineLatest, map, startWith, type Observable } from 'rxjs';
import { cartHash } from '../../../replication/cart/cart-hash';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import type { SyncTaskRecord } from '../../../replication/tasks/task-types';
import type { Connectivity } from './connectivity';
import type { ShopDatabase } from '../database-types';
import { LOCAL, watchLocal, type CartState, type Settings, type UiFlags } from '../local-state';
import { SYNC_STATUS, type SyncRecord } from './sync-status';
import type { TabLeadership } from './tab-leadership';

export interface WaitingOrder {
  orderId: string;
  placedAt: number;
  attempts: number;
  error: string | null;
  grandTotal: number | null;
  awaitingConfirmation: boolean;
  /** Refused for a changed price: the new total the shopper is asked to confirm. */
  newTotal: number | null;
}

export interface SentOrder {
  orderId: string;
  placedAt: number;
  sentAt: number | null;
  /** The server's order number (increment_id). */
  number: string | null;
  grandTotal: number | null;
}

export interface RejectedOrder {
  orderId: string;
  placedAt: number;
  error: string | null;
}

/** Everything the sync status panel shows, for one tab. */
export interface SyncOverview {
  online: boolean;
  /** This tab is the one talking to the server. */
  leading: boolean;
  waitingOrders: WaitingOrder[];
  sentOrders: SentOrder[];
  rejectedOrders: RejectedOrder[];
  tasks: { taskId: string; url: string; createdAt: number }[];
  /** Cart lines changed here and not yet confirmed by the server. */
  cartChanges: number;
  cartLastSyncAt: number | null;
  catalogueLastSyncAt: number | null;
  lastSyncAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  automaticTransmission: boolean;
  /** Total of things waiting to be sent (the header badge). */
  waitingCount: number;
}

export interface SyncInputs {
  online: boolean;
  leading: boolean;
  orders: readonly OrderRecord[];
  tasks: readonly SyncTaskRecord[];
  lines: readonly CartLine[];
  cart: CartState;
  /** A customer is signed in (their cart takes changes the device has no cart id for). */
  signedIn?: boolean;
  status: SyncRecord;
  settings: Settings;
  ui: UiFlags;
}

const total = (order: OrderRecord): number | null => {
  const value = order.result?.grand_total;
  return typeof value === 'number' ? value : null;
};

/**
 * Lines the server has not confirmed: never sent, or the cart changed since the last sync. An empty
 * cart counts one while its last sync failed (a removal not known to have reached the server), while
 * the login merge is owed (the account's saved lines are not on the device yet) and while changes
 * recorded for the server's cart wait to be sent (`hasUnsentCartChanges`): the device is still at
 * work then (`hasPendingWork`), and the shopper is not told everything is saved.
 */
export function unsyncedCartLines(lines: readonly CartLine[], cart: Pick<CartState, 'token' | 'itemsHash'> & Partial<Pick<CartState, 'mergePending' | 'pendingOps'>>, signedIn = false): number {
  const owed = cart.mergePending || hasUnsentCartChanges(cart, signedIn) ? 1 : 0;
  if (lines.length === 0) return cart.token && cart.itemsHash === null ? 1 : owed;
  const unconfirmed = lines.filter((l) => l.server_item_id === null || l.server_item_id === undefined).length;
  if (!cart.token || cart.itemsHash !== cartHash(lines, cart.token)) return Math.max(unconfirmed, 1);
  return Math.max(unconfirmed, owed);
}

/**
 * Changes recorded for the server's cart and not yet answered, with a cart to send them to: the one
 * the device uses or, signed in, the customer's, which takes them even with no line left here (the
 * 'take' of an order that named no cart, of lines another device may hold there). Counted only with
 * a cart, the device reported itself saved while the take waited, and the other device kept the
 * line (seed 1270000987). A guest with no cart has nowhere to send them until a line needs one.
 */
export const hasUnsentCartChanges = (cart: Pick<CartState, 'token'> & Partial<Pick<CartState, 'pendingOps'>>, signedIn: boolean): boolean =>
  (cart.pendingOps?.length ?? 0) > 0 && (cart.token !== null || signedIn);

export function summarizeSync(input: SyncInputs): SyncOverview {
  const byNewest = [...input.orders].sort((a, b) => b.created_at - a.created_at);
  const awaiting = new Set(input.ui.ordersAwaitingConfirmation);
  const waitingOrders = byNewest
    .filter((o) => o.state === 'queued' || o.state === 'held' || o.state === 'repriced')
    .map((o) => {
      const newTotal = o.state === 'repriced' ? (o.repriced?.grand_total ?? null) : null;
      // A repriced order always waits for the shopper, whatever the automatic transmission setting.
      return { orderId: o.order_id, placedAt: o.created_at, attempts: o.attempts, error: o.error ?? null, grandTotal: total(o), awaitingConfirmation: awaiting.has(o.order_id) || o.state === 'repriced', newTotal };
    });
  const sentOrders = byNewest
    .filter((o) => o.state === 'sent')
    .map((o) => ({ orderId: o.order_id, placedAt: o.created_at, sentAt: o.transmited_at ?? null, number: typeof o.result?.increment_id === 'string' ? o.result.increment_id : null, grandTotal: total(o) }));
  const rejectedOrders = byNewest.filter((o) => o.state === 'rejected').map((o) => ({ orderId: o.order_id, placedAt: o.created_at, error: o.error ?? null }));
  const tasks = input.tasks.filter((t) => !t.transmited).map((t) => ({ taskId: t.task_id, url: t.url, createdAt: t.created_at }));
  const cartChanges = unsyncedCartLines(input.lines, input.cart, input.signedIn);
  return {
    online: input.online,
    leading: input.leading,
    waitingOrders,
    sentOrders,
    rejectedOrders,
    tasks,
    cartChanges,
    cartLastSyncAt: input.cart.lastSyncAt,
    catalogueLastSyncAt: input.status.lastCatalogueSyncAt,
    lastSyncAt: input.status.lastSyncAt,
    lastError: input.status.lastError,
    lastErrorAt: input.status.lastErrorAt,
    automaticTransmission: input.settings.automaticTransmission,
    waitingCount: waitingOrders.length + tasks.length + (cartChanges > 0 ? 1 : 0),
  };
}

/** The overview, live from every tab's writes. */
export function watchSyncOverview(db: ShopDatabase, connectivity: Connectivity, leadership: TabLeadership): Observable<SyncOverview> {
  const plain = <T>(docs: { toMutableJSON(): unknown }[]) => docs.map((d) => d.toMutableJSON() as T);
  return combineLatest({
    online: connectivity.changes$.pipe(startWith(connectivity.isOnline())),
    leading: leadership.leading$,
    orders: db.orders.find().$.pipe(map((d) => plain<OrderRecord>(d))),
    tasks: db.sync_tasks.find({ selector: { transmited: false } }).$.pipe(map((d) => plain<SyncTaskRecord>(d))),
    lines: db.cart.find().$.pipe(map((d) => plain<CartLine>(d))),
    cart: watchLocal(db, LOCAL.cartState),
    signedIn: watchLocal(db, LOCAL.session).pipe(map((session) => Boolean(session.token))),
    status: watchLocal(db, SYNC_STATUS),
    settings: watchLocal(db, LOCAL.settings),
    ui: watchLocal(db, LOCAL.ui),
  }).pipe(map(summarizeSync));
}
