import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOrderedElsewhere } from '../../replication/orders/ordered-elsewhere';
import { ORDER_MESSAGES } from '../../schemas/api/order';
import { addProductToCart } from '../../src/db/cart/cart-add';
import { removeFromCart, updateQuantity } from '../../src/db/cart/cart-actions';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { signIn } from '../../src/db/session/session';
import type { ShopSync } from '../../src/db/sync/shop-sync';
import { openTestDatabase } from '../doubles/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { scaled } from '../helpers/time-limits';
import { importProducts, orderBody, testProduct } from './cart-fixtures';
import { closedAfterEach, copyProducts, leadingSync, SHOP_COLLECTIONS } from './device-shop';

/**
 * A phone and a laptop signed in as one customer, each with its own database, against the real
 * server. After every device settles, each holds the server's cart, and that cart is a serial order
 * of what the shopper did on either device.
 */
let server: TestServer;
const SKUS = ['TWO-ANCHOR', 'TWO-BOLT', 'TWO-SCREW', 'TWO-NUT'] as const;
beforeAll(async () => {
  server = await startTestServer();
  await importProducts(server, SKUS.map((sku, i) => testProduct(995_400 + i, sku, { price: 5 + i })));
});
afterAll(async () => server?.close());

interface Device {
  db: ShopDatabase;
  sync: ShopSync;
  net: ReturnType<typeof manualConnectivity>;
}
const devices = closedAfterEach<Device>();

let accounts = 0;
async function customer(): Promise<string> {
  const email = `two-devices-${Date.now()}-${++accounts}@example.com`;
  const created = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Tess', lastname: 'Fixer' }, password: 'Secret-pass-123' });
  expect(created.status).toBe(200);
  return email;
}

async function signedInDevice(email: string, fetchFn?: typeof fetch): Promise<Device> {
  const db = await openTestDatabase({ collections: [...SHOP_COLLECTIONS] });
  await copyProducts(server, db, SKUS);
  const net = manualConnectivity(true);
  const sync = await leadingSync(server, db, { connectivity: net, ...(fetchFn ? { fetch: fetchFn } : {}) });
  const device = { db, sync, net };
  devices.push(device);
  expect(await signIn(db, sync.api, email, 'Secret-pass-123')).toEqual({ ok: true });
  await expect.poll(async () => (await readLocal(db, LOCAL.cartState)).customerCart, { timeout: scaled(10_000) }).toBe(true);
  return device;
}

const add = async (device: Device, sku: string, qty: number) => {
  const product = (await device.db.products.findOne({ selector: { sku } }).exec())!.source;
  expect((await addProductToCart(device, { product, productOption: {}, customerGroupId: 1, qty })).added).toBe(true);
};
const lineId = async (device: Device, sku: string) => (await device.db.cart.findOne({ selector: { sku } }).exec())!.id;
const localCart = async (device: Device) => Object.fromEntries((await device.db.cart.find().exec()).map((l) => [l.sku, l.qty]));
const token = async (device: Device) => (await readLocal(device.db, LOCAL.cartState)).token;
async function openServerCart(email: string): Promise<Record<string, number>> {
  const rows = await server.ctx.db.query<{ sku: string; qty: number }>(
    `select i.sku, i.qty from cart_items i join carts c on c.id = i.cart_id join customers u on u.id::text = c.customer_id
     where u.email = $1 and c.converted_order_id is null`,
    [email],
  );
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}
/** A device's fetch whose requests to `path` the network drops (no reply) while `held()` says so. */
const droppingWhile = (path: string, held: () => boolean): typeof fetch => (input, init) =>
  held() && (input instanceof Request ? input.url : input.toString()).includes(path) ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);

/**
 * A phone and a laptop on one account, the laptop's cart requests dropped while `hold.cart` is set,
 * once `shared` (the phone's or the laptop's lines) is in the customer's cart as the laptop reads it.
 */
