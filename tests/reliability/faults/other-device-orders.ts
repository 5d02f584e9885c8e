import { ShopperModel, type Checkout } from './shopper-model';
import type { DeviceSnapshot } from './snapshots';

/** Whether checkout `other` has every line of `checkout`, at least at its quantity. */
const holds = (other: Checkout, checkout: Checkout) => Object.entries(checkout.lines).every(([sku, qty]) => (other.lines[sku] ?? 0) >= qty);

/**
 * A checkout on one device whose order reached the server after an order the other device placed
 * from the same customer cart, holding every line of it: the server refuses it naming that order
 * (409, the same checkout again) and the device shows that order in its place, as it does for a
 * second tab placing one checkout again (`replication/orders/order-outbox.ts`). None of its own
 * order ids is on the server or on a device, its device holds the other checkout's order, and that
 * checkout has each of its lines at least at its quantity: an order with anything more is an order
 * of its own, which the server places (seeds 1000000301, 1000000806 lost such lines). Returned by
 * checkout number, with the order shown in its place.
 */
export function checkoutsShownAsOtherOrders(model: ShopperModel, ordersByDevice: readonly DeviceSnapshot['orders'][], stored: ReadonlySet<string>): Map<number, string> {
  const shown = new Map<number, string>();
  const held = new Set(ordersByDevice.flat().map((o) => o.order_id));
  for (const checkout of model.checkouts) {
    const ids = ShopperModel.orderIds(checkout);
    if (!checkout.placed || ids.some((id) => stored.has(id) || held.has(id))) continue;
    const own = new Set((ordersByDevice[checkout.device] ?? []).map((o) => o.order_id));
    const other = model.checkouts.find((k: Checkout) => k.device !== checkout.device && k.placed && holds(k, checkout) && ShopperModel.orderIds(k).some((id) => own.has(id)));
    const otherId = other && ShopperModel.orderIds(other).find((id) => own.has(id));
    if (otherId) shown.set(checkout.n, otherId);
  }
  return shown;
}
