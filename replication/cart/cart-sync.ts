import { NetworkError } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';
import type { Notice } from '../tasks/task-types';
import { cartApi } from './cart-api';
import { cartHash } from './cart-hash';
import { mergeCart } from './cart-merge';
import type { CartState, CartStore, DiffLog, SyncOptions } from './cart-types';
import { emptyDiff } from './cart-types';
import type { LineProductInfo } from './server-line';

export interface CartSyncDeps {
  api: ApiClient;
  store: CartStore;
  isOnline(): boolean;
  /** A signed-in shopper connects to the customer cart; a guest to a guest cart. */
  hasUserToken(): Promise<boolean>;
  /** SPEC §4: "in checkout" (checkout data changed in the last 30 minutes) makes the client state win. */
  inCheckout(): Promise<boolean>;
  notify(notice: Notice): Promise<void>;
  lookup?(sku: string): Promise<LineProductInfo | undefined>;
  /** Guest-cart fallbacks after a 401 per page session (the reference default is 1). */
  maxBypassAttempts?: number;
  now?(): number;
}

type ConnectOptions = SyncOptions & { guestCart: boolean };
/** A sync straight after a connect does not connect again, so a server that keeps refusing cannot loop. */
type InnerSyncOptions = SyncOptions & { connected?: boolean };

const offline = (error: unknown) => error instanceof NetworkError;
/** Offline the call simply did not happen; any other failure propagates. */
function nullWhenOffline(error: unknown): null {
  if (offline(error)) return null;
  throw error;
}

/**
 * The cart sync of SPEC §4 / vsf1 §1, run by the leader tab. Every operation is queued behind the
 * previous one, so a sync never overlaps another sync, a connect or a coupon change.
 */
