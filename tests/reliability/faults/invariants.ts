import { ShopperModel, formatLines, sameLines, type Lines } from './shopper-model';
import type { StoredCart } from './scenario-server';
import { linesOf, type DeviceSnapshot, type ServerSnapshot } from './snapshots';

/** The invariants, by name: every scenario checks each one (and the report counts the failures). */
export const INVARIANTS = {
  settles: 'the device reports settled (nothing queued, cart confirmed, no request in flight) once faults stop',
  settlesByItself: 'queued work goes on its own (timer retries, the online event), without a "Retry now" press',
  placeOrderAnswers: 'placeOrder answers (sent, queued, held or rejected) and never throws',
  oneOrderPerCheckout: 'one checkout gets one order_id, however many presses, tabs or reloads',
  placedOrderStored: 'every order the shopper placed is on the server, once, under the order_id the device shows',
  noOtherOrders: 'no other order exists for the e-mail, on the server or on the device',
  orderedLines: "each stored order holds the checkout's lines",
  confirmedTotal: 'an order confirmed at a total is stored at one the shopper confirmed (within a penny): never at a price they did not see',
  deviceOrderSent: 'the device shows each placed order as sent, with the server\'s order number',
  deviceCart: "the device's cart holds the lines the shopper added and did not remove or order",
  serverCart: "the server cart the device is connected to holds the same lines (no cart id is a failure when lines are expected)",
  otherDevice:
    "the customer's other device holds the customer's cart, as the server does: one cart, a serial order of what the shopper did on either device (a removal is not undone by a stale copy, a line added on one device is not dropped by the other, adds of one product sum, an ordered line does not come back, a line added while an order was placed stays)",
  session: 'nothing signs the shopper out but a sign-out step',
  tasks: 'every queued task reaches the server once (more only after a lost reply or a killed server)',
  noUnhandledErrors: 'no unhandled error or rejection during the scenario',
  noLateOrders: 'no order for the scenario reaches the server after its check',
} as const;
export type Invariant = keyof typeof INVARIANTS;

export interface Problem {
  invariant: Invariant;
  message: string;
}

export interface CheckInput {
  model: ShopperModel;
  device: DeviceSnapshot;
  server: ServerSnapshot;
}

/** The customer's other device, with the server cart its cart id names (null: none, or unknown). */
export interface OtherDeviceInput {
  device: DeviceSnapshot;
  cart: StoredCart | null;
}

export function checkOrders({ model, device, server }: CheckInput, shownAsOther: ReadonlyMap<number, string> = new Map()): Problem[] {
  const problems: Problem[] = [];
  const add = (invariant: Invariant, message: string) => problems.push({ invariant, message });
  const stored = new Map(server.orders.map((o) => [o.order_id, o]));
  const onDevice = new Map(device.orders.map((o) => [o.order_id, o]));
  const expected = new Set<string>();

  for (const checkout of model.checkouts) {
    const ids = ShopperModel.orderIds(checkout);
    // Orders whose press did not answer (a reload) but that the device holds were claimed into calls.
    if (!checkout.placed) {
      const strays = checkout.calls.filter((c) => c.orderId && stored.has(c.orderId)).map((c) => c.orderId!);
      for (const id of strays) add('noOtherOrders', `checkout #${checkout.n} was not placed (${checkout.calls.map((c) => c.outcome).join(', ')}) but order ${id} is on the server`);
      continue;
    }
    if (shownAsOther.has(checkout.n)) continue;
    if (ids.length !== 1) add('oneOrderPerCheckout', `checkout #${checkout.n} ${formatLines(checkout.lines)} got ${ids.length} order ids: ${ids.join(', ')}`);
    const onServer = ids.filter((id) => stored.has(id));
    if (onServer.length === 0) add('placedOrderStored', `checkout #${checkout.n}: none of its order ids (${ids.join(', ') || 'none shown'}) is on the server`);
    else if (onServer.length > 1) add('oneOrderPerCheckout', `checkout #${checkout.n} is on the server ${onServer.length} times: ${onServer.join(', ')}`);
    for (const id of ids) {
      expected.add(id);
      const order = stored.get(id);
      if (order && !sameLines(linesOf(order.lines), checkout.lines)) add('orderedLines', `order ${id} holds ${formatLines(linesOf(order.lines))}, checkout #${checkout.n} was ${formatLines(checkout.lines)}`);
      const confirmed = checkout.confirmedTotals;
      if (order && confirmed && !confirmed.some((t) => Math.abs(Math.round(t * 100) - Math.round(order.grand_total * 100)) <= 1)) {
        add('confirmedTotal', `order ${id} is stored at £${order.grand_total.toFixed(2)}; checkout #${checkout.n} was confirmed at ${confirmed.map((t) => `£${t.toFixed(2)}`).join(', ')}`);
      }
      const local = onDevice.get(id);
      if (!local) add('deviceOrderSent', `order ${id} (checkout #${checkout.n}) is not on the device`);
      else if (local.state !== 'sent') add('deviceOrderSent', `order ${id} is ${local.state} on the device${local.error ? ` (${local.error})` : ''}${order ? ' but stored on the server' : ''}`);
      else if (order && local.increment_id !== order.increment_id) add('deviceOrderSent', `order ${id}: device shows number ${local.increment_id}, the server ${order.increment_id}`);
    }
  }
  for (const order of server.orders) {
    if (!expected.has(order.order_id)) add('noOtherOrders', `order ${order.order_id} ${formatLines(linesOf(order.lines))} is on the server but the shopper placed no such order`);
  }
  const rejected = new Set(model.checkouts.flatMap((c) => c.calls.filter((k) => k.outcome === 'rejected' && k.orderId).map((k) => k.orderId!)));
  for (const order of device.orders) {
    if (!expected.has(order.order_id) && !rejected.has(order.order_id)) add('noOtherOrders', `order ${order.order_id} (${order.state}) is on the device but the shopper placed no such order`);
  }
  return problems;
}

