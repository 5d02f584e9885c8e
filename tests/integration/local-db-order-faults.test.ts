import { describe, expect, it } from 'vitest';
import { isUnknownOutcome } from '../../replication/api/api-errors';
import { addToCart } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, modifyLocal, readLocal } from '../../src/db/local-state';
import { manualConnectivity } from '../../src/db/sync/connectivity';
import { createShopSync, type ShopSync } from '../../src/db/sync/shop-sync';
import { fakeBrowser, openTestDatabase } from '../doubles/test-database';
import { scriptedFetch, type ScriptedFetch } from '../helpers/scripted-faults';
import type { TestServer } from '../helpers/test-server';
import { closedAfterEach, closeDevice, copyProducts, serverForThisFile, UK_VAT_RECORD } from './device-shop';
import { waitUntil } from '../helpers/wait-until';
import { GB_ADDRESS, testProduct } from './cart-fixtures';

/**
 * The order and session paths of the device under application faults (a hung request, a proxy's
 * HTML 502, a 5xx, a lost reply), against the real server: each case was reproduced as a lost or
 * doubled order, a lost line or a logout before the exactly-once work, and is checked here by
 * reading the server's own tables once the device reports it settled.
 */
let server: TestServer;
const SKUS = ['OF-ANCHOR', 'OF-BOLT', 'OF-SCREW'] as const;
const PASSWORD = 'Order-faults-123';
serverForThisFile(SKUS.map((sku, i) => testProduct(996_100 + i, sku, { price: 10 + i })), (started) => (server = started));

interface Tab {
  db: ShopDatabase;
  net: ScriptedFetch;
  online: ReturnType<typeof manualConnectivity>;
  shop: ShopSync;
}
const closeTab = (tab: Tab) => closeDevice({ db: tab.db, sync: tab.shop });
const tabs = closedAfterEach(closeTab);

/** A tab of one browser: tabs opened with the same `browser` and `name` share one IndexedDB (a reload, or a second tab). */
/**
 * `timeoutMs`: the client's time-out, short by default so a hung request is given up quickly; a test
 * that scripts no hang may give a loaded machine's server more time to answer.
 */
async function openTab(options: { browser?: ReturnType<typeof fakeBrowser>; name?: string; net?: ScriptedFetch; seed?: boolean; multi?: boolean; timeoutMs?: number } = {}): Promise<Tab> {
  const multi = options.multi ?? false;
  const db = await openTestDatabase({ browser: options.browser, name: options.name, collections: ['products', 'content', 'cart', 'orders', 'sync_tasks', 'notifications'], multiInstance: multi, devMode: multi, ignoreDuplicate: multi });
  if (options.seed !== false) {
    await copyProducts(server, db, SKUS);
    await db.content.upsert(UK_VAT_RECORD);
    await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: true }));
  }
  const net = options.net ?? scriptedFetch();
  const online = manualConnectivity(true);
  const shop = createShopSync(db, { baseUrl: server.url, fetch: net.fetch, connectivity: online, catalogue: false, lockRetryMs: 50, timeoutMs: options.timeoutMs ?? 300, retryBaseMs: 50, cartDebounceMs: 10 });
  shop.start();
  const tab = { db, net, online, shop };
  tabs.push(tab);
  return tab;
}

async function add(tab: Tab, sku: string, qty = 1) {
  const record = (await tab.db.products.findOne({ selector: { sku } }).exec())!;
  return addToCart(tab.db, await cartItemFromProduct(tab.db, record), qty);
}

const localCart = async (tab: Tab) => Object.fromEntries((await tab.db.cart.find().exec()).map((l) => [l.sku, l.qty]));

