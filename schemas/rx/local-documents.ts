import type { CouponRuleReply } from '../api/cart';
import type { CartLine } from './cart.schema';

/**
 * Singletons kept as local documents (never replicated, not collections, so they do not count
 * toward the collection cap). Local documents have no schema of their own; these types are theirs.
 */

/** SPEC §3 User state: the tokens and the session start. */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  groupToken: string | null;
  groupId: number | null;
  sessionStartedAt: number | null;
  /** The id sent with the next refresh of `refreshToken`; kept until the refresh is answered, so a replay after a lost reply is known. */
  refreshRequestId?: string | null;
}

/** The profile as `GET /api/user/me` returned it (firstname, lastname, email, group_id, addresses). */
export type CurrentUser = Record<string, unknown> & { email?: string; firstname?: string; lastname?: string; group_id?: number };

/** SPEC §3 Checkout data, with the time of the last change ("in checkout" for 30 minutes after it). */
export interface CheckoutDetails {
  personalDetails: Record<string, unknown>;
  shippingDetails: Record<string, unknown>;
  paymentDetails: Record<string, unknown>;
  /** The Order Summary step's fields: the shopper's own reference (job or PO number). Not the terms tick. */
  reviewDetails?: Record<string, unknown>;
  modifiedAt: number | null;
  /** When the last order was placed from this device. */
  lastOrderAt: number | null;
  /**
   * The order id this checkout owns, from the review step until its order is stored: every press,
   * retry, reload and tab of this checkout places that one order (DESIGN "Faults and exactly-once").
   */
  orderId?: string | null;
}

export interface Settings {
  /** Send orders made offline as soon as the connection returns, without asking. Off by default. */
  automaticTransmission: boolean;
  locale: string;
  /**
   * Download the whole catalogue for offline use. Unset: not asked yet, so it downloads on an
   * unmetered connection and asks first on a metered or Save-Data one (offline-catalog-choice.ts).
   */
  offlineCatalogue?: boolean;
}

/** SPEC §3 Cart state (the lines are the `cart` collection). */
export interface CartState {
  /** The server cart id (a guest cart id is a bearer secret). */
  token: string | null;
  /** The items hash at the last sync; null when never synced. */
  itemsHash: string | null;
  lastSyncAt: number | null;
  lastTotalsSyncAt: number | null;
  platformTotals: Record<string, unknown> | null;
  totalSegments: Record<string, unknown>[] | null;
  shippingMethods: Record<string, unknown>[];
  paymentMethods: Record<string, unknown>[];
  shipping: Record<string, unknown> | null;
  payment: Record<string, unknown> | null;
  /** `rule` (from the server's totals) lets the device apply the coupon to totals worked out offline. */
  coupon: { code: string; discount_amount: number; rule?: CouponRuleReply } | null;
  /**
   * The guest cart's coupon code, taken off it by the login merge: it goes on the customer's cart once
   * the merge has connected it, however many rounds that takes (a merge cut short, a reload).
   */
  couponAfterMerge: string | null;
  connectBypassCount: number;
  isAdding: boolean;
  minicartOpen: boolean;
  /** Sync on the next chance regardless of the hash. */
  forceSync: boolean;
  /** `token` is the signed-in customer's cart (not a guest cart). */
  customerCart: boolean;
  /**
   * The login merge has not finished: until it has, every sync merges with the customer's cart
   * (its saved lines are added here, never deleted there), across failures and reloads.
   */
  mergePending: boolean;
  /**
   * Names this login merge (set with `mergePending`): its add of a line to a customer cart has an id
   * made from it (`mergeAddId`), which an order placed meanwhile can name before the add is sent.
   */
  mergeId: string | null;
  /** The Idempotency-Key of a cart creation whose reply has not arrived: its retry gets the same cart (dropped when the server says the key's request is still in progress). */
  connectRequest: { key: string; guest: boolean } | null;
  /**
   * The customer cart's lines as this device last held them, kept by a logout that came before the
   * server had them (a removal or a quantity change not sent yet: offline, or the send failed). The
   * next login that connects the same cart sends them first, so a removed line does not come back
   * and a changed quantity is not lost; a login to any other cart drops them. `removed`: the ids of
   * the lines the shopper removed (the journal's last change of them a removal): only those are
   * deleted there. A server line the device merely lacks may be another device's, added after this
   * device last read the cart (found replaying the steps of soak seed 1000001085). Absent in a cart
   * kept by an earlier version.
   */
  signedOutCart: { cartId: string; lines: CartLine[]; removed?: string[] } | null;
  /**
   * Lines an order took whole off this device while the server cart `cartId` may hold them, the
   * order not naming that cart (the login merge had just sent them, or another order names the
   * cart): they went with their order, so the next sync deletes them from that cart instead of
   * bringing them back as lines saved in another session.
   */
  leftWithOrders: { cartId: string; keys: string[] } | null;
  /**
   * Lines merged into a customer cart an order has converted since, carried to the customer's next
   * cart `cartId` (`carryMergedLines`): the server moved there what the order did not take, so the
   * login merge takes the server's quantity of them instead of sending the device's, which may count
   * what another device's order took (seed 1260000308).
   */
  carriedLines?: { cartId: string; keys: string[] } | null;
  /**
   * Ids (sku and options) of lines the shopper removed, or set a quantity on, while the login merge was
   * pending: the merge deletes them from the customer cart instead of bringing them back, or sends
   * the quantity set instead of summing it with the cart's (see `withLineReplacedDuringMerge`).
   */
  removedWhileMerging: string[];
  /**
   * The login merge's adds sent and not yet answered (`replication/cart/merge-adds.ts`): a round that
   * finds its line merged sends them again with the same ids, which the server applies once, so a
   * reply lost on the way neither counts the add twice nor overwrites what another device added.
   */
  mergeAdds: MergeAdd[];
  /**
   * Ids of login-merge adds (`mergeAddId`) that will never be sent: an order naming the cart took
   * the line whole before the merge sent it (`withMergeAddsWithdrawn`). The order's account of the
   * line names the add, which the server counts only if it came; the device must not count it as the
   * order's in the cart either (`productsAwaitingOrder`).
   */
  withdrawnMergeAdds?: string[];
  /**
   * The shopper's cart changes not yet known to be applied by the server, in the order made (see
   * `replication/cart/cart-ops-journal.ts`): each goes to POST /api/cart/apply with its own id, so
   * another device's lines are never overwritten and a change sent twice is applied once.
   */
  pendingOps: PendingCartOp[];
  /**
   * Changes a logout took out of `pendingOps` that an order still waiting on the device owes its
   * cart (`PendingCartOp.cartId`): the order takes its quantities from that cart when it arrives,
   * so they go there first, whenever the order goes (`order-cart-changes.ts`), even after the device
   * moved to a guest cart and back. Dropped with the logout, the order took its lines from another
   * device's (seed 1000001085).
   */
  opsForWaitingOrders: PendingCartOp[];
  /** A tab asked for the server's cart (focus, a reload): the leading tab pulls it even with nothing to send. */
  pullRequestedAt: number | null;
  /**
   * A customer cart an order converted: the lines the order did not take went on into the
   * customer's next cart, and so did the device's lines confirmed in it (see `convertedCustomerCart`).
   */
  convertedCustomerCart: string | null;
}