/** The carts a check allowed, the first few of them. */
const listed = (carts: readonly Lines[]) => `${carts.slice(0, 6).map(formatLines).join(' or ')}${carts.length > 6 ? ` or ${carts.length - 6} more` : ''}`;

/** The cart the first device should hold: with a login merge the shopper did not see come, its cart says whether it came before the order or after. */
function expectedCart(model: ShopperModel, device: DeviceSnapshot): Lines {
  return model.expectedCarts().find((cart) => sameLines(device.cart, cart)) ?? model.cart;
}

export function checkCartAndSession({ model, device, server }: CheckInput): Problem[] {
  const problems: Problem[] = [];
  const add = (invariant: Invariant, message: string) => problems.push({ invariant, message });
  const carts = model.expectedCarts();
  const expected = expectedCart(model, device);
  if (!sameLines(device.cart, expected)) add('deviceCart', `device cart ${formatLines(device.cart)}, expected ${listed(carts)}`);
  const wantsLines = Object.keys(expected).length > 0;
  if (!device.cartToken) {
    if (wantsLines) add('serverCart', `the device has no server cart id, expected ${formatLines(expected)} on the server`);
  } else if (!server.cart) {
    if (wantsLines) add('serverCart', `the device's cart id ${device.cartToken} is unknown to the server, expected ${formatLines(expected)}`);
  } else {
    const remote = linesOf(server.cart.lines);
    if (server.cart.converted_order_id && wantsLines) add('serverCart', `the device's cart ${server.cart.id} was converted by order ${server.cart.converted_order_id}; expected ${formatLines(expected)} in an open cart`);
    else if (!sameLines(remote, expected)) add('serverCart', `server cart ${formatLines(remote)}, expected ${formatLines(expected)}`);
  }
  if (device.signedIn !== model.signedIn) {
    add('session', device.signedIn ? 'the device is signed in but the shopper signed out' : `the device is signed out${device.signUpModal ? ' (sign-up modal shown)' : ''} but no step signed out`);
  }
  return problems;
}

/**
 * Each of the customer's other devices (signed in throughout) holds the customer's one cart once it
 * settled and read the server's: the first device's cart while that is signed in, the saved cart
 * while it is signed out; and the server cart its cart id names holds the same, still open.
 */
export function checkOtherDevices({ model, device, others }: { model: ShopperModel; device: DeviceSnapshot; others: readonly OtherDeviceInput[] }): Problem[] {
  const problems: Problem[] = [];
  for (const [i, other] of others.entries()) {
    const candidates = model.signedIn ? [expectedCart(model, device)] : model.customerCarts();
    const expected = candidates.find((cart) => sameLines(other.device.cart, cart)) ?? candidates[0]!;
    const add = (message: string) => problems.push({ invariant: 'otherDevice', message: `device ${i + 1}: ${message}` });
    if (!other.device.signedIn) problems.push({ invariant: 'session', message: `device ${i + 1} is signed out, but nothing signed it out` });
    if (!sameLines(other.device.cart, expected)) add(`cart ${formatLines(other.device.cart)}, expected the customer's cart ${listed(candidates)}`);
    const wantsLines = Object.keys(expected).length > 0;
    if (!other.cart) {
      if (wantsLines) add(`its cart id ${other.device.cartToken ?? 'none'} names no server cart, expected ${formatLines(expected)}`);
    } else if (other.cart.converted_order_id && wantsLines) add(`its cart ${other.cart.id} was converted by order ${other.cart.converted_order_id}; expected ${formatLines(expected)} in an open cart`);
    else if (!other.cart.converted_order_id && !sameLines(linesOf(other.cart.lines), expected)) add(`server cart ${formatLines(linesOf(other.cart.lines))}, expected ${formatLines(expected)}`);
  }
  return problems;
}
