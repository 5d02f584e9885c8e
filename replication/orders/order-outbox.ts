import type { OrderRecord } from '../../schemas/rx/orders.schema';
import type { Notice } from '../tasks/task-types';
import { ORDER_PUSH_MESSAGES, pushOrder, type PushOutcome } from './order-push';
import type { ApiClient } from '../api/api-types';

/** Where orders wait (the `orders` collection). */
export interface OrderStore {
  insert(order: OrderRecord): Promise<void>;
  get(orderId: string): Promise<OrderRecord | null>;
  /** Orders not yet accepted by the server, oldest first. */
  queued(): Promise<OrderRecord[]>;
  update(orderId: string, patch: Partial<OrderRecord>): Promise<void>;
  remove(orderIds: readonly string[]): Promise<void>;
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
}

export type PlaceResult = { order: OrderRecord; outcome: PushOutcome['kind']; message?: string };

/** `${ms}-${uuid}`: unique per order, and the same on every retry of it. */
export const newOrderId = (now = Date.now()) => `${now}-${crypto.randomUUID()}`;

/** An account password travels with the order once; it is not kept on the device afterwards. */
function withoutPassword(body: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown) => {
    if (!value || typeof value !== 'object') return value;
    const { password: _p, ...rest } = value as Record<string, unknown>;
    return rest;
  };
  return {
    ...body,
    ...(body.personalDetails ? { personalDetails: strip(body.personalDetails) } : {}),
    ...(body.createAccount && typeof body.createAccount === 'object' ? { createAccount: strip(body.createAccount) } : {}),
  };
}

/**
 * Orders are written locally first with a client-made order_id, then pushed. Offline or on a server
 * error they stay queued and go again later with the same id; a network drop after the server
 * placed the order is harmless for that reason. One push per order at a time in this tab.
 */
export function createOrderOutbox(deps: OrderOutboxDeps) {
  const now = () => (deps.now ? deps.now() : Date.now());
  const inFlight = new Map<string, Promise<PushOutcome>>();

  async function record(order: OrderRecord, outcome: PushOutcome): Promise<void> {
    const at = now();
    if (outcome.kind === 'sent') {
      await deps.store.update(order.order_id, { state: 'sent', transmited: true, transmited_at: at, result: outcome.result, error: null, body: withoutPassword(order.body), updated_at: at });
      await deps.onSent?.(order);
    } else if (outcome.kind === 'rejected') {
      await deps.store.update(order.order_id, { state: 'rejected', error: outcome.message, body: withoutPassword(order.body), updated_at: at });
    } else {
      await deps.store.update(order.order_id, { attempts: order.attempts + 1, error: outcome.message, updated_at: at });
    }
  }

  function send(orderId: string): Promise<PushOutcome | null> {
    const running = inFlight.get(orderId);
    if (running) return running;
    const run = (async (): Promise<PushOutcome | null> => {
      const order = await deps.store.get(orderId);
      if (!order || order.state !== 'queued') return null;
      const outcome = await pushOrder(deps.api, order.body);
      await record(order, outcome);
      return outcome;
    })().finally(() => inFlight.delete(orderId));
    inFlight.set(orderId, run as Promise<PushOutcome>);
    return run;
  }

  return {
    send,
    /** Stores the order, then sends it when online. A queued or sent order counts as placed. */
    async place(body: Record<string, unknown>): Promise<PlaceResult> {
      const at = now();
      const orderId = typeof body.order_id === 'string' && body.order_id ? body.order_id : newOrderId(at);
      const order: OrderRecord = { order_id: orderId, state: 'queued', transmited: false, transmited_at: null, attempts: 0, body: { ...body, order_id: orderId }, result: null, error: null, created_at: at, updated_at: at };
      await deps.store.insert(order);
      if (!deps.isOnline()) return { order, outcome: 'queued' };
      const outcome = (await send(orderId)) ?? { kind: 'queued' as const, message: ORDER_PUSH_MESSAGES.queued };
      if (outcome.kind !== 'sent') await deps.notify({ type: 'error', message: outcome.message });
      const stored = (await deps.store.get(orderId)) ?? order;
      return { order: stored, outcome: outcome.kind, ...(outcome.kind === 'sent' ? {} : { message: outcome.message }) };
    },
    /** Sends every queued order, oldest first; stops at the first that cannot get through. */
    async sendQueued(): Promise<{ sent: number; waiting: number; rejected: number }> {
      const counts = { sent: 0, waiting: 0, rejected: 0 };
      for (const order of await deps.store.queued()) {
        const outcome = await send(order.order_id);
        if (!outcome) continue;
        if (outcome.kind === 'sent') counts.sent++;
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
    /** The shopper declined to send the orders made offline. */
    async cancelQueued(): Promise<number> {
      const ids = (await deps.store.queued()).map((o) => o.order_id);
      await deps.store.remove(ids);
      return ids.length;
    },
  };
}

export type OrderOutbox = ReturnType<typeof createOrderOutbox>;
