import type { OrderRecord, OrderState, RepricedTotals } from '../../schemas/rx/orders.schema';
import { isUnknownOutcome } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';
import type { Notice } from '../tasks/task-types';
import { withdrawQueuedOrder } from './order-lookup';
import { isOrderSession, type DeviceSession } from './order-owner';
import { markOrderedElsewhere, orderedElsewhereNotice } from './ordered-elsewhere';
import { ORDER_PUSH_MESSAGES, pushOrder, type PushOutcome } from './order-push';
import { withoutPassword } from './order-secrets';

/** Where orders wait (the `orders` collection). */
export interface OrderStore {
  /** Stores a new order; when one is stored under its id already (another tab's), returns that one instead. */
  insert(order: OrderRecord): Promise<OrderRecord | null>;
  get(orderId: string): Promise<OrderRecord | null>;
  /** Orders not yet accepted by the server, oldest first (held and repriced ones too when asked). */
  queued(options?: { includeHeld?: boolean }): Promise<OrderRecord[]>;
  /**
   * Patches the stored order, or only when `onlyIf` holds for it as stored when written (another
   * tab's change included); false when it was left as it was.
   */
  update(orderId: string, patch: Partial<OrderRecord>, onlyIf?: (stored: OrderRecord) => boolean): Promise<boolean>;
  /**
   * Removes the orders, or only those of them in the state `onlyIn` as stored when removed, whatever
   * another tab wrote to them meanwhile (a removal must not be lost to another tab's update).
   */
  remove(orderIds: readonly string[], onlyIn?: OrderState): Promise<void>;
}

export interface OrderOutboxDeps {
  api: ApiClient;
  store: OrderStore;
  notify(notice: Notice): Promise<void>;
  /** navigator.onLine: offline, the order is only stored. */
  isOnline(): boolean;
  now?(): number;
  /** After the server accepted an order (it converted the cart the order names). */
  onSent?(order: OrderRecord): Promise<void>;
  /**
   * Whose session the device holds now: a customer's order goes with that customer's session only,
   * and a held one waits for it. Without it, every order goes with whatever session there is.
   */
  session?(): Promise<DeviceSession>;
  /**
   * Before each push: whether the server cart the order names holds what the order takes from it
   * (the device's changes kept for that cart were sent). False leaves the order queued for later.
   */
  cartReadyFor?(body: Record<string, unknown>): Promise<boolean>;
}

export type PlaceOutcome = 'sent' | 'queued' | 'held' | 'rejected' | 'repriced';
/** `repriced`: with that outcome, the server's new totals the shopper has to confirm. */
export type PlaceResult = { order: OrderRecord; outcome: PlaceOutcome; message?: string; repriced?: RepricedTotals };

/** `${ms}-${uuid}`: unique per order, and the same on every retry of it. */
export const newOrderId = (now = Date.now()) => `${now}-${crypto.randomUUID()}`;

/**
 * A refusal answers the order as it was pushed. One that carries another body since (confirmed at a
 * new total) or was stored afresh under its id (the checkout placed again after a repriced order was
 * dropped) is not refused by it: a late reply to another tab's push must not mark that one.
 */
const answeredBy = (pushed: OrderRecord) => (stored: OrderRecord) =>
  stored.state === 'queued' && stored.created_at === pushed.created_at && JSON.stringify(stored.body) === JSON.stringify(pushed.body);

/** What an outcome means for the placing screen: a converted cart is shown as the order that converted it (marked as ordered elsewhere). */
const placeOutcome = (outcome: PushOutcome): PlaceOutcome => (outcome.kind === 'converted' ? 'sent' : outcome.kind);

/**
 * Orders are written locally first with a client-made order_id, then pushed. Offline or on any
 * unknown outcome they stay queued and go again later with the same id; a lost reply after the
 * server placed the order is harmless for that reason. One push per order at a time in this tab.
 *
 * An account password typed at checkout never reaches the database: it is kept in this tab's
 * memory for the sends made from here, and an order sent later from a reload or another tab goes
 * without it (the order is placed, the account is not created).
 */