/** The checkout's order body from the cart as it is now (the review step builds the same). */
async function checkoutBody(tab: Tab, email: string, extra: Record<string, unknown> = {}) {
  const lines = (await tab.db.cart.find().exec()).map((d) => d.toMutableJSON());
  const { token } = await readLocal(tab.db, LOCAL.cartState);
  const session = await readLocal(tab.db, LOCAL.session);
  const user = await readLocal(tab.db, LOCAL.currentUser);
  return {
    user_id: session.token && (typeof user?.id === 'number' || typeof user?.id === 'string') ? String(user.id) : '',
    cart_id: token,
    products: lines.map((l) => ({ sku: l.sku, qty: l.qty, product_option: l.product_option, checksum: l.checksum })),
    addressInformation: { shippingAddress: { ...GB_ADDRESS, email }, billingAddress: { ...GB_ADDRESS, email }, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    personalDetails: { firstName: 'Ola', lastName: 'Fault', emailAddress: email, createAccount: false },
    ...extra,
  };
}

/**
 * Signs in as a shopper would on a slow connection: the login's password check can outlast these
 * tabs' short client time-out on a busy machine (an unknown outcome), and the shopper presses again.
 */
async function signInPressingAgain(tab: Tab, email: string) {
  for (let press = 1; ; press++) {
    try {
      return await tab.shop.signIn(email, PASSWORD);
    } catch (error) {
      if (!isUnknownOutcome(error) || press === 5) throw error;
    }
  }
}

const serverOrders = async (email: string) => server.ctx.db.query<{ order_id: string }>('select order_id from orders where lower(email) = lower($1) order by created_at', [email]);
const nothingQueued = (tab: Tab) => async () => (await tab.db.orders.find({ selector: { state: { $in: ['queued', 'held'] } } }).exec()).length === 0;
let n = 0;
const newEmail = (what: string) => `order-faults-${what}-${Date.now().toString(36)}-${++n}@example.com`;

async function register(email: string): Promise<void> {
  const created = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Ola', lastname: 'Fault' }, password: PASSWORD });
  expect(created.status).toBe(200);
}

/** Lines of open (not converted) server carts that hold any of these skus. */
async function openServerLinesOf(skus: readonly string[]): Promise<number> {
  const rows = await server.ctx.db.query<{ n: number }>('select count(*)::integer as n from cart_items i join carts c on c.id = i.cart_id where c.converted_order_id is null and i.sku = any($1)', [skus]);
  return Number(rows[0]?.n ?? 0);
}

describe('one checkout, one order', () => {
  it('a hung order request, a second press, a second tab and a reload make one order (1)', async () => {
    const browser = fakeBrowser();
    const name = `one_checkout_${Date.now()}`;
    const email = newEmail('hung');
    const first = await openTab({ browser, name, multi: true });
    await first.shop.whenLeading();
    const second = await openTab({ browser, name, net: first.net, seed: false, multi: true });
    await add(first, 'OF-ANCHOR', 2);
    const checkoutId = await first.shop.beginCheckout();
    expect(await second.shop.beginCheckout()).toBe(checkoutId);

    first.net.fault('/api/order', 'hang');
    const pressed = await first.shop.placeOrder({ ...(await checkoutBody(first, email)), order_id: checkoutId });
    expect(pressed).toMatchObject({ outcome: 'queued', order: { order_id: checkoutId } });
    // The second press and the second tab (its review step opened before the order) reuse the checkout's order.
    const again = await first.shop.placeOrder({ ...(await checkoutBody(first, email)), order_id: checkoutId });
    const otherTab = await second.shop.placeOrder({ ...(await checkoutBody(second, email)), order_id: checkoutId });
    expect([again.order.order_id, otherTab.order.order_id]).toEqual([checkoutId, checkoutId]);
    expect(await localCart(first)).toEqual({});

    // A reload: the checkout's order is placed, so the reopened review step gets a new id and the cart is empty.
    await closeTab(first);
    const reloaded = await openTab({ browser, name, net: second.net, seed: false, multi: true });
    expect(await reloaded.shop.beginCheckout()).not.toBe(checkoutId);
    await waitUntil(nothingQueued(second), 10_000, 'the queued order sent by the timer');
    expect((await serverOrders(email)).map((o) => o.order_id)).toEqual([checkoutId]);
  });

  it('a failing cart sync after the order does not report the order as failed (2), and the ordered lines never reach an open cart (3)', async () => {
    // No hang is scripted: the order's own reply must not time out on a loaded machine (it came back
    // 'queued' once, the real server taking over 300 ms).
    const tab = await openTab({ timeoutMs: 5_000 });
    await tab.shop.whenLeading();
    const email = newEmail('after');
    await add(tab, 'OF-BOLT', 3);
    await waitUntil(async () => (await tab.db.cart.find().exec()).every((l) => typeof l.server_item_id === 'number'), 10_000, 'line on the server');
    tab.net.fault('/api/cart/create', 'proxy502', 3);
    tab.net.fault('/api/cart/update', 'status503', 3);
    const placed = await tab.shop.placeOrder(await checkoutBody(tab, email));
    expect(placed.outcome).toBe('sent');
    expect(await localCart(tab)).toEqual({});
    await add(tab, 'OF-SCREW', 1);
    await waitUntil(async () => (await tab.db.cart.find().exec()).every((l) => typeof l.server_item_id === 'number'), 15_000, 'the new line in a new cart');
    expect((await serverOrders(email)).length).toBe(1);
    expect(await openServerLinesOf(['OF-BOLT'])).toBe(0);
  });

  it('lines added in another tab while the order is in flight stay in the cart (4)', async () => {
    const tab = await openTab();
    await tab.shop.whenLeading();
    const email = newEmail('during');
    await add(tab, 'OF-ANCHOR', 1);
    tab.net.fault('/api/order', 'hang');
    const placing = tab.shop.placeOrder(await checkoutBody(tab, email));
    await waitUntil(async () => (await localCart(tab))['OF-ANCHOR'] === undefined, 10_000, 'ordered line taken out');
    await add(tab, 'OF-SCREW', 2);
    await add(tab, 'OF-ANCHOR', 1);
    expect((await placing).outcome).toBe('queued');
    await waitUntil(nothingQueued(tab), 10_000, 'order sent');
    expect(await localCart(tab)).toEqual({ 'OF-SCREW': 2, 'OF-ANCHOR': 1 });
    expect((await serverOrders(email)).length).toBe(1);
  });

  it('a page that goes right after storing the order leaves its lines to the next page, which takes them out (seed 938209799)', async () => {
    const browser = fakeBrowser();
    const name = `gone_after_store_${Date.now()}`;
    const email = newEmail('gone');
    const first = await openTab({ browser, name, timeoutMs: 5_000 });
    await first.shop.whenLeading();
    await add(first, 'OF-SCREW', 2);
    await waitUntil(async () => (await first.db.cart.find().exec()).every((l) => typeof l.server_item_id === 'number'), 10_000, 'line on the server');
    const cartId = (await readLocal(first.db, LOCAL.cartState)).token;
    // The page goes (a reload) the moment the order is stored: the writes after it never run.
    const orders = first.db.orders;
    const insert = orders.insert.bind(orders);
    orders.insert = async (order) => {
      const stored = await insert(order);
      await closeTab(first);
      return stored;
    };
    // Not naming the cart, as when an order not sent yet names it (a cart the order names would give
    // its lines to the order by itself, the sync leaving them to it).
    const { cart_id: _named, ...body } = await checkoutBody(first, email);
    await expect(first.shop.placeOrder(body)).rejects.toThrow();

    const reloaded = await openTab({ browser, name, net: first.net, seed: false, timeoutMs: 5_000 });
    await reloaded.shop.whenLeading();
    await waitUntil(nothingQueued(reloaded), 10_000, 'the order sent by the next page');
    expect(await localCart(reloaded)).toEqual({});
    const inCart = async () => (await server.ctx.db.query<{ n: number }>('select count(*)::integer as n from cart_items where cart_id = $1', [cartId]))[0]?.n;
    await waitUntil(async () => (await inCart()) === 0, 10_000, 'the ordered line deleted from the server cart');
    expect((await serverOrders(email)).length).toBe(1);
  });

  it('a refusal puts the ordered lines back and shows why', async () => {
    // The refusal and the corrected order are real replies, which a loaded machine may take over 300 ms to give.
    const tab = await openTab({ timeoutMs: 5_000 });
    await tab.shop.whenLeading();
    await add(tab, 'OF-ANCHOR', 2);
    const body = await checkoutBody(tab, newEmail('refused'));
    const refused = await tab.shop.placeOrder({ ...body, addressInformation: { ...body.addressInformation, shippingAddress: { ...GB_ADDRESS, postcode: '' } } });
    expect(refused.outcome).toBe('rejected');
    expect(typeof refused.message).toBe('string');
    expect(await localCart(tab)).toEqual({ 'OF-ANCHOR': 2 });
    // The corrected order is a new one, under a new id.
    const corrected = await tab.shop.placeOrder(await checkoutBody(tab, newEmail('corrected')));
    expect(corrected.outcome).toBe('sent');
    expect(corrected.order.order_id).not.toBe(refused.order.order_id);
  });
});

describe('queued orders', () => {
  it('cancelling "Order waiting!" keeps an order the server already has (5)', async () => {
    const tab = await openTab();
    await tab.shop.whenLeading();
    await modifyLocal(tab.db, LOCAL.settings, (s) => ({ ...s, automaticTransmission: false }));
    const email = newEmail('cancel');
    await add(tab, 'OF-BOLT', 1);
    tab.net.fault('/api/order', 'dropReply');
    const placed = await tab.shop.placeOrder(await checkoutBody(tab, email));
    expect(placed.outcome).toBe('queued');
    // The premise: the shop has it. Under load the client's short time-out may give up before the
    // server commits; a cancel sent before then withdraws the order instead (order-withdraw.test.ts).
    await waitUntil(async () => (await serverOrders(email)).length === 1, 10_000, 'the order reached the shop');
    expect(await tab.shop.cancelQueuedOrders()).toEqual({ removed: 0, placed: 1, unknown: 0 });
    expect((await tab.db.orders.findOne(placed.order.order_id).exec())?.state).toBe('sent');
    expect((await serverOrders(email)).map((o) => o.order_id)).toEqual([placed.order.order_id]);
  });

  it("a customer's order queued before logout is held, not stuck, and goes after the next login; the orders behind it go at once (6)", async () => {
    // Orders go oldest first and a round stops at an unknown outcome: under CI's load the held
    // order's own 401 took longer than 300 ms time after time, the round stopped before the guest's
    // order each time, and it had not gone after 10 s. The time-out here is not what is tested.
    const tab = await openTab({ timeoutMs: 5_000 });
    await tab.shop.whenLeading();
    const email = newEmail('held');
    await register(email);
    expect((await signInPressingAgain(tab, email)).ok).toBe(true);
    await add(tab, 'OF-ANCHOR', 1);
    tab.online.set(false);
    tab.net.offline = true;
    const customerOrder = await tab.shop.placeOrder(await checkoutBody(tab, email));
    expect(customerOrder.outcome).toBe('queued');
    await tab.shop.signOut(true);
    const guestEmail = newEmail('behind');
    await add(tab, 'OF-SCREW', 1);
    const guestOrder = await tab.shop.placeOrder(await checkoutBody(tab, guestEmail));
    tab.net.offline = false;
    tab.online.set(true);
    // One time-out on the way (5 s here) and the 2 s retry wait already make 7 s: the limit allows for one.
    await waitUntil(async () => (await serverOrders(guestEmail)).length === 1, 20_000, 'the guest order behind it sent');
    await waitUntil(async () => (await tab.db.orders.findOne(customerOrder.order.order_id).exec())?.state === 'held', 10_000, 'customer order held');
    await waitUntil(async () => (await tab.db.orders.findOne(guestOrder.order.order_id).exec())?.state === 'sent', 10_000, 'the guest order recorded as sent');
    expect((await signInPressingAgain(tab, email)).ok).toBe(true);
    await waitUntil(nothingQueued(tab), 10_000, 'held order sent after the login');
    expect((await serverOrders(email)).map((o) => o.order_id)).toEqual([customerOrder.order.order_id]);
  });

  it('an order answered 503 goes again on the timer with no other event (7)', async () => {
    const tab = await openTab();
    await tab.shop.whenLeading();
    const email = newEmail('timer');
    await add(tab, 'OF-SCREW', 1);
    tab.net.fault('/api/order', 'status503', 2);
    const placed = await tab.shop.placeOrder(await checkoutBody(tab, email));
    expect(placed.outcome).toBe('queued');
    await waitUntil(nothingQueued(tab), 10_000, 'sent by the timer');
    expect((await serverOrders(email)).map((o) => o.order_id)).toEqual([placed.order.order_id]);
  });

  it('never writes an account password to the device, even while the order waits (14)', async () => {
    const tab = await openTab();
    await tab.shop.whenLeading();
    await add(tab, 'OF-BOLT', 1);
    tab.online.set(false);
    tab.net.offline = true;
    const secret = 'Never-Stored-987';
    const body = await checkoutBody(tab, newEmail('secret'), { personalDetails: { firstName: 'Ola', lastName: 'Fault', emailAddress: 'x@example.com', createAccount: true, password: secret } });
    const placed = await tab.shop.placeOrder(body);
    expect(placed.outcome).toBe('queued');
    const stored = (await tab.db.orders.find().exec()).map((d) => JSON.stringify(d.toJSON()));
    expect(stored.join('')).not.toContain(secret);
  });
});

describe('the session under faults', () => {
  async function signedIn(what: string) {
    // No hang is scripted here: the faults answer at once, and real replies get a loaded machine's time.
    const tab = await openTab({ timeoutMs: 5_000 });
    await tab.shop.whenLeading();
    const email = newEmail(what);
    await register(email);
    expect((await signInPressingAgain(tab, email)).ok).toBe(true);
    // The access token is no longer accepted: the next request must refresh.
    await modifyLocal(tab.db, LOCAL.session, (s) => ({ ...s, token: `${s.token}x` }));
    return { tab, email };
  }
  const profile = (tab: Tab) => tab.shop.api.request<{ email?: string }>('/api/user/me');

  it('a refresh whose reply was lost does not log the shopper out (9)', async () => {
    const { tab, email } = await signedIn('lost-refresh');
    const refreshes = tab.net.reached('/api/user/refresh');
    tab.net.fault('/api/user/refresh', 'dropReply');
    // The first refresh loses its reply: this request's, or a background sync's that got there first
    // (the cart is read at start-up and on a timer). Either way nobody is logged out.
    await profile(tab).catch(() => undefined);
    const reply = await profile(tab);
    expect(tab.net.reached('/api/user/refresh')).toBeGreaterThanOrEqual(refreshes + 2);
    expect(reply.code).toBe(200);
    expect(reply.result.email).toBe(email);
    expect((await readLocal(tab.db, LOCAL.session)).token).not.toBeNull();
    expect((await readLocal(tab.db, LOCAL.ui)).signUpModal).toBe(false);
  });

  it.each(['proxy502', 'status503'] as const)('a %s on refresh does not log the shopper out (9)', async (fault) => {
    const { tab } = await signedIn(fault);
    tab.net.fault('/api/user/refresh', fault);
    // The first refresh meets the fault: this request's, or a background sync's that got there first
    // (then this one rides on the retried refresh and may succeed). Either way nobody is logged out.
    await profile(tab).catch(() => undefined);
    expect((await readLocal(tab.db, LOCAL.session)).token).not.toBeNull();
    expect((await profile(tab)).code).toBe(200);
  });

  it.each(['status503', 'dropReply', 'proxy502'] as const)('a profile read after the login that meets a %s does not fail the login; the profile is read again until it arrives', async (fault) => {
    // One press: the login's own reply must not time out here (the test is about the read after it).
    const tab = await openTab({ timeoutMs: 5_000 });
    await tab.shop.whenLeading();
    const email = newEmail(`profile-${fault}`);
    await register(email);
    tab.net.fault('/api/user/me', fault, 2);
    expect((await tab.shop.signIn(email, PASSWORD)).ok).toBe(true);
    await waitUntil(async () => (await readLocal(tab.db, LOCAL.currentUser))?.email === email.toLowerCase(), 20_000, 'the profile read again');
    expect((await readLocal(tab.db, LOCAL.session)).token).not.toBeNull();
  });
});