async function laptopThatLosesTheCart(shared: (phone: Device, laptop: Device) => Promise<Record<string, number>>) {
  const email = await customer();
  const phone = await signedInDevice(email);
  const hold = { cart: false };
  const laptop = await signedInDevice(email, droppingWhile('/api/cart/', () => hold.cart));
  await settled(laptop, email, await shared(phone, laptop));
  return { email, phone, laptop, hold, cartId: (await token(laptop))! };
}
/** The laptop's orders, all sent. */
const laptopOrdersSent = (laptop: Device, count: number) =>
  expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(Array(count).fill('sent'));

/** The device reads the server cart (a focus or a reload does this) until it holds `expected`. */
async function deviceShows(device: Device, expected: Record<string, number>): Promise<void> {
  await expect
    .poll(
      async () => {
        await device.sync.cart.refresh().catch(() => undefined);
        return localCart(device);
      },
      { timeout: scaled(15_000) },
    )
    .toEqual(expected);
}

/**
 * The server's open cart comes to hold `expected`, every device syncing as a focus makes it do (a
 * change that met a time-out under load waits out the retry backoff otherwise, 2 s doubling), then
 * `device` holds what the server holds.
 */
async function settled(device: Device, email: string, expected: Record<string, number>): Promise<void> {
  const serverCart = async () => {
    await Promise.all(devices.map((d) => d.sync.cart.refresh().catch(() => undefined)));
    return openServerCart(email);
  };
  await expect.poll(serverCart, { timeout: scaled(15_000) }).toEqual(expected);
  await deviceShows(device, expected);
}

/** The phone's checkout order, sent as it sends it, naming the cart: the server converts the cart. */
async function phoneOrders(phone: Device, cartId: string, products: Record<string, unknown>[]): Promise<{ order_id: string; increment_id: string }> {
  const session = await readLocal(phone.db, LOCAL.session);
  const reply = await server.request<{ order_id: string; increment_id: string }>('POST', '/api/order', orderBody(`phone-${Date.now()}`, products, { cart_id: cartId }), { authorization: `Bearer ${session.token}` });
  expect(reply.status).toBe(200);
  return reply.body.result;
}

/** The laptop's checkout order for every line of its cart (or the products `only` names), naming the cart it shares with the phone. */
async function laptopOrder(laptop: Device, email: string, cartId: string, only?: readonly string[]): Promise<Record<string, unknown>> {
  const user = await readLocal(laptop.db, LOCAL.currentUser);
  const products = (await laptop.db.cart.find().exec()).filter((l) => !only || only.includes(l.sku)).map((l) => ({ sku: l.sku, qty: l.qty }));
  return orderBody(`laptop-${Date.now()}`, products, { cart_id: cartId, user_id: typeof user?.id === 'number' || typeof user?.id === 'string' ? String(user.id) : '', personalDetails: { firstName: 'Tess', lastName: 'Fixer', emailAddress: email, createAccount: false } });
}

/** The server's orders of the customer. */
/** A phone with anchors and a bolt in the customer's cart, and a laptop that follows that cart. */
async function bothFollowingOneCart(): Promise<{ email: string; phone: Device; laptop: Device; cartId: string }> {
  const email = await customer();
  const phone = await signedInDevice(email);
  await add(phone, 'TWO-ANCHOR', 2);
  await add(phone, 'TWO-BOLT', 1);
  const laptop = await signedInDevice(email);
  await settled(laptop, email, { 'TWO-ANCHOR': 2, 'TWO-BOLT': 1 });
  const cartId = (await token(laptop))!;
  return { email, phone, laptop, cartId };
}

async function ordersOf(email: string): Promise<string[]> {
  const rows = await server.ctx.db.query<{ order_id: string }>('select o.order_id from orders o join customers u on u.id::text = o.customer_id where u.email = $1 order by o.order_id', [email]);
  return rows.map((r) => r.order_id);
}