/** One change the shopper made to the cart (`CartState.pendingOps`); `key` is the local line id it is about. */
export interface PendingCartOp {
  op_id: string;
  type: 'add' | 'set' | 'remove' | 'take';
  key: string;
  sku: string;
  product_option: Record<string, unknown> | null;
  /** add: how many more; set: the new quantity; take: how many fewer (an order took them); remove: none. */
  qty?: number;
  /** Only for this cart (an order naming it took the line): dropped once the device uses another. */
  cartId?: string;
  /**
   * Kept past a logout for the customer's cart `cartId` (the takes of an order that named no cart,
   * `changesOfLinesOrderedWithoutCart`): when an order converted that cart since, they go to the
   * customer's next one, where the server moved the lines that order did not take.
   */
  forCustomerCart?: boolean;
}

/**
 * One line's login-merge adds to the customer cart `cartId`, sent but not answered. `lineQty`: the
 * quantity the line held when they were sent; what the shopper adds to it afterwards goes as a new add.
 */
export interface MergeAdd {
  cartId: string;
  key: string;
  ops: PendingCartOp[];
  lineQty: number;
}

/** Flags the views react to. */
export interface UiFlags {
  /** Shown after a failed token refresh logged the shopper out. */
  signUpModal: boolean;
  /** Untransmitted orders waiting for the shopper's confirmation ("Order waiting!"). */
  ordersAwaitingConfirmation: string[];
  /**
   * The question above is stored but its notification not yet added: set with the question, cleared
   * once added. A tab closed between the two leaves it set, so the next round adds the notification,
   * while one the shopper dismissed (added, then removed) is not brought back.
   */
  orderQuestionUnraised: boolean;
  /** The thank-you page is open: queued orders go as soon as the connection returns. */
  thankYouPageOpen: boolean;
}

export const LOCAL_DOCUMENT_IDS = {
  session: 'session',
  currentUser: 'current-user',
  checkout: 'checkout',
  settings: 'settings',
  cartState: 'cart-state',
  ui: 'ui-flags',
} as const;

export const DEFAULT_SESSION: SessionState = { token: null, refreshToken: null, groupToken: null, groupId: null, sessionStartedAt: null };
export const DEFAULT_CHECKOUT: CheckoutDetails = { personalDetails: {}, shippingDetails: {}, paymentDetails: {}, reviewDetails: {}, modifiedAt: null, lastOrderAt: null };
// Orders made offline go when the connection returns: pressing "Place the order" was the confirmation.
export const DEFAULT_SETTINGS: Settings = { automaticTransmission: true, locale: 'en-GB' };
export const DEFAULT_CART_STATE: CartState = {
  token: null,
  itemsHash: null,
  lastSyncAt: null,
  lastTotalsSyncAt: null,
  platformTotals: null,
  totalSegments: null,
  shippingMethods: [],
  paymentMethods: [],
  shipping: null,
  payment: null,
  coupon: null,
  couponAfterMerge: null,
  connectBypassCount: 0,
  isAdding: false,
  minicartOpen: false,
  forceSync: false,
  customerCart: false,
  mergePending: false,
  mergeId: null,
  connectRequest: null,
  signedOutCart: null,
  leftWithOrders: null,
  removedWhileMerging: [],
  mergeAdds: [],
  pendingOps: [],
  opsForWaitingOrders: [],
  pullRequestedAt: null,
  convertedCustomerCart: null,
};
export const DEFAULT_UI_FLAGS: UiFlags = { signUpModal: false, ordersAwaitingConfirmation: [], orderQuestionUnraised: false, thankYouPageOpen: false };
