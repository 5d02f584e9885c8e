import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import { addToCart } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { LOCAL, modifyLocal, readLocal } from '../../src/db/local-state';
import { checkoutTotals, withRepricedTotals } from '../../src/db/orders/checkout-totals';
import { formatMoney } from '../../src/i18n/money';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { devicePages, type DevicePage } from './device-shop';
import { waitUntil } from '../helpers/wait-until';
import { addItem, GB_ADDRESS, importProducts, newCart, stockQty, testProduct } from './cart-fixtures';

/**
 * The device against the real server when a price changes between the total the shopper confirmed
 * and the order reaching the shop: never placed at a total they did not see, never placed twice.
 */
let server: TestServer;
const SKUS = ['LDR-ANCHOR', 'LDR-BOLT'] as const;
const ID = 995_300;
const setPrice = (sku: (typeof SKUS)[number], price: number) => importProducts(server, [testProduct(ID + SKUS.indexOf(sku), sku, { price })]);
beforeAll(async () => {
  server = await startTestServer();
  await importProducts(server, SKUS.map((sku, i) => testProduct(ID + i, sku, { price: 10 })));
});
afterAll(async () => server?.close());

type Page = DevicePage;
const openShop = devicePages(() => server, SKUS);

async function add(page: Page, sku: string, qty: number) {
  const record = (await page.db.products.findOne({ selector: { sku } }).exec())!;
  await addToCart(page.db, await cartItemFromProduct(page.db, record), qty);
}

const lines = async (page: Page) => (await page.db.cart.find().exec()).map((l) => l.toMutableJSON());

/** The grand total the review step shows now (the device's totals for the GB address). */
async function shownTotal(page: Page): Promise<number> {
  const totals = await checkoutTotals(page.db, await lines(page), await readLocal(page.db, LOCAL.cartState), 'GB', page.online.isOnline());
  if (!totals.ok) throw new Error(totals.message);
  return totals.totals.grand_total;
}

