import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { addToCart, removeFromCart, updateQuantity } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { LOCAL, modifyLocal, readLocal } from '../../src/db/local-state';
import { setThankYouPageOpen } from '../../src/db/orders/place-order';
import type { TestServer } from '../helpers/test-server';
import { type DevicePage, devicePages, serverForThisFile } from './device-shop';
import { waitUntil } from '../helpers/wait-until';
import { GB_ADDRESS, setStock, testProduct } from './cart-fixtures';

let server: TestServer;
const SKUS = ['LDB-ANCHOR', 'LDB-BOLT', 'LDB-SCREW', 'LDB-NUT'] as const;
serverForThisFile(SKUS.map((sku, i) => testProduct(995_100 + i, sku, { price: 10 + i })), (started) => (server = started));

type Page = DevicePage;
const openShop = devicePages(() => server, SKUS);

async function add(page: Page, sku: string, qty = 1) {
  const record = (await page.db.products.findOne({ selector: { sku } }).exec())!;
  return addToCart(page.db, await cartItemFromProduct(page.db, record), qty);
}

const lineOf = async (page: Page, sku: string) => (await page.db.cart.find({ selector: { sku } }).exec())[0];
const localCart = async (page: Page) => Object.fromEntries((await page.db.cart.find().exec()).map((l) => [l.sku, l.qty]));
async function serverCart(page: Page): Promise<Record<string, number> | null> {
  const { token } = await readLocal(page.db, LOCAL.cartState);
  if (!token) return null;
  const rows = await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1', [token]);
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}
const ordersOnServer = async (orderId: string) => (await server.ctx.db.query('select order_id from orders where order_id = $1', [orderId])).length;

const sorted = (cart: Record<string, number> | null) => JSON.stringify(Object.entries(cart ?? {}).sort());
const serverEqualsLocal = (page: Page) => async () => sorted(await serverCart(page)) === sorted(await localCart(page));

async function orderFromCart(page: Page, extra: Record<string, unknown> = {}) {
  const lines = await page.db.cart.find().exec();
  const { token } = await readLocal(page.db, LOCAL.cartState);
  return {
    user_id: '',
    cart_id: token,
    products: lines.map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option })),
    addressInformation: { shippingAddress: GB_ADDRESS, billingAddress: GB_ADDRESS, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    ...extra,
  };
}

describe('cart sync with the real server', () => {
  it('sends local adds, quantity changes and removals to a guest cart; an unchanged cart sends nothing', async () => {
    const page = await openShop();
    expect((await add(page, 'LDB-ANCHOR', 2)).messages).toEqual(['Product has been added to the cart!']);
    await add(page, 'LDB-BOLT');
    await waitUntil(async () => JSON.stringify(await serverCart(page)) === JSON.stringify({ 'LDB-ANCHOR': 2, 'LDB-BOLT': 1 }), 10_000, 'server cart');
    await waitUntil(async () => (await page.db.cart.find().exec()).every((l) => typeof l.server_item_id === 'number'));
    const anchor = (await lineOf(page, 'LDB-ANCHOR'))!;
    expect(anchor).toMatchObject({ prev_qty: 2, price_pence: 1000, price_incl_tax_pence: 1200 });
    expect(anchor.server_cart_id).toBe((await readLocal(page.db, LOCAL.cartState)).token);

    await updateQuantity(page.db, (await lineOf(page, 'LDB-BOLT'))!.id, 5);
    await waitUntil(async () => (await serverCart(page))?.['LDB-BOLT'] === 5, 10_000, 'qty on server');
    await removeFromCart(page.db, anchor.id);
    await waitUntil(async () => JSON.stringify(await serverCart(page)) === JSON.stringify({ 'LDB-BOLT': 5 }), 10_000, 'removal on server');
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).platformTotals !== null);
    // The removal's sync may still be finishing its totals request: one more sync waits for it (syncs
    // run one at a time) and settles the hash; after that the cart is unchanged.
    await page.sync.cart.sync({ forceClientState: true });

    const before = page.net.requests.length;
    expect((await page.sync.cart.sync({ forceClientState: true })).items).toEqual([]);
    expect(page.net.requests.length).toBe(before);
  });

  it('removes a line the server refuses to add, and restores a refused quantity to the last confirmed one', async () => {
    const page = await openShop();
    await setStock(server, 'LDB-SCREW', 3);
    await add(page, 'LDB-SCREW', 2);
    await waitUntil(async () => (await serverCart(page))?.['LDB-SCREW'] === 2);
    await waitUntil(async () => (await lineOf(page, 'LDB-SCREW'))?.prev_qty === 2);
    await updateQuantity(page.db, (await lineOf(page, 'LDB-SCREW'))!.id, 10);
    await waitUntil(async () => (await lineOf(page, 'LDB-SCREW'))?.qty === 2, 10_000, 'quantity restored');
    expect((await serverCart(page))?.['LDB-SCREW']).toBe(2);

    await setStock(server, 'LDB-NUT', 0);
    await add(page, 'LDB-NUT', 1);
    await waitUntil(async () => (await lineOf(page, 'LDB-NUT')) === undefined, 10_000, 'refused line removed');
    const messages = (await page.db.notifications.find().exec()).map((n) => n.message);
    expect(messages.some((m) => /out of stock|available/i.test(m))).toBe(true);
    expect(await localCart(page)).toEqual({ 'LDB-SCREW': 2 });
    await setStock(server, 'LDB-SCREW', 100);
    await setStock(server, 'LDB-NUT', 100);
  });
});

