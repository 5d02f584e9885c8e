import { describe, expect, it } from 'vitest';
import { checkOrders } from '../reliability/faults/invariants';
import { ShopperModel } from '../reliability/faults/shopper-model';
import type { DeviceSnapshot, ServerSnapshot } from '../reliability/faults/snapshots';

/** The fault scenarios' model of a checkout refused for a changed price and confirmed again. */
const device = (state: string): DeviceSnapshot => ({
  orders: [{ order_id: 'o-1', state, attempts: 1, error: null, increment_id: '000000001', cart_id: null, lines_taken: true, lines: '' }],
  pendingTasks: [],
  cart: {},
  cartToken: null,
  unsyncedCart: 0,
  pendingCartOps: 0,
  signedIn: false,
  signUpModal: false,
});
const stored = (grandTotal: number): ServerSnapshot => ({ orders: [{ order_id: 'o-1', increment_id: '000000001', customer_id: null, lines: [{ sku: 'BOLT', qty: 2 }], grand_total: grandTotal }], cart: null, customerCartId: null });

function refusedThenConfirmed(): ShopperModel {
  const model = new ShopperModel();
  model.add('BOLT', 2);
  const checkout = model.beginCheckout({ BOLT: 2 });
  model.confirmed(checkout, 8.95);
  model.answered(checkout, { tab: 0, outcome: 'repriced', orderId: 'o-1' });
  return model;
}

describe('fault scenarios: an order refused for a changed price', () => {
  it('is not placed by the refusal: the lines stay in the cart until the confirmed press places it', () => {
    const model = refusedThenConfirmed();
    const [checkout] = model.checkouts;
    expect(checkout!.placed).toBe(false);
    expect(model.cart).toEqual({ BOLT: 2 });
    model.confirmed(checkout!, 16.94);
    model.answered(checkout!, { tab: 0, outcome: 'sent', orderId: 'o-1' });
    expect(model.cart).toEqual({});
    expect(ShopperModel.orderIds(checkout!)).toEqual(['o-1']);
  });

  it('is stored once at a total the shopper confirmed; another total (a penny is rounding) breaks confirmedTotal', () => {
    const model = refusedThenConfirmed();
    const [checkout] = model.checkouts;
    model.confirmed(checkout!, 16.94);
    model.answered(checkout!, { tab: 0, outcome: 'sent', orderId: 'o-1' });
    expect(checkOrders({ model, device: device('sent'), server: stored(16.95) })).toEqual([]);
    expect(checkOrders({ model, device: device('sent'), server: stored(16.97) }).map((p) => p.invariant)).toEqual(['confirmedTotal']);
  });

  it('is tied to its checkout when the shopper answers "Order waiting!" for it', () => {
    const model = refusedThenConfirmed();
    expect(model.checkoutOf('o-1')).toBe(model.checkouts[0]);
    expect(model.checkoutOf('other')).toBeUndefined();
  });
});