export function createCartSync(deps: CartSyncDeps) {
  const cart = cartApi(deps.api);
  const now = () => (deps.now ? deps.now() : Date.now());
  const maxBypass = deps.maxBypassAttempts ?? 1;
  let queue: Promise<unknown> = Promise.resolve();
  /** "Any other outcome disables sync": for the rest of this page session. */
  let disabled = false;

  function serial<T>(op: () => Promise<T>): Promise<T> {
    const run = queue.then(op, op);
    queue = run.catch(() => undefined);
    return run;
  }

  const update = (change: Partial<CartState>) => deps.store.updateState((s) => ({ ...s, ...change }));

  async function syncTotals(cartId: string): Promise<void> {
    const reply = await cart.totals(cartId).catch(nullWhenOffline);
    // SPEC §7: a non-200 totals reply is only logged.
    if (!reply || reply.code !== 200 || typeof reply.result !== 'object') return;
    const totals = reply.result;
    const code = typeof totals.coupon_code === 'string' ? totals.coupon_code : null;
    await update({
      platformTotals: totals,
      totalSegments: Array.isArray(totals.total_segments) ? (totals.total_segments as Record<string, unknown>[]) : null,
      coupon: code ? { code, discount_amount: Number(totals.discount_amount ?? 0) } : null,
      lastTotalsSyncAt: now(),
    });
  }

  async function connect(options: ConnectOptions): Promise<DiffLog> {
    if (disabled || !deps.isOnline()) return emptyDiff();
    const reply = await cart.create(options.guestCart).catch(nullWhenOffline);
    if (!reply) return emptyDiff();
    if (reply.code === 200 && typeof reply.result === 'string') {
      // Totals and coupon belonged to the previous cart; the new cart's come with its first totals sync.
      await update({ token: reply.result, itemsHash: null, lastSyncAt: null, lastTotalsSyncAt: null, platformTotals: null, totalSegments: null, coupon: null });
      return sync({ ...options, forceSync: true, connected: true });
    }
    const state = await deps.store.state();
    if (reply.code === 401 && state.connectBypassCount < maxBypass) {
      await update({ connectBypassCount: state.connectBypassCount + 1 });
      return connect({ ...options, guestCart: true });
    }
    disabled = true;
    return emptyDiff();
  }

  async function sync(options: InnerSyncOptions): Promise<DiffLog> {
    if (disabled || !deps.isOnline()) return emptyDiff();
    const state = await deps.store.state();
    const lines = await deps.store.lines();
    if (!state.token) return lines.length > 0 ? connect({ ...options, guestCart: !(await deps.hasUserToken()) }) : emptyDiff();
    const hash = cartHash(lines, state.token);
    if (!options.forceSync && !state.forceSync && state.itemsHash === hash && state.lastSyncAt !== null) return emptyDiff();
    await update({ lastSyncAt: now(), forceSync: false });
    const reply = await cart.pull(state.token).catch(nullWhenOffline);
    if (!reply) return emptyDiff();
    if (reply.code !== 200 || !Array.isArray(reply.result)) {
      await update({ itemsHash: hash });
      if (options.connected) return emptyDiff();
      // 401: the customer cart refused this token → a guest cart; 404: converted or unknown → a new cart.
      if (reply.code === 401 && state.connectBypassCount < maxBypass) {
        await update({ connectBypassCount: state.connectBypassCount + 1, token: null });
        return connect({ guestCart: true, forceClientState: true });
      }
      if (reply.code === 404) {
        await update({ token: null });
        return connect({ guestCart: !(await deps.hasUserToken()), forceClientState: true });
      }
      return emptyDiff();
    }
    const forceClientState = Boolean(options.forceClientState) || (await deps.inCheckout());
    let diff: DiffLog;
    try {
      diff = await mergeCart(
        { cart, store: deps.store, cartId: state.token, showError: (message) => deps.notify({ type: 'error', message }), now, lookup: deps.lookup ? (sku) => deps.lookup!(sku) : undefined },
        reply.result,
        { forceClientState, mergeQty: options.mergeQty },
      );
    } catch (error) {
      // The connection went in the middle of the merge: what was sent is on the server, and with
      // the hash cleared the next sync (back online) compares again and sends the rest.
      await update({ itemsHash: null });
      return nullWhenOffline(error) ?? emptyDiff();
    }
    const after = await deps.store.lines();
    const merged = cartHash(after, state.token);
    const totalsRequired = state.lastTotalsSyncAt === null || state.itemsHash !== merged || Boolean(options.forceSync);
    // Lines edited or removed (in any tab) while this sync ran are not on the server yet: recording
    // their hash as synced would make the sync that edit queued skip them, and the server keep the
    // old cart. Only a merge that leaves the lines as it found them is known to be in sync.
    await update({ itemsHash: merged === hash ? merged : null });
    if (totalsRequired && after.length > 0) await syncTotals(state.token);
    diff.items.push({ party: 'client', status: merged !== hash ? 'update-required' : 'no-changes' });
    diff.items.push({ party: 'server', status: totalsRequired ? 'update-required' : 'no-changes' });
    return diff;
  }

  return {
    /** Startup: with a stored cart id the server may contribute lines; without one, lines get a cart. */
    load: () =>
      serial(async () => {
        await update({ connectBypassCount: 0 });
        return sync({ forceClientState: false });
      }),
    /** After a local edit (any tab): the client's lines win. */
    sync: (options: SyncOptions = { forceClientState: true }) => serial(() => sync(options)),
    /**
     * On login: the coupon comes off, the customer's cart is connected and merged with quantities
     * summed, then the coupon goes back on (SPEC §4).
     */
    authorize: () =>
      serial(async () => {
        const state = await deps.store.state();
        const coupon = state.coupon?.code ?? null;
        if (coupon && state.token) await cart.deleteCoupon(state.token).catch(() => null);
        const diff = await connect({ guestCart: false, mergeQty: true });
        const token = (await deps.store.state()).token;
        if (coupon && token) {
          const applied = await cart.applyCoupon(token, coupon).catch(() => null);
          if (applied?.code === 200) await syncTotals(token);
        }
        return diff;
      }),
    /** Applying a coupon forces a totals sync; the answer is true or the server's message. */
    applyCoupon: (code: string) =>
      serial(async (): Promise<true | string> => {
        const { token } = await deps.store.state();
        if (!token) return "You've entered an incorrect coupon code";
        const reply = await cart.applyCoupon(token, code);
        if (reply.code !== 200) return typeof reply.result === 'string' ? reply.result : "You've entered an incorrect coupon code";
        await syncTotals(token);
        return true;
      }),
    removeCoupon: () =>
      serial(async (): Promise<boolean> => {
        const { token } = await deps.store.state();
        if (!token) return false;
        const reply = await cart.deleteCoupon(token);
        if (reply.code === 200) await syncTotals(token);
        return reply.code === 200;
      }),
    syncTotals: () => serial(async () => {
      const { token } = await deps.store.state();
      if (token) await syncTotals(token);
    }),
    /** Re-enables sync (a new page session). */
    reset: () => void (disabled = false),
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