describe('cart sync: who wins, lost carts and login', () => {
  it("follows the server cart: another device's lines come here, and a local edit does not erase them", async () => {
    const page = await openShop();
    await add(page, 'LDB-ANCHOR', 1);
    await waitUntil(async () => (await serverCart(page))?.['LDB-ANCHOR'] === 1);
    const { token } = await readLocal(page.db, LOCAL.cartState);
    const other = await server.request('POST', `/api/cart/update?cartId=${token}`, { cartItem: { sku: 'LDB-BOLT', qty: 2 } });
    expect(other.status).toBe(200);
    // A pull although this device changed nothing (a reload, a focus): the other device's line comes here.
    await page.sync.cart.sync({ pull: true });
    expect(await localCart(page)).toEqual({ 'LDB-ANCHOR': 1, 'LDB-BOLT': 2 });

    await server.request('POST', `/api/cart/update?cartId=${token}`, { cartItem: { sku: 'LDB-SCREW', qty: 1 } });
    // SPEC's "client wins after a local edit" holds for the line edited; the other device's line stays.
    await updateQuantity(page.db, (await lineOf(page, 'LDB-ANCHOR'))!.id, 4);
    const all = { 'LDB-ANCHOR': 4, 'LDB-BOLT': 2, 'LDB-SCREW': 1 };
    const sameAs = (cart: Record<string, number> | null) => isDeepStrictEqual(cart, all);
    await waitUntil(async () => sameAs(await serverCart(page)), 10_000, "both devices' lines on the server");
    await waitUntil(async () => sameAs(await localCart(page)), 10_000, "both devices' lines here");
  });

  it('re-creates a cart the server no longer has (converted elsewhere) and sends the local lines to it', async () => {
    const page = await openShop();
    await add(page, 'LDB-NUT', 2);
    await waitUntil(async () => (await serverCart(page))?.['LDB-NUT'] === 2);
    const { token: old } = await readLocal(page.db, LOCAL.cartState);
    await server.ctx.db.query("update carts set converted_order_id = 'elsewhere' where id = $1", [old]);
    await add(page, 'LDB-BOLT', 1);
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).token !== old, 10_000, 'new cart');
    await waitUntil(serverEqualsLocal(page), 10_000, 'lines in the new cart');
    expect(await serverCart(page)).toEqual({ 'LDB-NUT': 2, 'LDB-BOLT': 1 });
  });

  it('a refused customer token that cannot be refreshed: silent logout, then the cart goes on as a guest cart', async () => {
    const page = await openShop();
    await modifyLocal(page.db, LOCAL.session, (s) => ({ ...s, token: 'not-a-valid-token', refreshToken: null }));
    await waitUntil(async () => (await readLocal(page.db, LOCAL.ui)).signUpModal, 10_000, 'sign-up modal');
    expect((await readLocal(page.db, LOCAL.session)).token).toBeNull();
    await add(page, 'LDB-SCREW', 1);
    await waitUntil(async () => (await serverCart(page))?.['LDB-SCREW'] === 1, 10_000, 'guest cart');
    const { token } = await readLocal(page.db, LOCAL.cartState);
    const [cart] = await server.ctx.db.query<{ customer_id: string | null }>('select customer_id from carts where id = $1', [token]);
    expect(cart!.customer_id).toBeNull();
  });

  it('on login removes and re-applies the coupon and merges with the customer cart, summing quantities', async () => {
    const email = 'merge@example.com';
    await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Mia', lastname: 'Merge' }, password: 'Merge-pass-123' });
    const login = await server.request<string>('POST', '/api/user/login', { username: email, password: 'Merge-pass-123' });
    const bearer = { authorization: `Bearer ${login.body.result}` };
    const customerCart = (await server.request<string>('POST', '/api/cart/create', undefined, bearer)).body.result;
    await server.request('POST', `/api/cart/update?cartId=${customerCart}`, { cartItem: { sku: 'LDB-ANCHOR', qty: 1 } }, bearer);
    await server.request('POST', `/api/cart/update?cartId=${customerCart}`, { cartItem: { sku: 'LDB-BOLT', qty: 1 } }, bearer);

    const page = await openShop();
    await add(page, 'LDB-ANCHOR', 2);
    await add(page, 'LDB-SCREW', 1);
    await waitUntil(async () => (await serverCart(page))?.['LDB-SCREW'] === 1);
    expect(await page.sync.cart.applyCoupon('WELCOME10')).toBe(true);
    expect((await readLocal(page.db, LOCAL.cartState)).coupon?.code).toBe('WELCOME10');
    expect(await page.sync.cart.applyCoupon('NOPE')).toBe("You've entered an incorrect coupon code");

    expect(await page.sync.signIn(email, 'Merge-pass-123')).toEqual({ ok: true });
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).token === customerCart, 10_000, 'customer cart connected');
    await waitUntil(async () => sorted(await localCart(page)) === sorted({ 'LDB-ANCHOR': 3, 'LDB-SCREW': 1, 'LDB-BOLT': 1 }), 10_000, 'merged lines');
    await waitUntil(serverEqualsLocal(page), 10_000, 'server equals local');
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).coupon?.code === 'WELCOME10', 10_000, 'coupon re-applied');
    const [row] = await server.ctx.db.query<{ coupon_code: string | null }>('select coupon_code from carts where id = $1', [customerCart]);
    expect(row!.coupon_code).toBe('WELCOME10');
  });
});

