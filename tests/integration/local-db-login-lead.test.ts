import { describe, expect, it } from 'vitest';
import { addToCart } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, readLocal } from '../../src/db/local-state';
import { signIn } from '../../src/db/session/session';
import type { TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { testProduct } from './cart-fixtures';
import { checkoutBodyOf, devicePages, serverForThisFile, type DevicePage } from './device-shop';

/**
 * The login merge when no tab is leading as the shopper signs in: the leading page was reloading (a
 * reload during an order) and another tab, or the reloaded page, takes the lead only afterwards.
 * Leadership is switched by hand so the sign-in falls exactly in that gap (soak seed 1000000978: the
 * device stayed on its guest cart and never showed the saved lines).
 */
let server: TestServer;
const SKUS = ['LGL-WASHER', 'LGL-ANCHOR'] as const;
const PASSWORD = 'Lead-pass-123';
serverForThisFile(SKUS.map((sku, i) => testProduct(996_700 + i, sku, { price: 4 + i })), (started) => (server = started));

type Page = DevicePage;
const openPage = devicePages(() => server, SKUS, { sync: { retryBaseMs: 50 } });

async function register(email: string): Promise<void> {
  expect((await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Lee', lastname: 'Lead' }, password: PASSWORD })).status).toBe(200);
}

/** A customer whose open cart holds LGL-ANCHOR×3, saved on another visit; gives the cart's id. */
async function customerWithSavedCart(email: string): Promise<string> {
  await register(email);
  const login = await server.request<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  const bearer = { authorization: `Bearer ${login.body.result}` };
  const cartId = (await server.request<string>('POST', '/api/cart/create', undefined, bearer)).body.result;
  await server.request('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: 'LGL-ANCHOR', qty: 3 } }, bearer);
  return cartId;
}

/** A guest's page, leading, whose LGL-WASHER×2 reached a guest cart. */
async function guestPage(): Promise<Page> {
  const page = await openPage();
  const { db } = page;
  const washer = (await db.products.findOne({ selector: { sku: 'LGL-WASHER' } }).exec())!;
  await addToCart(db, await cartItemFromProduct(db, washer), 2);
  await waitUntil(async () => typeof (await db.cart.findOne().exec())?.server_item_id === 'number', 10_000, 'the guest line confirmed');
  return page;
}

const localCart = async (db: ShopDatabase) => Object.fromEntries((await db.cart.find().exec()).map((line) => [line.sku, line.qty]));
/** The device ends on the customer's cart, holding the guest's line and the saved one. */
async function merged(db: ShopDatabase, customerCart: string): Promise<void> {
  await waitUntil(async () => (await readLocal(db, LOCAL.cartState)).token === customerCart && !(await readLocal(db, LOCAL.cartState)).mergePending, 10_000, 'the customer cart connected and merged');
  expect(await localCart(db)).toEqual({ 'LGL-ANCHOR': 3, 'LGL-WASHER': 2 });
}

describe('a sign-in no leading tab saw happen', () => {
  it('the tab that takes the lead afterwards merges the saved cart', async () => {
    const customerCart = await customerWithSavedCart('lead-after-sign-in@example.com');
    const page = await guestPage();
    page.leadership.set(false);
    expect(await signIn(page.db, page.sync.api, 'lead-after-sign-in@example.com', PASSWORD)).toEqual({ ok: true });
    page.leadership.set(true);
    await merged(page.db, customerCart);
  });

  it('the customer cart gets the coupon the guest applied', async () => {
    const customerCart = await customerWithSavedCart('lead-coupon@example.com');
    const page = await guestPage();
    expect(await page.sync.cart.applyCoupon('WELCOME10')).toBe(true);
    const guestCart = (await readLocal(page.db, LOCAL.cartState)).token!;
    page.leadership.set(false);
    expect(await signIn(page.db, page.sync.api, 'lead-coupon@example.com', PASSWORD)).toEqual({ ok: true });
    page.leadership.set(true);
    await merged(page.db, customerCart);
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).coupon?.code === 'WELCOME10', 10_000, 'the coupon shown on the customer cart');
    expect(await couponOn(customerCart)).toBe('WELCOME10');
    // SPEC §4: on login the coupon comes off the guest cart before it goes on the customer's.
    expect(await couponOn(guestCart)).toBeNull();
  });

  it("an order held for the customer's session goes once the next leader finds the session", async () => {
    const email = 'lead-held-order@example.com';
    await register(email);
    const page = await guestPage();
    expect(await signIn(page.db, page.sync.api, email, PASSWORD)).toEqual({ ok: true });
    await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).customerCart && !(await readLocal(page.db, LOCAL.cartState)).mergePending, 10_000, 'the customer cart connected');
    // Placed offline, then signed out before it went: sent without the session, the server holds it back.
    page.online.set(false);
    const placed = await page.sync.placeOrder(await checkoutBodyOf(page.db, email, { first: 'Lee', last: 'Lead' }));
    expect(placed.outcome).toBe('queued');
    await page.sync.signOut(true);
    page.online.set(true);
    await waitUntil(async () => (await page.db.orders.findOne(placed.order.order_id).exec())?.state === 'held', 10_000, 'the order held for the session');

    page.leadership.set(false);
    expect(await signIn(page.db, page.sync.api, email, PASSWORD)).toEqual({ ok: true });
    page.leadership.set(true);
    await waitUntil(async () => (await page.db.orders.findOne(placed.order.order_id).exec())?.state === 'sent', 10_000, 'the held order sent');
    expect((await server.ctx.db.query<{ order_id: string }>('select order_id from orders where lower(email) = lower($1)', [email])).map((o) => o.order_id)).toEqual([placed.order.order_id]);
  });
});

/** The coupon code the server holds on this cart, or null. */
async function couponOn(cartId: string): Promise<string | null> {
  const [row] = await server.ctx.db.query<{ coupon_code: string | null }>('select coupon_code from carts where id = $1', [cartId]);
  return row?.coupon_code ?? null;
}
