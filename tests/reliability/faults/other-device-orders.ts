import { ShopperModel, type Checkout } from './shopper-model';
import type { DeviceSnapshot } from './snapshots';

/**
 * A checkout on one device whose order reached the server after an order the other device placed
 * from the same customer cart: the server refuses it naming that order (409, the cart is spent) and
 * the device shows that order in its place, as it does for a second tab placing one checkout again
 * (`replication/orders/order-outbox.ts`). None of its own order ids is on the server or on a
 * device, and its device holds the other checkout's order. Returned by checkout number, with the
 * order shown in its place.
 */
export function checkoutsShownAsOtherOrders(model: ShopperModel, ordersByDevice: readonly DeviceSnapshot['orders'][], stored: ReadonlySet<string>): Map<number, string> {
  const shown = new Map<number, string>();
  const held = new Set(ordersByDevice.flat().map((o) => o.order_id));
  for (const checkout of model.checkouts) {
    const ids = ShopperModel.orderIds(checkout);
    if (!checkout.placed || ids.some((id) => stored.has(id) || held.has(id))) continue;
    const own = new Set((ordersByDevice[checkout.device] ?? []).map((o) => o.order_id));
    const other = model.checkouts.find((k: Checkout) => k.device !== checkout.device && k.placed && ShopperModel.orderIds(k).some((id) => own.has(id)));
    const otherId = other && ShopperModel.orderIds(other).find((id) => own.has(id));
    if (otherId) shown.set(checkout.n, otherId);
  }
  return shown;
}