describe('orders', () => {
  it('cart edits and an order made offline reach the server once online: one order, server cart equals local', async () => {
    const page = await openShop();
    await add(page, 'LDB-ANCHOR', 1);
    await waitUntil(async () => (await serverCart(page))?.['LDB-ANCHOR'] === 1);

    page.online.set(false);
    page.net.offline = true;
    await updateQuantity(page.db, (await lineOf(page, 'LDB-ANCHOR'))!.id, 3);
    await add(page, 'LDB-BOLT', 2);
    const placed = await page.sync.placeOrder(await orderFromCart(page));
    expect(placed.outcome).toBe('queued');
    await setThankYouPageOpen(page.db, true);
    expect(await localCart(page)).toEqual({});
    await add(page, 'LDB-SCREW', 4); // shopping goes on offline, into a new cart
    expect(await ordersOnServer(placed.order.order_id)).toBe(0);

    page.net.offline = false;
    page.online.set(true);
    await waitUntil(async () => (await page.db.orders.findOne(placed.order.order_id).exec())?.state === 'sent', 15_000, 'order sent');
    expect(await ordersOnServer(placed.order.order_id)).toBe(1);
    const [stored] = await server.ctx.db.query<{ doc: { items?: { sku: string; qty_ordered?: number; qty?: number }[] } }>('select doc from orders where order_id = $1', [placed.order.order_id]);
    expect(JSON.stringify(stored!.doc)).toContain('LDB-BOLT');
    await waitUntil(serverEqualsLocal(page), 10_000, 'server cart equals local');
    expect(await serverCart(page)).toEqual({ 'LDB-SCREW': 4 });
  });

  it('makes exactly one order when the network drops mid-push and the push is retried', async () => {
    const page = await openShop();
    await add(page, 'LDB-NUT', 2);
    await waitUntil(async () => (await serverCart(page))?.['LDB-NUT'] === 2);
    const body = await orderFromCart(page);
    page.net.dropNextReply('/api/order');
    const placed = await page.sync.placeOrder(body);
    expect(placed.outcome).toBe('queued');
    expect(await ordersOnServer(placed.order.order_id)).toBe(1); // the server got it; the reply was lost
    const notices = (await page.db.notifications.find().exec()).map((n) => n.message);
    expect(notices).toContain('The order can not be transfered because of server error. Order has been queued');

    await modifyLocal(page.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
    page.online.set(false);
    page.online.set(true);
    await waitUntil(async () => (await page.db.orders.findOne(placed.order.order_id).exec())?.state === 'sent', 15_000, 'retried order sent');
    expect(await ordersOnServer(placed.order.order_id)).toBe(1);
    const local = (await page.db.orders.findOne(placed.order.order_id).exec())!;
    const [row] = await server.ctx.db.query<{ increment_id: string }>('select increment_id from orders where order_id = $1', [placed.order.order_id]);
    expect(local.result?.increment_id).toBe(row!.increment_id);
  });

  it('sends an order made offline without another question by default when the connection returns', async () => {
    const page = await openShop();
    expect((await readLocal(page.db, LOCAL.settings)).automaticTransmission).toBe(true);
    await add(page, 'LDB-BOLT', 1);
    page.online.set(false);
    page.net.offline = true;
    const placed = await page.sync.placeOrder(await orderFromCart(page));
    expect(placed.outcome).toBe('queued');
    page.net.offline = false;
    page.online.set(true);
    await waitUntil(async () => (await ordersOnServer(placed.order.order_id)) === 1, 15_000, 'queued order sent');
    expect((await readLocal(page.db, LOCAL.ui)).ordersAwaitingConfirmation).toEqual([]);
    expect(await page.db.notifications.find({ selector: { message: 'Order waiting!' } }).exec()).toHaveLength(0);
  });

  it('asks before sending orders made offline when automatic transmission is off ("Order waiting!"), and asks again if the question went unanswered', async () => {
    const page = await openShop();
    await modifyLocal(page.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    await add(page, 'LDB-BOLT', 1);
    page.online.set(false);
    page.net.offline = true;
    const placed = await page.sync.placeOrder(await orderFromCart(page));
    page.net.offline = false;
    page.online.set(true);
    // The question is stored first, then its notification: wait for both.
    const waitingNotice = async () => (await page.db.notifications.find({ selector: { message: 'Order waiting!' } }).exec())[0];
    await waitUntil(async () => (await readLocal(page.db, LOCAL.ui)).ordersAwaitingConfirmation.length === 1 && (await waitingNotice()) !== undefined, 10_000, 'confirmation raised');
    const waiting = (await waitingNotice())!;
    expect(waiting.action2?.label).toBe('Click here to confirm the order that you made offline.');
    // Its answers are confirm or cancel: no plain "OK" closes it with the order still on the device.
    expect(waiting.action1).toMatchObject({ label: 'Cancel the orders', action: 'cancelOfflineOrders' });
    expect(waiting.hasNoTimeout).toBe(true);
    // Gone unanswered (storage cleared, an older version's OK): the next round asks again.
    await waiting.remove();
    page.online.set(false);
    page.online.set(true);
    await waitUntil(async () => (await waitingNotice()) !== undefined, 10_000, 'question asked again');
    expect(await ordersOnServer(placed.order.order_id)).toBe(0);
    expect(await page.sync.confirmQueuedOrders()).toMatchObject({ sent: 1 });
    expect(await ordersOnServer(placed.order.order_id)).toBe(1);
    expect((await readLocal(page.db, LOCAL.ui)).ordersAwaitingConfirmation).toEqual([]);
  });
});