/** What the shop charges for these lines now. */
async function serverTotal(items: { sku: string; qty: number }[]): Promise<number> {
  const cartId = await newCart(server);
  for (const item of items) await addItem(server, cartId, item);
  return (await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${cartId}`)).body.result.grand_total;
}

async function orderBody(page: Page, grandTotal: number) {
  const { token } = await readLocal(page.db, LOCAL.cartState);
  return {
    user_id: '',
    cart_id: token,
    products: (await lines(page)).map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option, checksum: l.checksum })),
    addressInformation: { shippingAddress: GB_ADDRESS, billingAddress: GB_ADDRESS, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    grand_total: grandTotal,
  };
}

const storedOrders = async (orderId: string) => server.ctx.db.query<{ grand_total: number }>("select (doc->>'grand_total')::float as grand_total from orders where order_id = $1", [orderId]);
const waitingNotice = async (page: Page) => (await page.db.notifications.find({ selector: { message: 'Order waiting!' } }).exec())[0];

describe('an order confirmed at a price that changed before it reached the shop', () => {
  it('placed online: it is not placed, its lines come back at the new price, and the next press places it once with the new total', async () => {
    await setPrice('LDR-ANCHOR', 10);
    const page = await openShop();
    await add(page, 'LDR-ANCHOR', 2);
    const confirmed = await shownTotal(page);
    await setPrice('LDR-ANCHOR', 15);
    const charged = await serverTotal([{ sku: 'LDR-ANCHOR', qty: 2 }]);
    expect(charged).not.toBe(confirmed);
    const stock = await stockQty(server, 'LDR-ANCHOR');

    const first = await page.sync.placeOrder(await orderBody(page, confirmed));
    expect(first).toMatchObject({ outcome: 'repriced', repriced: { grand_total: charged, confirmed_grand_total: confirmed } });
    const orderId = first.order.order_id;
    expect(await storedOrders(orderId)).toEqual([]);
    expect(await stockQty(server, 'LDR-ANCHOR')).toBe(stock);
    // Back in the cart at the server's price, and not an order waiting on the device.
    expect((await lines(page)).map((l) => [l.sku, l.qty, l.price_pence, l.price_incl_tax_pence])).toEqual([['LDR-ANCHOR', 2, 1500, 1800]]);
    expect(await page.db.orders.findOne(orderId).exec()).toBeNull();
    // The review step shows the new total, whatever the device's own figures say yet.
    const computed = await checkoutTotals(page.db, await lines(page), await readLocal(page.db, LOCAL.cartState), 'GB', true);
    const shown = withRepricedTotals(computed, first.repriced!.totals, await lines(page));
    expect(shown).toMatchObject({ ok: true, totals: { grand_total: charged } });

    const second = await page.sync.placeOrder(await orderBody(page, charged));
    expect(second.outcome).toBe('sent');
    expect(second.order.order_id).toBe(orderId);
    expect(await storedOrders(orderId)).toEqual([{ grand_total: charged }]);
    expect(await stockQty(server, 'LDR-ANCHOR')).toBe(stock! - 2);
    expect(await lines(page)).toEqual([]);
  });

  it('queued offline, sent automatically: it waits for the shopper to confirm the new total ("Order waiting!" names it), then is placed once', async () => {
    await setPrice('LDR-BOLT', 10);
    const page = await openShop();
    await modifyLocal(page.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
    await add(page, 'LDR-BOLT', 3);
    const confirmed = await shownTotal(page);
    page.online.set(false);
    page.net.offline = true;
    const queued = await page.sync.placeOrder(await orderBody(page, confirmed));
    expect(queued.outcome).toBe('queued');
    const orderId = queued.order.order_id;
    await setPrice('LDR-BOLT', 12.5);
    const charged = await serverTotal([{ sku: 'LDR-BOLT', qty: 3 }]);

    page.net.offline = false;
    page.online.set(true);
    await waitUntil(async () => (await page.db.orders.findOne(orderId).exec())?.state === 'repriced' && (await waitingNotice(page)) !== undefined, 15_000, 'repriced and asked');
    expect((await waitingNotice(page))!.action2).toMatchObject({ action: 'confirmOfflineOrders', label: expect.stringContaining(formatMoney(charged)) });
    expect(await storedOrders(orderId)).toEqual([]);
    // Further rounds (the timer, the connection returning again) do not send it.
    page.online.set(false);
    page.online.set(true);
    await page.sync.retry();
    await waitUntil(async () => (await page.db.orders.findOne(orderId).exec())?.state === 'repriced');
    expect(await storedOrders(orderId)).toEqual([]);
    expect(await lines(page)).toEqual([]);

    expect(await page.sync.confirmQueuedOrders()).toMatchObject({ sent: 1 });
    expect(await storedOrders(orderId)).toEqual([{ grand_total: charged }]);
    expect(await page.db.orders.findOne(orderId).exec()).toMatchObject({ state: 'sent' });
    expect(await waitingNotice(page)).toBeUndefined();
    expect(await page.sync.confirmQueuedOrders()).toMatchObject({ sent: 0 });
    expect(await storedOrders(orderId)).toHaveLength(1);
  });

  it('confirmed by the shopper before its price changed: asked again with the new total, never sent at it unseen; cancelling withdraws it', async () => {
    await setPrice('LDR-ANCHOR', 10);
    const page = await openShop();
    // Sending orders made offline by itself is the default; this shopper turned it off, so is asked first.
    await modifyLocal(page.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    await add(page, 'LDR-ANCHOR', 1);
    const confirmed = await shownTotal(page);
    page.online.set(false);
    page.net.offline = true;
    const orderId = (await page.sync.placeOrder(await orderBody(page, confirmed))).order.order_id;
    await setPrice('LDR-ANCHOR', 11);
    const charged = await serverTotal([{ sku: 'LDR-ANCHOR', qty: 1 }]);
    page.net.offline = false;
    page.online.set(true);
    await waitUntil(async () => (await waitingNotice(page))?.action2?.label === 'Click here to confirm the order that you made offline.', 10_000, 'first question');

    // The shopper confirms the order at the total they saw; the shop refuses it, and asks again.
    expect(await page.sync.confirmQueuedOrders()).toMatchObject({ sent: 0, repriced: 1 });
    expect(await storedOrders(orderId)).toEqual([]);
    expect((await waitingNotice(page))!.action2?.label).toContain(formatMoney(charged));

    expect(await page.sync.cancelQueuedOrders()).toEqual({ removed: 1, placed: 0, unknown: 0 });
    expect(await page.db.orders.findOne(orderId).exec()).toBeNull();
    expect(await waitingNotice(page)).toBeUndefined();
    // Withdrawn on the server too: the order can no longer arrive from anywhere.
    expect((await server.request('POST', '/api/order', { ...(await orderBody(page, charged)), products: [{ sku: 'LDR-ANCHOR', qty: 1 }], order_id: orderId })).status).toBe(409);
    expect(await storedOrders(orderId)).toEqual([]);
  });
});
