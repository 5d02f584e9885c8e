import { describe, expect, it } from 'vitest';
import { withCartOp } from './cart-ops-journal';
import { cartSyncSetup, newLine } from '../../tests/doubles/cart/cart-test-setup';

/**
 * A customer's cart holding 4 nuts an order placed on this device takes (the order is on its way,
 * its reply lost) and 2 nuts another device added since: the device shows the 2 that stay.
 */
async function nutsBesideAnOrder() {
  const page = cartSyncSetup();
  page.add(newLine('NUT', 6));
  await page.sync.sync();
  const cartId = page.store.current().token!;
  page.awaiting[cartId] = [{ sku: 'NUT', qty: 4 }];
  await page.sync.refresh();
  expect(page.local()).toEqual({ NUT: 2 });
  return page;
}

describe("the shopper's change to a line an unsent order takes from the cart", () => {
  it('sets the quantity the device shows: the cart keeps the order\'s nuts beside it (seed 938210014)', async () => {
    const page = await nutsBesideAnOrder();
    await page.setQty('NUT', 5);
    await page.sync.sync();
    expect(page.onServer()).toEqual({ NUT: 9 });
    expect(page.local()).toEqual({ NUT: 5 });
    expect(page.store.current().pendingOps).toEqual([]);
  });

  it("removes the line the device shows, and the order's nuts stay in the cart for it", async () => {
    const page = await nutsBesideAnOrder();
    await page.remove('NUT');
    await page.sync.sync();
    expect(page.onServer()).toEqual({ NUT: 4 });
    expect(page.local()).toEqual({});
  });

  it('adds to the nuts as before: an add counts on top of whatever the cart holds', async () => {
    const page = await nutsBesideAnOrder();
    await page.addMore(newLine('NUT', 1), 3);
    await page.sync.sync();
    expect(page.onServer()).toEqual({ NUT: 9 });
    expect(page.local()).toEqual({ NUT: 5 });
  });
});

describe('an order stored that has not taken its lines yet', () => {
  /** A cart with a bolt; the line of 1 washer the shopper has now is not in the server's cart yet (put back after a refused order). */
  async function washerNotSentYet() {
    const page = cartSyncSetup();
    page.add(newLine('BOLT', 1));
    await page.sync.sync();
    page.add(newLine('WASHER', 1, 2));
    return { page, cartId: page.store.current().token! };
  }

  it('the line still holds what the order will take: it is sent as the device holds it (seed 1000000437)', async () => {
    const { page, cartId } = await washerNotSentYet();
    // The order for the washer is stored; its page has not taken the line yet.
    page.awaiting[cartId] = [{ sku: 'WASHER', qty: 1, placement: 'o-1@10' }];
    await page.sync.sync({ forceSync: true });
    expect(page.onServer()).toEqual({ BOLT: 1, WASHER: 1 });
    expect(page.local()).toEqual({ BOLT: 1, WASHER: 1 });
  });

  it('a line the order has taken from (marked with its placement) no longer holds it: the cart keeps it for the order', async () => {
    const { page, cartId } = await washerNotSentYet();
    page.store.map.set(newLine('WASHER', 1).id, { ...newLine('WASHER', 1, 2), taken_by: ['o-1@10'] });
    page.awaiting[cartId] = [{ sku: 'WASHER', qty: 2, placement: 'o-1@10' }];
    await page.sync.sync({ forceSync: true });
    expect(page.onServer()).toEqual({ BOLT: 1, WASHER: 3 });
    expect(page.local()).toEqual({ BOLT: 1, WASHER: 1 });
  });
});


describe("an order that named no cart, its lines gone from the device and its cart id with them", () => {
  it("sends its take to the customer's cart at the next round, where another device holds more of the line (seed 1270000987)", async () => {
    const page = cartSyncSetup();
    page.session = 'customer-token';
    page.server.signedIn = true;
    const cartId = page.server.customerCartId();
    page.server.put(cartId, 'NUT', 2);
    // The order took the device's one nut; the device let go of the converted cart's id.
    const nut = newLine('NUT', 1);
    await page.store.updateState((s) => ({ ...withCartOp(s, 'take', nut, 1, undefined, 'take-1'), token: null, customerCart: false }));
    await page.sync.sync();
    expect(page.server.lines(cartId)).toEqual({ NUT: 1 });
    expect(page.local()).toEqual({ NUT: 1 });
    expect(page.store.current().pendingOps).toEqual([]);
  });
});