export function createOrderOutbox(deps: OrderOutboxDeps) {
  const now = () => (deps.now ? deps.now() : Date.now());
  const inFlight = new Map<string, Promise<PushOutcome | null>>();
  const secretBodies = new Map<string, Record<string, unknown>>();

  /** Whose session the device holds now; undefined when sessions are not told apart (no `deps.session`). */
  const sessionNow = async (): Promise<DeviceSession | undefined> => (deps.session ? deps.session() : undefined);
  /** Whether the order may go with `session` (always, when sessions are not told apart). */
  const fits = (order: OrderRecord, session: DeviceSession | undefined) => session === undefined || isOrderSession(order.body, session);

  async function markSent(order: OrderRecord, result: Record<string, unknown>): Promise<void> {
    const at = now();
    await deps.store.update(order.order_id, { state: 'sent', transmited: true, transmited_at: at, result, error: null, updated_at: at });
  }

  /** What follows an accepted order (a new server cart for the lines left) cannot undo it: its failure is only logged. */
  async function afterSent(order: OrderRecord): Promise<void> {
    try {
      await deps.onSent?.(order);
    } catch (error) {
      console.warn('the order is placed; what follows it failed and is retried with the next sync', error);
    }
  }

  /**
   * The cart this order names was turned into another order that holds every line this one asks for
   * (the server places an order with any other line as an order of its own, without the cart). When
   * that order is one of this device's own, this is a separate order that named a spent cart: it goes
   * again without the cart. Otherwise another device or session ordered the same lines from the cart
   * (this checkout seen twice): nothing more is placed (the order is not sent again), and the device
   * keeps the server's order in its place, marked as ordered elsewhere so that the shopper is told so
   * instead of being shown it as the order they just placed.
   */
  async function converted(order: OrderRecord, outcome: Extract<PushOutcome, { kind: 'converted' }>): Promise<PushOutcome | null> {
    const known = await deps.store.get(outcome.orderId);
    if (known) {
      const { cart_id: _spent, ...body } = order.body;
      await deps.store.update(order.order_id, { body, updated_at: now() });
      const secret = secretBodies.get(order.order_id);
      if (secret) secretBodies.set(order.order_id, { ...secret, cart_id: undefined });
      return null;
    }
    const at = now();
    await deps.store.insert({ ...order, order_id: outcome.orderId, state: 'sent', transmited: true, transmited_at: at, result: markOrderedElsewhere(outcome.result, order.order_id), error: null, body: { ...order.body, order_id: outcome.orderId }, updated_at: at });
    await deps.store.remove([order.order_id]);
    return outcome;
  }

  async function record(order: OrderRecord, outcome: PushOutcome): Promise<PushOutcome | null> {
    const at = now();
    switch (outcome.kind) {
      case 'sent':
        await markSent(order, outcome.result);
        secretBodies.delete(order.order_id);
        await afterSent(order);
        return outcome;
      case 'converted': {
        const shown = await converted(order, outcome);
        if (!shown) return null;
        secretBodies.delete(order.order_id);
        await afterSent(order);
        return outcome;
      }
      // A refusal of what the order no longer is returns null: send pushes the order as it is now.
      case 'rejected':
        if (!(await deps.store.update(order.order_id, { state: 'rejected', error: outcome.message, updated_at: at }, answeredBy(order)))) return null;
        secretBodies.delete(order.order_id);
        return outcome;
      case 'held': {
        if (!(await deps.store.update(order.order_id, { state: 'held', error: outcome.message, updated_at: at }, answeredBy(order)))) return null;
        // The push went without a session, and its customer signed in while it was on its way: the
        // sign-in released the held orders before this one was held, so it goes again with the session.
        const session = await sessionNow();
        if (!session || !fits(order, session)) return outcome;
        const requeued = await deps.store.update(order.order_id, { state: 'queued', attempts: order.attempts + 1, error: null, updated_at: now() }, (stored) => stored.state === 'held');
        return requeued ? { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued } : outcome;
      }
      case 'repriced':
        // Nothing was placed; the order (with any password, for the send that follows the shopper's
        // confirmation from this tab) waits for that confirmation.
        if (!(await deps.store.update(order.order_id, { state: 'repriced', error: outcome.message, repriced: outcome.repriced, updated_at: at }, answeredBy(order)))) return null;
        return outcome;
      case 'queued':
        await deps.store.update(order.order_id, { attempts: order.attempts + 1, error: outcome.message, updated_at: at });
        return outcome;
    }
  }

  async function pushOnce(orderId: string): Promise<PushOutcome | null> {
    const order = await deps.store.get(orderId);
    if (!order || order.state !== 'queued') return null;
    const body = secretBodies.get(orderId) ?? order.body;
    // Another customer's session (or one whose customer is not known yet) is not this order's: it
    // goes without it, so the server answers only what it already has of it, and otherwise asks for
    // its customer's login (held). Its cart's changes are that customer's, and wait for them too.
    const withSession = fits(order, await sessionNow());
    if (withSession && deps.cartReadyFor && !(await deps.cartReadyFor(body))) return record(order, { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued });
    const outcome = await pushOrder(deps.api, body, { withSession });
    return record(order, outcome);
  }

  /**
   * Pushes one queued order; a spent cart's order goes a second time without the cart, and so does an
   * order refused as it was before another tab changed it.
   */
  function send(orderId: string): Promise<PushOutcome | null> {
    const running = inFlight.get(orderId);
    if (running) return running;
    const run = (async () => (await pushOnce(orderId)) ?? (await pushOnce(orderId)))().finally(() => inFlight.delete(orderId));
    inFlight.set(orderId, run);
    return run;
  }

  /**
   * The waiting orders the device's session may act on: a customer's only with their own session, a
   * guest's with any (`isOrderSession`). On a shared device the next customer is neither asked about
   * nor able to cancel the orders the previous one left waiting.
   */
  async function queuedForSession(options?: { includeHeld: boolean }): Promise<OrderRecord[]> {
    const session = await sessionNow();
    return (await deps.store.queued(options)).filter((o) => fits(o, session));
  }

  return {
    send,
    queuedForSession: () => queuedForSession(),
    get: (orderId: string) => deps.store.get(orderId),
    /**
     * Stores the order (without any password) as queued: from here on it is placed, whatever the
     * network does. An order already stored under this id is left as it is and returned.
     */
    async store(body: Record<string, unknown>, orderId: string): Promise<{ order: OrderRecord; isNew: boolean }> {
      const existing = await deps.store.get(orderId);
      if (existing) return { order: existing, isNew: false };
      const at = now();
      // The body crosses into storage as plain JSON (a screen may hand over frozen or proxied data).
      const full = JSON.parse(JSON.stringify({ ...body, order_id: orderId })) as Record<string, unknown>;
      // `lines_taken`: the placing page takes the ordered lines out of the cart next, and records it.
      const order: OrderRecord = { order_id: orderId, state: 'queued', transmited: false, transmited_at: null, attempts: 0, body: withoutPassword(full), result: null, error: null, lines_taken: false, created_at: at, updated_at: at };
      // Another tab may store the same checkout's order at the same moment: then that one is the order.
      const raced = await deps.store.insert(order);
      if (raced) return { order: raced, isNew: false };
      if (full !== order.body) secretBodies.set(orderId, full);
      return { order, isNew: true };
    },
    /** Sends a stored order now when online; the outcome the placing screen shows. */
    async sendNow(orderId: string, known?: OrderRecord): Promise<PlaceResult> {
      // `known`: the order as another tab stored it a moment ago, which this instance may not read yet.
      const before = (await deps.store.get(orderId)) ?? known ?? null;
      if (!before) throw new Error(`order ${orderId} is not stored`);
      let outcome: PushOutcome | null = null;
      if (before.state === 'queued' && deps.isOnline()) {
        try {
          outcome = await send(orderId);
        } catch (error) {
          // Stored is placed: a failure after that (a storage hiccup while recording) leaves it queued.
          if (!isUnknownOutcome(error)) console.error('order send failed; it stays queued', error);
        }
        if (outcome?.kind === 'queued') await deps.notify({ type: 'error', message: outcome.message });
        if (outcome?.kind === 'held') await deps.notify({ type: 'info', message: outcome.message });
      }
      const shownId = outcome?.kind === 'converted' ? outcome.orderId : orderId;
      const order = (await deps.store.get(shownId)) ?? before;
      const state: PlaceOutcome = outcome ? placeOutcome(outcome) : order.state;
      const repriced = outcome?.kind === 'repriced' ? outcome.repriced : state === 'repriced' ? order.repriced : null;
      return { order, outcome: state, ...(state === 'rejected' || state === 'held' || state === 'repriced' ? { message: order.error ?? undefined } : {}), ...(repriced ? { repriced } : {}) };
    },
    /**
     * Sends every queued order, oldest first. A refused, repriced or held order does not hold up the
     * rest; an unknown outcome stops the round (the connection or the server is down: the timer retries).
     * A repriced order is not queued, so no round sends it before the shopper confirmed its new total.
     */
    async sendQueued(): Promise<{ sent: number; waiting: number; rejected: number; held: number; repriced: number }> {
      const counts = { sent: 0, waiting: 0, rejected: 0, held: 0, repriced: 0 };
      for (const order of await deps.store.queued()) {
        const outcome = await send(order.order_id);
        if (!outcome) continue;
        if (outcome.kind === 'sent') counts.sent++;
        else if (outcome.kind === 'converted') {
          counts.sent++;
          // No placing screen shows this one: the notice says that nothing more was ordered.
          await deps.notify({ type: 'warning', message: orderedElsewhereNotice(outcome.orderId, outcome.result) });
        } else if (outcome.kind === 'held') counts.held++;
        else if (outcome.kind === 'repriced') counts.repriced++;
        else if (outcome.kind === 'rejected') {
          counts.rejected++;
          await deps.notify({ type: 'error', message: outcome.code === 400 ? ORDER_PUSH_MESSAGES.queuedAddressInvalid : outcome.message });
        } else {
          counts.waiting++;
          break;
        }
      }
      return counts;
    },
    /**
     * The shopper confirmed a repriced order at `grandTotal`, the new total they were shown: it goes
     * back in the queue carrying that total (the server refuses it again if the price moved once more).
     * Returns false when the order is not waiting for such a confirmation (sent meanwhile, cancelled).
     */
    async reconfirm(orderId: string, grandTotal: number): Promise<boolean> {
      const order = await deps.store.get(orderId);
      if (order?.state !== 'repriced') return false;
      await deps.store.update(orderId, { state: 'queued', body: { ...order.body, grand_total: grandTotal }, repriced: null, error: null, updated_at: now() });
      const secret = secretBodies.get(orderId);
      if (secret) secretBodies.set(orderId, { ...secret, grand_total: grandTotal });
      return true;
    },
    /**
     * A repriced order placed from the review step is dropped: its lines went back to the cart and the
     * checkout, which keeps the order id, places it afresh once the shopper confirmed the new total.
     */
    async dropRepriced(orderId: string): Promise<void> {
      // Only while still repriced: another tab may have sent it on the shopper's confirmation meanwhile.
      await deps.store.remove([orderId], 'repriced');
      if (!(await deps.store.get(orderId))) secretBodies.delete(orderId);
    },
    /**
     * A customer signed in again: the orders held for them go back in the queue (and a guest's held
     * order with any session); orders held for another customer stay held. Gives how many went back.
     */
    async releaseHeld(): Promise<number> {
      const session = await sessionNow();
      if (session === null) return 0;
      const held = (await deps.store.queued({ includeHeld: true })).filter((o) => o.state === 'held' && fits(o, session));
      for (const order of held) await deps.store.update(order.order_id, { state: 'queued', error: null, updated_at: now() });
      return held.length;
    },
    /**
     * The shopper declined to send the orders made offline (repriced ones too; only those of their own
     * session, see `queuedForSession`). Each is withdrawn with the server first:
     * one it already has (an earlier push reached it, or another tab sent it) is placed and stays;
     * one it does not have is withdrawn there (a send still on its way is refused) and deleted here;
     * one it cannot be asked about (offline, no answer) stays queued.
     */
    async cancelQueued(): Promise<{ removed: number; placed: number; unknown: number }> {
      const counts = { removed: 0, placed: 0, unknown: 0 };
      for (const order of await queuedForSession({ includeHeld: true })) {
        const answer = await withdrawQueuedOrder(deps.api, order.order_id);
        if (answer === 'withdrawn') {
          await deps.store.remove([order.order_id]);
          secretBodies.delete(order.order_id);
          counts.removed++;
        } else if (answer === 'not-known-yet') counts.unknown++;
        else {
          await markSent(order, answer.result);
          await afterSent(order);
          counts.placed++;
        }
      }
      return counts;
    },
  };
}

export type OrderOutbox = ReturnType<typeof createOrderOutbox>;
