import { expectKnown, isInProgressReply, MESSAGES, ResponseFormatError } from '../api/api-errors';
import type { ApiClient, ApiEnvelope } from '../api/api-types';
import type { Notice } from '../tasks/task-types';
import { cartApi } from './cart-api';
import { cartHash } from './cart-hash';
import { mergeCart } from './cart-merge';
import { followServerCart } from './cart-follow';
import { changesInLines, inCartTerms, OPS_PER_REQUEST, removedLast, withChangesForAnotherCart, withoutOps, type PendingCartOp } from './cart-ops-journal';
import { mergeEnded, withMergeOwed, withMergePending } from './merge-removals';
import { strayMergeAdds, withMergeAddsResent } from './merge-adds';
import { carryMergedLines, convertedCustomerCart } from './converted-customer-cart';
import { CartLostError, knownOrNull } from './cart-outcome';
import { cartTotals } from './cart-totals';
import type { CartLine, CartState, CartStore, DiffLog, ServerCartItem, SyncOptions } from './cart-types';
import { emptyDiff } from './cart-types';
import { orderedLineKey, type AwaitingProduct } from './item-match';
import type { LineProductInfo } from './server-line';

export interface CartSyncDeps {
  api: ApiClient;
  store: CartStore;
  isOnline(): boolean;
  /** A signed-in shopper connects to the customer cart; a guest to a guest cart. */
  hasUserToken(): Promise<boolean>;
  notify(notice: Notice): Promise<void>;
  lookup?(sku: string): Promise<LineProductInfo | undefined>;
  /** The products of orders placed on this device that name this cart and have not reached the server yet. */
  awaitingOrder?(cartId: string): Promise<readonly AwaitingProduct[]>;
  /** Guest-cart fallbacks after a 401 per page session (the reference default is 1). */
  maxBypassAttempts?: number;
  now?(): number;
}

/** What sending the shopper's changes gave: the server's cart after them, or the cart's refusal. */
interface SentChanges {
  refusal: ApiEnvelope<unknown> | null;
  /** Null when nothing was sent (the cart is then pulled). */
  items: ServerCartItem[] | null;
  /** The lines the sent changes were about. */
  keys: ReadonlySet<string>;
  /** Of those, the lines whose last change sent was a removal. */
  removed: ReadonlySet<string>;
  /** Lines sent whole instead of by their changes. */
  overtaken: ReadonlySet<string>;
}

/**
 * `follow`: the customer cart this device used became an order; the server moved what the order did
 * not take to the customer's next cart, which the device then follows as it followed the old one
 * (no login merge: that would send back lines the order took on another device).
 */
type ConnectOptions = { guestCart: boolean; forceClientState?: boolean | undefined; follow?: boolean };
/**
 * `connected`: straight after a connect, which does not connect again, so a server that keeps
 * refusing cannot loop. `repulled`: after a lost cart was pulled again once.
 */
type InnerSyncOptions = SyncOptions & { connected?: boolean; repulled?: boolean };

/** `CartState.leftWithOrders` without the keys a sync round has dealt with (null when none are left). */
const withoutKeys = (list: CartState['leftWithOrders'], done: ReadonlySet<string>): CartState['leftWithOrders'] => {
  const keys = list?.keys.filter((key) => !done.has(key)) ?? [];
  return list && keys.length > 0 ? { cartId: list.cartId, keys } : null;
};

/**
 * The cart sync of SPEC §4 / vsf1 §1, run by the leader tab. Every operation is queued behind the
 * previous one, so a sync never overlaps another sync, a connect or a coupon change.
 *
 * Outcomes follow DESIGN "Faults and exactly-once": only a refusal (a 4xx with a message) removes or
 * reverts a line or disables the sync. An unknown outcome (no reply, time-out, 5xx, 429, not our
 * envelope) leaves the lines as they are, clears the synced hash so the next sync sends them again,
 * and is thrown (an UnknownOutcomeError) for the caller to retry later.
 */
