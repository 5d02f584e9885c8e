import { describe, expect, it } from 'vitest';
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