describe('one customer on a phone and a laptop', () => {
  it("keeps the phone's anchors when the laptop comes back online with bolts", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    const laptop = await signedInDevice(email);
    laptop.net.set(false);
    await add(phone, 'TWO-ANCHOR', 2);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-ANCHOR': 2 });
    await add(laptop, 'TWO-BOLT', 1);
    laptop.net.set(true);
    await settled(laptop, email, { 'TWO-ANCHOR': 2, 'TWO-BOLT': 1 });
    await settled(phone, email, { 'TWO-ANCHOR': 2, 'TWO-BOLT': 1 });
  });

  it("does not bring back the anchors the phone removed when the laptop's stale copy changes another line", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    await add(phone, 'TWO-ANCHOR', 2);
    await add(phone, 'TWO-BOLT', 1);
    const laptop = await signedInDevice(email);
    await settled(laptop, email, { 'TWO-ANCHOR': 2, 'TWO-BOLT': 1 });
    laptop.net.set(false);
    await removeFromCart(phone.db, await lineId(phone, 'TWO-ANCHOR'));
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 1 });
    await updateQuantity(laptop.db, await lineId(laptop, 'TWO-BOLT'), 3);
    laptop.net.set(true);
    await settled(laptop, email, { 'TWO-BOLT': 3 });
    await settled(phone, email, { 'TWO-BOLT': 3 });
  });

  it('keeps nuts the laptop adds while the phone orders in the open cart, and the ordered lines leave the laptop', async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    await add(phone, 'TWO-ANCHOR', 2);
    const laptop = await signedInDevice(email);
    await settled(laptop, email, { 'TWO-ANCHOR': 2 });
    const ordered = (await token(phone))!;
    const session = await readLocal(phone.db, LOCAL.session);
    // The phone's order, as its checkout sends it, naming the cart; the laptop adds nuts meanwhile.
    const [placed] = await Promise.all([
      server.request('POST', '/api/order', orderBody(`two-${Date.now()}`, [{ sku: 'TWO-ANCHOR', qty: 2 }], { cart_id: ordered }), { authorization: `Bearer ${session.token}` }),
      add(laptop, 'TWO-NUT', 4),
    ]);
    expect(placed.status).toBe(200);
    await settled(laptop, email, { 'TWO-NUT': 4 });
    expect(await token(laptop)).not.toBe(ordered);
  });

  it("keeps the anchors the phone adds while the laptop, offline, orders its own after an order that names the cart", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    const laptop = await signedInDevice(email);
    await add(laptop, 'TWO-BOLT', 1);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 1 });
    const cartId = (await token(laptop))!;
    laptop.net.set(false);
    // The bolt's order names the cart, so the anchors' order, placed after it, cannot.
    expect((await laptop.sync.placeOrder({ ...(await laptopOrder(laptop, email, cartId)), order_id: `bolt-${Date.now()}` })).outcome).toBe('queued');
    await add(laptop, 'TWO-ANCHOR', 2);
    await add(phone, 'TWO-ANCHOR', 2);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 1, 'TWO-ANCHOR': 2 });
    expect((await laptop.sync.placeOrder({ ...(await laptopOrder(laptop, email, cartId)), order_id: `anchor-${Date.now()}` })).outcome).toBe('queued');
    laptop.net.set(true);
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(['sent', 'sent']);
    // The laptop's anchors went with its order; the phone's stay in the customer's cart.
    await settled(laptop, email, { 'TWO-ANCHOR': 2 });
    await settled(phone, email, { 'TWO-ANCHOR': 2 });
  });

  it('sums one box of screws added on each device at about the same time', async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    const laptop = await signedInDevice(email);
    await Promise.all([add(phone, 'TWO-SCREW', 1), add(laptop, 'TWO-SCREW', 1)]);
    await settled(phone, email, { 'TWO-SCREW': 2 });
    await settled(laptop, email, { 'TWO-SCREW': 2 });
  });

  it.each([
    ['an empty cart', 0],
    ['a box the phone added before', 1],
  ])('sums the screws the laptop adds as it signs in with the ones the phone adds while the laptop reads the cart (%s)', async (_, before) => {
    const email = await customer();
    const phone = await signedInDevice(email);
    if (before > 0) {
      await add(phone, 'TWO-SCREW', before);
      await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-SCREW': before });
    }
    // The laptop's sign-in merge reads the customer's cart; before that reply reaches it, the shopper
    // adds a box on the laptop and one on the phone, which the server applies.
    let beforePullReply: (() => Promise<void>) | null = async () => {
      const laptop = devices.at(-1)!;
      await add(laptop, 'TWO-SCREW', 1);
      await add(phone, 'TWO-SCREW', 1);
      await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-SCREW': before + 1 });
    };
    const laptopFetch: typeof fetch = async (input, init) => {
      const reply = await fetch(input, init);
      const hook = beforePullReply;
      if (hook && (input instanceof Request ? input.url : input.toString()).includes('/api/cart/pull')) {
        beforePullReply = null;
        await hook();
      }
      return reply;
    };
    const laptop = await signedInDevice(email, laptopFetch);
    await expect.poll(() => beforePullReply, { timeout: scaled(15_000) }).toBeNull();
    await settled(laptop, email, { 'TWO-SCREW': before + 2 });
    await settled(phone, email, { 'TWO-SCREW': before + 2 });
  });

  it('shows the laptop, after its own order emptied its cart, the lines the phone adds next', async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    const laptop = await signedInDevice(email);
    await add(laptop, 'TWO-ANCHOR', 1);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-ANCHOR': 1 });
    const session = await readLocal(laptop.db, LOCAL.session);
    const user = await readLocal(laptop.db, LOCAL.currentUser);
    const body = orderBody(`two-${Date.now()}`, [{ sku: 'TWO-ANCHOR', qty: 1 }], { cart_id: await token(laptop), user_id: typeof user?.id === 'number' || typeof user?.id === 'string' ? String(user.id) : '', personalDetails: { firstName: 'Tess', lastName: 'Fixer', emailAddress: email, createAccount: false } });
    expect(session.token).toBeTruthy();
    // Placed offline and sent once the laptop is back: accepted, the order lets go of the cart it converted.
    laptop.net.set(false);
    expect((await laptop.sync.placeOrder(body)).outcome).toBe('queued');
    laptop.net.set(true);
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(['sent']);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({});
    await add(phone, 'TWO-BOLT', 2);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 2 });
    await settled(laptop, email, { 'TWO-BOLT': 2 });
  });

  it("tells the laptop that the phone already ordered the cart, naming the phone's order, and places nothing more when the phone's order holds the laptop's", async () => {
    const { email, phone, laptop, cartId } = await bothFollowingOneCart();
    // The phone orders both lines; a moment later the laptop presses "Place the order" for the same lines of the same cart.
    const phoneOrder = await phoneOrders(phone, cartId, [{ sku: 'TWO-ANCHOR', qty: 2 }, { sku: 'TWO-BOLT', qty: 1 }]);
    const placed = await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId));
    expect(placed).toMatchObject({ outcome: 'sent', order: { order_id: phoneOrder.order_id, result: { increment_id: phoneOrder.increment_id } } });
    expect(isOrderedElsewhere(placed.order.result)).toBe(true);
    expect(isOrderedElsewhere((await laptop.db.orders.findOne(phoneOrder.order_id).exec())?.result)).toBe(true);
    expect(await ordersOf(email)).toEqual([phoneOrder.order_id]);
    await settled(laptop, email, {});
    await settled(phone, email, {});
  });

  it("places the laptop's own order when the phone's order of the same cart does not hold its lines: the bolt it ordered leaves the cart (seeds 1000000301, 1000000806)", async () => {
    const { email, phone, laptop, cartId } = await bothFollowingOneCart();
    // The phone orders the anchors only; the laptop, not knowing, orders the anchors and the bolt of the same cart.
    const phoneOrder = await phoneOrders(phone, cartId, [{ sku: 'TWO-ANCHOR', qty: 2 }]);
    const body = await laptopOrder(laptop, email, cartId);
    const placed = await laptop.sync.placeOrder(body);
    expect(placed).toMatchObject({ outcome: 'sent', order: { order_id: body.order_id, state: 'sent' } });
    expect(isOrderedElsewhere(placed.order.result)).toBe(false);
    expect(await ordersOf(email)).toEqual([body.order_id, phoneOrder.order_id].sort());
    await settled(laptop, email, {});
    await settled(phone, email, {});
  });

  it('says so in a notice when the laptop sends its queued order after the phone ordered the cart', async () => {
    const { email, phone, laptop, cartId } = await bothFollowingOneCart();
    laptop.net.set(false);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId))).outcome).toBe('queued');
    const phoneOrder = await phoneOrders(phone, cartId, [{ sku: 'TWO-ANCHOR', qty: 2 }, { sku: 'TWO-BOLT', qty: 1 }]);
    laptop.net.set(true);
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => [o.order_id, o.state, isOrderedElsewhere(o.result)]), { timeout: scaled(15_000) }).toEqual([[phoneOrder.order_id, 'sent', true]]);
    // The notice follows the stored outcome once the cart it converted is let go of.
    const notices = async () => (await laptop.db.notifications.find().exec()).map((n) => n.message).filter((m) => m.startsWith(ORDER_MESSAGES.cartAlreadyOrdered));
    await expect.poll(notices, { timeout: scaled(15_000) }).toHaveLength(1);
    expect((await notices())[0]).toContain(phoneOrder.increment_id);
    expect(await ordersOf(email)).toEqual([phoneOrder.order_id]);
    await settled(laptop, email, {});
  });

  it("keeps the quantity the laptop sets while its order of the same nuts is on its way: the order takes its own from the cart (seed 938210014)", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    // The laptop's orders get no reply while `holdOrders` (the network drops them): each stays queued.
    let holdOrders = false;
    const laptopFetch = droppingWhile('/api/order', () => holdOrders);
    const laptop = await signedInDevice(email, laptopFetch);
    await add(laptop, 'TWO-NUT', 4);
    await settled(phone, email, { 'TWO-NUT': 4 });
    const cartId = (await token(laptop))!;
    holdOrders = true;
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId))).outcome).toBe('queued');
    await add(phone, 'TWO-NUT', 2);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-NUT': 6 });
    // The laptop shows the 2 nuts its order leaves, and the shopper makes them 5.
    await deviceShows(laptop, { 'TWO-NUT': 2 });
    await updateQuantity(laptop.db, await lineId(laptop, 'TWO-NUT'), 5);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-NUT': 9 });
    holdOrders = false;
    laptop.net.set(false);
    laptop.net.set(true);
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(['sent']);
    await settled(laptop, email, { 'TWO-NUT': 5 });
    await settled(phone, email, { 'TWO-NUT': 5 });
  });

  it("keeps both of the phone's bolts when the laptop orders its own bolt before that bolt reached the cart the order names (seed 1000000397)", async () => {
    const { email, phone, laptop, cartId, releaseCart } = await phoneBoltsTheLaptopMissed();
    // The laptop has not read the phone's bolts: it orders the one it added, naming the shared cart.
    await add(laptop, 'TWO-BOLT', 1);
    expect(await localCart(laptop)).toEqual({ 'TWO-BOLT': 1 });
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId))).order.body.cart_id).toBe(cartId);
    releaseCart();
    laptop.net.set(false);
    laptop.net.set(true);
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(['sent']);
    // The order took the laptop's bolt; the phone's two stay in the customer's cart.
    await settled(laptop, email, { 'TWO-BOLT': 2 });
    await settled(phone, email, { 'TWO-BOLT': 2 });
  });

  it("keeps both of the phone's bolts when the laptop signs out with its order of its own bolt still queued and signs in again (seed 1000001085)", async () => {
    const { email, phone, laptop, cartId, releaseCart } = await phoneBoltsTheLaptopMissed();
    // The laptop's own bolt never reached the cart; its order names the cart and waits for that bolt.
    await add(laptop, 'TWO-BOLT', 1);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId))).outcome).toBe('queued');
    // Signing out, the laptop cannot send the bolt: the order stays queued, held for the customer.
    await laptop.sync.signOut();
    releaseCart();
    await add(laptop, 'TWO-NUT', 3);
    expect(await signIn(laptop.db, laptop.sync.api, email, 'Secret-pass-123')).toEqual({ ok: true });
    await expect.poll(async () => (await laptop.db.orders.find().exec()).map((o) => o.state), { timeout: scaled(15_000) }).toEqual(['sent']);
    // The order took the laptop's bolt, not one of the phone's two.
    await settled(laptop, email, { 'TWO-BOLT': 2, 'TWO-NUT': 3 });
    await settled(phone, email, { 'TWO-BOLT': 2, 'TWO-NUT': 3 });
  });

  it("takes the phone's screws out of the cart with the laptop's order that could not name it, when the laptop signs out before that went (seed 1000003695)", async () => {
    const { email, phone, laptop, hold, cartId } = await laptopThatLosesTheCart(async (phone) => {
      await add(phone, 'TWO-SCREW', 2);
      return { 'TWO-SCREW': 2 };
    });
    // Offline for the cart: the laptop's nut cannot reach it, so its order of the nut waits, naming the cart.
    hold.cart = true;
    await add(laptop, 'TWO-NUT', 1);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId, ['TWO-NUT']))).outcome).toBe('queued');
    // The second order, of the screws, cannot name a cart the first will convert: it goes, and the
    // screws are still to leave the cart.
    await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId, ['TWO-SCREW']));
    await laptop.sync.signOut();
    hold.cart = false;
    expect(await signIn(laptop.db, laptop.sync.api, email, 'Secret-pass-123')).toEqual({ ok: true });
    await laptopOrdersSent(laptop, 2);
    // Both orders took their lines: the screws do not come back.
    await settled(laptop, email, {});
    await settled(phone, email, {});
  });

  it("keeps the phone's anchor when the laptop's order that could not name the cart takes the laptop's own anchor from it (seed 1130000258)", async () => {
    const { email, phone, laptop, hold, cartId } = await laptopThatLosesTheCart(async (_, laptop) => {
      await add(laptop, 'TWO-ANCHOR', 1);
      return { 'TWO-ANCHOR': 1 };
    });
    // The laptop stops reaching the cart, so it neither sees the phone's anchor nor sends its nut,
    // and its order of the nut waits, naming the cart.
    hold.cart = true;
    await add(phone, 'TWO-ANCHOR', 1);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-ANCHOR': 2 });
    await add(laptop, 'TWO-NUT', 1);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId, ['TWO-NUT']))).outcome).toBe('queued');
    // The anchor's order cannot name a cart the nut's order will convert: it takes the laptop's one anchor.
    await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId, ['TWO-ANCHOR']));
    hold.cart = false;
    await laptopOrdersSent(laptop, 2);
    // The phone's anchor was never the laptop's to order: it stays in the open cart.
    await settled(laptop, email, { 'TWO-ANCHOR': 1 });
    await settled(phone, email, { 'TWO-ANCHOR': 1 });
  });

  it("keeps the phone's bolt when the laptop confirms a new total for its order of bolts that never reached the cart (seed 1140000275)", async () => {
    const { email, phone, laptop, hold, cartId } = await laptopThatLosesTheCart(async () => ({}));
    hold.cart = true;
    await add(laptop, 'TWO-NUT', 1);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId, ['TWO-NUT']))).outcome).toBe('queued');
    // The laptop's bolts wait to reach the cart; the phone's bolt is there.
    await add(laptop, 'TWO-BOLT', 2);
    await add(phone, 'TWO-BOLT', 1);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 1 });
    // The bolts' order names no cart (the nut's does). The server asks to confirm its total, and the
    // shopper confirms the new one.
    const bolts = await laptopOrder(laptop, email, cartId, ['TWO-BOLT']);
    const first = await laptop.sync.placeOrder({ ...bolts, grand_total: 0.01 });
    expect(first.outcome).toBe('repriced');
    expect((await laptop.sync.placeOrder({ ...bolts, grand_total: first.repriced!.grand_total })).outcome).toBe('sent');
    hold.cart = false;
    await laptopOrdersSent(laptop, 2);
    // The laptop's bolts went with its order without ever reaching the cart: the phone's bolt stays.
    await settled(laptop, email, { 'TWO-BOLT': 1 });
    await settled(phone, email, { 'TWO-BOLT': 1 });
  });

  it('shows a reload the lines the other device added, with no change of its own', async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    const laptop = await signedInDevice(email);
    await add(phone, 'TWO-BOLT', 5);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 5 });
    await laptop.sync.cart.load();
    expect(await localCart(laptop)).toEqual({ 'TWO-BOLT': 5 });
  });

  it("sums the laptop's screw into what the phone's order left when that order converted the cart while the laptop's login merge was sending it (seed 1000000942)", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    await add(phone, 'TWO-SCREW', 4);
    await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-SCREW': 4 });
    const cartId = (await token(phone))!;
    // The phone's order of 3 converts the cart just before the laptop's summed line (4 + 1) reaches it.
    let ordered: Promise<unknown> | null = null;
    const orderFirst: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/api/cart/apply') && url.includes(cartId)) await (ordered ??= phoneOrders(phone, cartId, [{ sku: 'TWO-SCREW', qty: 3 }]));
      return fetch(input, init);
    };
    // The laptop, still a guest, adds one screw, then signs in.
    const db = await openTestDatabase({ collections: [...SHOP_COLLECTIONS] });
    await copyProducts(server, db, SKUS);
    const net = manualConnectivity(true);
    const laptop: Device = { db, sync: await leadingSync(server, db, { connectivity: net, fetch: orderFirst }), net };
    devices.push(laptop);
    await add(laptop, 'TWO-SCREW', 1);
    expect(await signIn(db, laptop.sync.api, email, 'Secret-pass-123')).toEqual({ ok: true });
    await expect.poll(() => ordered !== null, { timeout: scaled(15_000) }).toBe(true);
    // The order left one of the phone's four; the laptop's one is added to it, not a copy of the cart the order converted.
    await settled(laptop, email, { 'TWO-SCREW': 2 });
    await settled(phone, email, { 'TWO-SCREW': 2 });
  });

  it("does not bring back the phone's screws the laptop removed before its own order, when the phone's order converted the cart first (seed 1250000065)", async () => {
    const email = await customer();
    const phone = await signedInDevice(email);
    await add(phone, 'TWO-SCREW', 2);
    const laptop = await signedInDevice(email);
    await add(laptop, 'TWO-SCREW', 2);
    await add(laptop, 'TWO-BOLT', 1);
    await settled(laptop, email, { 'TWO-SCREW': 4, 'TWO-BOLT': 1 });
    const cartId = (await token(laptop))!;
    // Offline, the laptop removes the screws, adds one back and orders it with the bolt, naming the cart.
    laptop.net.set(false);
    await removeFromCart(laptop.db, await lineId(laptop, 'TWO-SCREW'));
    await add(laptop, 'TWO-SCREW', 1);
    expect((await laptop.sync.placeOrder(await laptopOrder(laptop, email, cartId))).outcome).toBe('queued');
    // The phone's order of its two screws converts the cart first: what it left goes on in the next cart.
    await phoneOrders(phone, cartId, [{ sku: 'TWO-SCREW', qty: 2 }]);
    laptop.net.set(true);
    await laptopOrdersSent(laptop, 1);
    // The laptop's removal came before its order: no screw is left, whichever order the server took first.
    await settled(laptop, email, {});
    await settled(phone, email, {});
  });
});

/**
 * A phone and a laptop signed in as one new customer, the login merge over (an order may name the
 * customer's cart), and the phone's two bolts on the server cart. The laptop has not read them: its
 * cart requests get no reply (the network drops them) until `releaseCart()`; its orders go.
 */
async function phoneBoltsTheLaptopMissed() {
  const email = await customer();
  const phone = await signedInDevice(email);
  let holdCart = false;
  const laptop = await signedInDevice(email, droppingWhile('/api/cart/', () => holdCart));
  await expect.poll(async () => (await readLocal(laptop.db, LOCAL.cartState)).mergePending, { timeout: scaled(10_000) }).toBe(false);
  const cartId = (await token(laptop))!;
  holdCart = true;
  await add(phone, 'TWO-BOLT', 2);
  await expect.poll(() => openServerCart(email), { timeout: scaled(15_000) }).toEqual({ 'TWO-BOLT': 2 });
  return { email, phone, laptop, cartId, releaseCart: () => void (holdCart = false) };
}