export function createCartSync(deps: CartSyncDeps) {
  const cart = cartApi(deps.api);
  const now = () => (deps.now ? deps.now() : Date.now());
  const maxBypass = deps.maxBypassAttempts ?? 1;
  const totals = cartTotals(cart, deps.store, now);
  let queue: Promise<unknown> = Promise.resolve();
  /** SPEC §4 "any other outcome disables sync": after a refusal, for the rest of this page session. */
  let disabled = false;

  function serial<T>(op: () => Promise<T>): Promise<T> {
    const run = queue.then(op, op);
    queue = run.catch(() => undefined);
    return run;
  }

  const update = (change: Partial<CartState>) => deps.store.updateState((s) => ({ ...s, ...change }));

  /** The Idempotency-Key of the cart creation about to be sent: the one whose reply never came, if any. */
  async function connectKey(guest: boolean): Promise<string> {
    const state = await deps.store.updateState((s) => (s.connectRequest?.guest === guest ? s : { ...s, connectRequest: { key: crypto.randomUUID(), guest } }));
    return state.connectRequest!.key;
  }

  async function connect(options: ConnectOptions): Promise<DiffLog> {
    if (disabled || !deps.isOnline()) return emptyDiff();
    const guest = options.guestCart;
    // A customer cart may hold lines saved in another session: the first sync with it merges them
    // in, it never deletes them, however it ends.
    if (!guest && !options.follow) await deps.store.updateState(withMergePending);
    const created = await cart.create(guest, await connectKey(guest));
    // The key is held by a creation that never finished: after a server crash its claim answers every
    // retry so for minutes, and the lines wait. No wait is needed: a customer has one open cart
    // whatever the key, and a guest cart made twice leaves only an empty one behind. The next try asks anew.
    if (isInProgressReply(created)) await update({ connectRequest: null });
    const reply = expectKnown(created);
    if (reply.code === 200 && typeof reply.result !== 'string') throw new ResponseFormatError(MESSAGES.wrongFormat, reply.code);
    await update({ connectRequest: null });
    if (reply.code === 200) {
      // Totals and coupon belonged to the previous cart; the new cart's come with its first totals sync.
      // A guest cart does not end a login merge: one asked for while this creation was on its way
      // (the shopper signed in meanwhile) still connects the customer's cart next. The guest
      // fallbacks after a 401 and a sign-out end it themselves.
      await update({ token: reply.result, customerCart: !guest, itemsHash: null, lastSyncAt: null, lastTotalsSyncAt: null, platformTotals: null, totalSegments: null, coupon: null });
      if (!guest) await carryMergedLines(deps.store, reply.result);
      return sync({ forceClientState: options.forceClientState, forceSync: true, connected: true });
    }
    const state = await deps.store.state();
    if (reply.code === 401 && state.connectBypassCount < maxBypass) {
      await update({ connectBypassCount: state.connectBypassCount + 1, ...mergeEnded });
      return connect({ ...options, guestCart: true });
    }
    disabled = true;
    return emptyDiff();
  }

  /**
   * The login merge connects the customer's cart (SPEC §4): the coupon comes off the guest cart, the
   * customer's cart is connected and merged with quantities summed, then the coupon goes back on.
   * Done here, by whichever sync finds the merge owed, and not by the sign-in's own call only: a tab
   * that takes the lead after a sign-in merges from its start-up sync, and the shopper lost the code.
   */
  async function connectForLogin(before: CartState): Promise<DiffLog> {
    const coupon = before.coupon?.code ?? null;
    if (coupon && before.token && !before.customerCart) {
      // Kept before it leaves the guest cart: a merge cut short after this still puts it on.
      await update({ couponAfterMerge: coupon });
      await knownOrNull(cart.deleteCoupon(before.token));
    }
    return connect({ guestCart: false });
  }

  /**
   * The coupon the login merge took off the guest cart goes on the customer's cart, by the round
   * that finishes the merge. An outcome not known leaves it for the next round; the server's answer
   * ends it (a refusal too: the coupon does not apply to this customer's cart).
   */
  async function couponBackOn(): Promise<void> {
    const { token, customerCart, mergePending, couponAfterMerge } = await deps.store.state();
    if (!couponAfterMerge || !token || !customerCart || mergePending) return;
    const applied = await knownOrNull(cart.applyCoupon(token, couponAfterMerge));
    if (!applied) return;
    await update({ couponAfterMerge: null });
    if (applied.code === 200) await totals.syncTotals(token);
  }

  /**
   * Line key → quantity the device's unsent orders take from this cart, beside the `lines` read before.
   * An order stored but not done taking its lines has not taken from a line it has not marked: that
   * line, as read, still holds the quantity, which is not the order's yet (counted, a line put back
   * after a refused order went to the cart with the order's quantity added, and the order placed again
   * then took only its own: seed 1000000437).
   */
  async function awaitingOrder(cartId: string, lines: readonly CartLine[]): Promise<Map<string, number>> {
    const marks = new Map(lines.map((line) => [line.id, line.taken_by ?? []]));
    const quantities = new Map<string, number>();
    for (const product of (await deps.awaitingOrder?.(cartId)) ?? []) {
      const key = orderedLineKey(product);
      if (product.placement !== undefined && marks.has(key) && !marks.get(key)!.includes(product.placement)) continue;
      quantities.set(key, (quantities.get(key) ?? 0) + product.qty);
    }
    return quantities;
  }

  /** The keys of `CartState.leftWithOrders` for this cart; a list kept for another cart is dropped. */
  async function linesLeftWithOrders(token: string): Promise<Set<string>> {
    const { leftWithOrders } = await deps.store.state();
    if (leftWithOrders && leftWithOrders.cartId !== token) await update({ leftWithOrders: null });
    return new Set(leftWithOrders?.cartId === token ? leftWithOrders.keys : []);
  }

  /** The pull was refused: the cart is not usable as the device knew it. */
  async function afterRefusedPull(reply: ApiEnvelope<unknown>, state: CartState, options: InnerSyncOptions): Promise<DiffLog> {
    // A cart just created cannot be lost already; stop rather than loop, the next sync tries again.
    if (options.connected) return emptyDiff();
    // 401: the customer cart refused this token → a guest cart, up to the bypass limit (SPEC §8).
    if (reply.code === 401 && state.connectBypassCount < maxBypass) {
      await update({ connectBypassCount: state.connectBypassCount + 1, token: null, customerCart: false, ...mergeEnded });
      return connect({ guestCart: true, forceClientState: true });
    }
    // Another customer's, converted or unknown: the lines go to a new cart (SPEC §7 "a missing cart id re-creates the cart").
    if (reply.code === 403 || reply.code === 404) {
      await update({ token: null, customerCart: false, ...(reply.code === 404 ? { convertedCustomerCart: convertedCustomerCart(state) } : {}) });
      const customer = await deps.hasUserToken();
      return connect({ guestCart: !customer, forceClientState: true, follow: customer && reply.code === 404 && state.customerCart && !state.mergePending });
    }
    disabled = true;
    return emptyDiff();
  }

  /**
   * The login merge connected `token`: lines a logout kept for this very cart (`signedOutCart`) come
   * back as lines of it, summed with a guest line of the same product, so the merge sends them as
   * they were and removes what the shopper had removed. Kept for another cart (an order turned it
   * into an order since, and the server moved the lines it did not take to this one), the lines are
   * dropped but the removals stand: the line the shopper removed is here now, and came back with
   * the login (seed 1240000259: a bolt removed before a sign-out whose queued order, sent after the
   * next sign-in, converted the cart). A line already back (a merge interrupted after this) is not
   * added twice. The ids of the lines the shopper removed when lines came back, else null.
   */
  async function restoreSignedOutCart(token: string): Promise<ReadonlySet<string> | null> {
    const kept = (await deps.store.state()).signedOutCart;
    if (!kept) return null;
    if (kept.cartId !== token) {
      await update({ signedOutCart: null });
      return kept.removed?.length ? new Set(kept.removed) : null;
    }
    const here = new Map((await deps.store.readForSync()).map((line) => [line.id, line]));
    for (const line of kept.lines) {
      const guest = here.get(line.id);
      if (guest?.server_cart_id === token) continue;
      // The changes written to the guest line are in the sum (the kept line's went with the session).
      await deps.store.putLine({ ...line, qty: line.qty + (guest?.qty ?? 0), server_cart_id: token, updated_at: now(), last_op_id: guest?.last_op_id ?? null });
    }
    // Kept by an earlier version, which did not record removals: none is deleted (it may be another device's line).
    return new Set(kept.removed ?? []);
  }

  /**
   * Changes a logout kept for the customer's cart (`PendingCartOp.forCustomerCart`: the takes of lines
   * an order naming no cart took) that is not the cart the device uses now: they go to the cart they
   * were kept for and, an order having converted it since (404), to this customer cart, where the
   * server moved the lines that order did not take. Dropped with the converted cart, the takes never
   * reached the lines (seed 1290000089: another device's order converted the cart while this one was
   * signed out, and the anchor and washer this one had ordered stayed in the customer's cart).
   * Answered either way, they are done: a refusal (another customer's cart) is not this cart's.
   */
  async function sendChangesKeptForCustomerCart(token: string): Promise<void> {
    const state = await deps.store.state();
    if (!state.customerCart || state.token !== token) return;
    const kept = state.opsForWaitingOrders.filter((op) => op.forCustomerCart && op.cartId !== undefined && op.cartId !== token);
    for (const cartId of new Set(kept.map((op) => op.cartId!))) {
      const ops = kept.filter((op) => op.cartId === cartId);
      for (let at = 0; at < ops.length; at += OPS_PER_REQUEST) {
        const batch = ops.slice(at, at + OPS_PER_REQUEST);
        let reply = expectKnown(await cart.apply(cartId, batch));
        if (reply.code === 404) reply = expectKnown(await cart.apply(token, batch));
        if (reply.code === 401) return;
        const done = new Set(batch.map((op) => op.op_id));
        await deps.store.updateState((s) => ({ ...s, opsForWaitingOrders: s.opsForWaitingOrders.filter((op) => !done.has(op.op_id)) }));
      }
    }
  }

  /**
   * Sends the shopper's changes (`cart-ops-journal.ts`) and returns the cart as the server holds it
   * after them. Changes about a line confirmed in another cart (the cart was lost and this one is
   * new) are not sent: the line goes whole, as the device holds it (`overtaken`). A refusal of one
   * change is told with the server's words and drops it; the line then follows the server's cart.
   * A refusal of the cart itself (401, 403, 404) is returned for the caller to reconnect.
   */
  async function sendChanges(token: string, recorded: readonly PendingCartOp[], lines: readonly CartLine[]): Promise<SentChanges> {
    await sendChangesKeptForCustomerCart(token);
    let changes = recorded;
    const elsewhere = new Set(lines.filter((line) => line.server_cart_id && line.server_cart_id !== token).map((line) => line.id));
    // Changes kept for a cart an order took them from, now gone: the order has those lines, but not
    // what their overwrites removed from the rest of them (`withChangesForAnotherCart`). Those of a
    // cart an order still waiting names stay for it.
    const others = new Set(changes.flatMap((op) => (op.cartId !== undefined && op.cartId !== token ? [op.cartId] : [])));
    if (others.size > 0) {
      const waitedFor = new Set<string>();
      for (const cartId of others) if (((await deps.awaitingOrder?.(cartId)) ?? []).length > 0) waitedFor.add(cartId);
      const ids = new Set(changes.map((op) => op.op_id));
      const after = await deps.store.updateState((s) => withChangesForAnotherCart(s, token, waitedFor));
      changes = after.pendingOps.filter((op) => ids.has(op.op_id));
    }
    const current = changes.filter((op) => op.cartId === undefined || op.cartId === token);
    const overtaken = new Set(current.filter((op) => elsewhere.has(op.key)).map((op) => op.key));
    // Kept past a logout for an order that names this cart: they go first, as the order sends them,
    // each applied once by its id. Left to the order, they came on top of the quantity a login merge
    // had already put there for it (seed 1000003597: a bolt ordered, signed out and in, came back).
    const owed = (await deps.store.state()).opsForWaitingOrders.filter((op) => op.cartId === token && !current.some((mine) => mine.op_id === op.op_id));
    const toSend = [...owed, ...current.filter((op) => !elsewhere.has(op.key))];
    const keys = new Set(toSend.map((op) => op.key));
    let items: ServerCartItem[] | null = null;
    const awaiting = toSend.length > 0 ? await awaitingOrder(token, lines) : new Map<string, number>();
    for (let at = 0; at < toSend.length; at += OPS_PER_REQUEST) {
      const batch = toSend.slice(at, at + OPS_PER_REQUEST);
      const reply = expectKnown(await cart.apply(token, batch.map((op) => inCartTerms(op, awaiting))));
      if (reply.code === 401 || reply.code === 403 || reply.code === 404) return { refusal: reply, items: null, keys, removed: new Set(), overtaken };
      if (reply.code === 200) {
        if (typeof reply.result !== 'object' || !Array.isArray(reply.result.items) || !Array.isArray(reply.result.results)) throw new ResponseFormatError(MESSAGES.wrongFormat, reply.code);
        items = reply.result.items;
        for (const result of reply.result.results) if (result.status === 'refused' && result.message) await deps.notify({ type: 'error', message: result.message });
      } else if (typeof reply.result === 'string') await deps.notify({ type: 'error', message: reply.result });
      // Applied, applied before, or refused (a refusal of the whole batch too): none is sent again.
      await deps.store.updateState((s) => withoutOps(s, new Set(batch.map((op) => op.op_id))));
    }
    return { refusal: null, items, keys, removed: removedLast(toSend), overtaken };
  }

  async function syncOnce(options: InnerSyncOptions): Promise<DiffLog> {
    if (disabled || !deps.isOnline()) return emptyDiff();
    let state = await deps.store.state();
    // Signed out before the login merge could finish: there is no customer cart to merge with.
    if (state.mergePending && !(await deps.hasUserToken())) state = await update(mergeEnded);
    // Also straight after a connect: a guest cart created while the shopper signed in is not the customer's.
    if (state.mergePending && !(state.token && state.customerCart)) return connectForLogin(state);
    const lines = await deps.store.lines();
    if (!state.token) {
      const customer = await deps.hasUserToken();
      // Signed in with an empty cart and no cart id (this device's order let go of its cart), a pull
      // (a focus, a reload, the timer) still reads the customer's cart: another device may fill it.
      // So does any round with changes to send: the customer's cart takes them (an order's 'take').
      if (lines.length === 0 && !(customer && (options.pull || state.pendingOps.length > 0))) return emptyDiff();
      // An order converted the customer cart this device used: the next one holds what it left.
      return connect({ guestCart: !customer, forceClientState: options.forceClientState, follow: customer && (state.convertedCustomerCart !== null || lines.length === 0) });
    }
    const token = state.token;
    const login = state.mergePending;
    const quiet = !options.forceSync && !options.pull && !state.forceSync && state.pendingOps.length === 0;
    if (!login && quiet && state.itemsHash === cartHash(lines, token) && state.lastSyncAt !== null) return emptyDiff();
    await update({ lastSyncAt: now(), forceSync: false });
    // The changes this round deals with: the login merge sends the lines they made, the others send
    // them. Those kept for an order that names this cart are the order's, not in the lines: they go
    // first in either round, so the cart the merge reads holds what the order will take from it.
    const changes = (await deps.store.state()).pendingOps;
    const sent = await sendChanges(token, login ? changes.filter((op) => op.cartId === token) : changes, await deps.store.lines());
    if (sent.refusal) return afterRefusedPull(sent.refusal, state, options);
    let serverItems = sent.items;
    if (!serverItems) {
      const reply = expectKnown(await cart.pull(token));
      if (reply.code !== 200 || !Array.isArray(reply.result)) return afterRefusedPull(reply, state, options);
      serverItems = reply.result;
    }
    const restored = login ? await restoreSignedOutCart(token) : null;
    // Read after the reply: the lines the merge sends are the ones compared with the server's.
    const read = await deps.store.readForSync();
    const awaiting = await awaitingOrder(token, read);
    const leftWithOrders = await linesLeftWithOrders(token);
    // Read after the lines: a change is recorded before its line is written, so every change the
    // lines hold is in it (a line missing from them went with a removal or an order recorded here).
    const after = await deps.store.state();
    // The cart was let go meanwhile (an order emptied it, a sign-out): this reply is not its cart any more.
    if (after.token !== token) return emptyDiff();
    const removedWhileMerging = login ? new Set(after.removedWhileMerging) : undefined;
    const carriedLines = login && after.carriedLines?.cartId === token ? new Set(after.carriedLines.keys) : undefined;
    // The login merge sends the lines as it read them, whole: the changes they hold are its to send
    // from here, and are dropped before it sends anything. Were they kept until the round ends, a round
    // cut short after a line reached the cart (its reply lost) would leave them, and a line an order
    // naming this cart took before the next round would have them sent again on top of the quantity
    // the merge put there (seed 1000000590: 2 screws merged, then added once more as a change). A line
    // still here is sent whole by the next round anyway.
    // A line it sent by adds whose reply was lost, taken since by an order naming no cart, keeps its take
    // and gets those adds back before it (`withMergeAddsResent`).
    const stray = login ? strayMergeAdds(after, token, read) : [];
    const strayKeys = new Set(stray.map((add) => add.key));
    const heldChanges = login ? changesInLines(after.pendingOps, read).filter((op) => !(strayKeys.has(op.key) && op.type === 'take')) : [];
    if (login && (heldChanges.length > 0 || stray.length > 0)) await deps.store.updateState((s) => withMergeAddsResent(withoutOps(s, new Set(heldChanges.map((op) => op.op_id))), stray));
    const ctx = { cart, store: deps.store, cartId: token, heldChanges, isCurrent: async () => (await deps.store.state()).token === token, showError: (message: string) => deps.notify({ type: 'error', message }), now, lookup: deps.lookup ? (sku: string) => deps.lookup!(sku) : undefined, awaiting, leftWithOrders, removedWhileMerging, strayMergeAdds: strayKeys, carriedLines, mergeAdds: login ? after.mergeAdds : undefined, mergeId: login ? after.mergeId : undefined, withdrawnMergeAdds: login ? new Set(after.withdrawnMergeAdds ?? []) : undefined };
    let diff: DiffLog;
    try {
      diff = login
        ? await mergeCart(ctx, read, serverItems, { login, restored })
        : await followServerCart(ctx, read, serverItems, { sent: sent.keys, removed: sent.removed, later: new Set(after.pendingOps.map((op) => op.key)) });
    } catch (error) {
      // Not the lines' fault: a fresh pull tells whether the cart is gone (→ a new one) or its lines changed.
      if (error instanceof CartLostError && !options.repulled) return syncOnce({ ...options, forceSync: true, repulled: true });
      throw error;
    }
    // The changes of lines sent whole are not needed (the login merge's went before it sent). Changes
    // recorded but not written to the lines when they were read (an add in another tab at that
    // moment) stay, for the next round to send.
    const done = new Set((login ? [] : changes.filter((op) => sent.overtaken.has(op.key))).map((op) => op.op_id));
    if (done.size > 0) await deps.store.updateState((s) => withoutOps(s, done));
    if (login) await update({ ...mergeEnded, signedOutCart: null, carriedLines: null });
    // Followed by any round (`followServerCart` takes the server's quantity): not kept for a later merge.
    else if (after.carriedLines) await update({ carriedLines: null });
    if (after.couponAfterMerge) await couponBackOn();
    // The lines this round found left with orders are dealt with; ones recorded since wait for the next.
    if (leftWithOrders.size > 0) await deps.store.updateState((s) => ({ ...s, leftWithOrders: withoutKeys(s.leftWithOrders, leftWithOrders) }));
    const linesNow = await deps.store.lines();
    const merged = cartHash(linesNow, token);
    // Changes sent this round changed the server's cart even when the lines here already showed them
    // (a round before recorded their hash while they were still on their way): its totals are new.
    const totalsRequired = state.lastTotalsSyncAt === null || state.itemsHash !== merged || sent.items !== null || Boolean(options.forceSync);
    // The server now holds the lines as this merge read them. Lines edited or removed (in any tab)
    // since are not on the server yet: recording their hash as synced would make the sync that edit
    // queued skip them, and the server keep the old cart. So would a line added during the pull and
    // removed during the merge, were the hash compared with a read from before the pull.
    await update({ itemsHash: merged === cartHash(read, token) ? merged : null });
    if (totalsRequired && linesNow.length > 0) await totals.syncTotals(token);
    diff.items.push({ party: 'client', status: merged !== cartHash(lines, token) ? 'update-required' : 'no-changes' });
    diff.items.push({ party: 'server', status: totalsRequired ? 'update-required' : 'no-changes' });
    return diff;
  }

  async function sync(options: InnerSyncOptions): Promise<DiffLog> {
    try {
      return await syncOnce(options);
    } catch (error) {
      // What reached the server is not known: with the hash cleared the next sync compares again and
      // sends the rest. The caller hears of the first failure, not of a store closed meanwhile.
      await update({ itemsHash: null }).catch(() => undefined);
      throw error;
    }
  }

  return {
    /** Startup: with a stored cart id the server may contribute lines; without one, lines get a cart. A login merge left pending goes on. */
    load: () =>
      serial(async () => {
        await update({ connectBypassCount: 0 });
        // A reload reads the server's cart: another device may have changed it meanwhile.
        return sync({ forceClientState: false, pull: true });
      }),
    /** After a local edit (any tab): the client's lines win (a pending login merge runs instead). */
    sync: (options: SyncOptions = { forceClientState: true }) => serial(() => sync(options)),
    /**
     * On login (the session token appeared): the login merge (`connectForLogin`, coupon included). It
     * is marked pending before anything is sent, so if it is interrupted every later sync, and `load`
     * after a reload, finishes it; a sync that already connected the customer's cart merged.
     */
    authorize: async () => {
      // A new session: its own 401s may fall back to a guest cart again.
      await deps.store.updateState((s) => ({ ...withMergeOwed(s), connectBypassCount: 0 }));
      return serial(() => sync({ forceClientState: true }));
    },
    /** Reads the server's cart even with nothing to send (a focus, a timer): another device may have changed it. */
    refresh: () => serial(() => sync({ pull: true })),
    /** Applying a coupon forces a totals sync; true or the message to show. */
    applyCoupon: (code: string) => serial(() => totals.applyCoupon(code)),
    /** True, the message to show, or null for a refusal without one. */
    removeCoupon: () => serial(() => totals.removeCoupon()),
    syncTotals: () =>
      serial(async () => {
        const { token } = await deps.store.state();
        if (token) await totals.syncTotals(token);
      }),
    /** Re-enables sync (a new page session). */
    reset: () => void (disabled = false),
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
