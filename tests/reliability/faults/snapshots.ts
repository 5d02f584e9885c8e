import { unsyncedCartLines } from '../../../src/db/sync/sync-overview';
import type { ShopDatabase } from '../../../src/db/database-types';
import { LOCAL, readLocal } from '../../../src/db/local-state';
import type { ScenarioServer, StoredCart, StoredOrder } from './scenario-server';
import type { Lines } from './shopper-model';
import { describeOrderLines } from './order-lines-described';

/** What the device holds, read from one tab's database (every tab shares it). */
export interface DeviceSnapshot {
  orders: { order_id: string; state: string; attempts: number; error: string | null; increment_id: string | null; cart_id: string | null; lines_taken: boolean; lines: string }[];
  pendingTasks: string[];
  cart: Lines;
  cartToken: string | null;
  /** The device's own count of cart changes the server has not confirmed. */
  unsyncedCart: number;
  /** Cart changes recorded and not yet answered by the server. */
  pendingCartOps: number;
  signedIn: boolean;
  signUpModal: boolean;
}

export interface ServerSnapshot {
  orders: StoredOrder[];
  /** The cart the device is connected to (null: no such cart, or the device has no cart id). */
  cart: StoredCart | null;
  /** The signed-in customer's open cart, when it is another one. */
  customerCartId: string | null;
}

export async function deviceSnapshot(db: ShopDatabase): Promise<DeviceSnapshot> {
  const [orders, tasks, lines, cartState, session, ui] = await Promise.all([
    db.orders.find().exec(),
    db.sync_tasks.find({ selector: { transmited: false } }).exec(),
    db.cart.find().exec(),
    readLocal(db, LOCAL.cartState),
    readLocal(db, LOCAL.session),
    readLocal(db, LOCAL.ui),
  ]);
  const plainLines = lines.map((l) => l.toMutableJSON());
  return {
    orders: orders.map((o) => ({
      order_id: o.order_id,
      state: o.state,
      attempts: o.attempts,
      error: o.error ?? null,
      increment_id: typeof o.result?.increment_id === 'string' ? o.result.increment_id : null,
      cart_id: typeof o.body.cart_id === 'string' ? o.body.cart_id : null,
      lines_taken: o.lines_taken ?? true,
      lines: describeOrderLines(o.body),
    })),
    pendingTasks: tasks.map((t) => t.url),
    cart: Object.fromEntries(plainLines.map((l) => [l.sku, l.qty])),
    cartToken: cartState.token,
    unsyncedCart: unsyncedCartLines(plainLines, cartState, Boolean(session.token)),
    pendingCartOps: cartState.pendingOps.length,
    signedIn: Boolean(session.token),
    signUpModal: ui.signUpModal,
  };
}

/** Orders still waiting on the device: anything neither accepted nor refused for good. */
export const waitingOrders = (device: DeviceSnapshot) => device.orders.filter((o) => o.state !== 'sent' && o.state !== 'rejected');

export async function serverSnapshot(server: ScenarioServer, email: string, device: DeviceSnapshot): Promise<ServerSnapshot> {
  const [orders, cart, customerCartId] = await Promise.all([server.ordersFor(email), device.cartToken ? server.cart(device.cartToken) : null, device.signedIn ? server.customerCartId(email) : null]);
  return { orders, cart, customerCartId: customerCartId && customerCartId !== device.cartToken ? customerCartId : null };
}

export const linesOf = (lines: readonly { sku: string; qty: number }[]): Lines => {
  const out: Lines = {};
  for (const l of lines) out[l.sku] = (out[l.sku] ?? 0) + l.qty;
  return out;
};
