import { expect, it } from 'vitest';
import { addToCart } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { LOCAL, readLocal } from '../../src/db/local-state';
import type { TestServer } from '../helpers/test-server';
import { waitUntil } from '../helpers/wait-until';
import { testProduct } from './cart-fixtures';
import { checkoutBodyOf, devicePages, serverForThisFile, type DevicePage } from './device-shop';

/**
 * One device shared by two customers (a site office laptop): an order the first placed while signed
 * in, whose session ended before it went, belongs to that customer. It must never be sent under the
 * next customer's session (it would land in their account, or be refused there and lost); it waits
 * until its own customer signs in again.
 */
let server: TestServer;
const SKUS = ['HO-ANCHOR', 'HO-BOLT'] as const;
const PASSWORD = 'Held-owner-123';
serverForThisFile(SKUS.map((sku, i) => testProduct(996_800 + i, sku, { price: 6 + i })), (started) => (server = started));

type Page = DevicePage;
const openPage = devicePages(() => server, SKUS, { sync: { retryBaseMs: 50 } });

let n = 0;
const newEmail = (who: string) => `held-owner-${who}-${Date.now().toString(36)}-${++n}@example.com`;

/** Registers a customer; gives their id on the server. */
async function register(email: string): Promise<string> {
  expect((await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Hal', lastname: 'Owner' }, password: PASSWORD })).status).toBe(200);
  const [row] = await server.ctx.db.query<{ id: number }>('select id from customers where lower(email) = lower($1)', [email]);
  return String(row!.id);
}

/** Signs in and waits until the device shows the customer (their profile) on their own cart. */
async function signInAs(page: Page, email: string): Promise<void> {
  expect(await page.sync.signIn(email, PASSWORD)).toEqual({ ok: true });
  await waitUntil(async () => (await readLocal(page.db, LOCAL.currentUser))?.email === email, 10_000, `${email} shown as signed in`);
}

/** Signed in as `email`, the customer orders a line while offline and signs out before the order went. */
async function orderOfflineThenSignOut(page: Page, email: string): Promise<string> {
  await signInAs(page, email);
  await waitUntil(async () => (await readLocal(page.db, LOCAL.cartState)).customerCart === true && !(await readLocal(page.db, LOCAL.cartState)).mergePending, 10_000, 'the customer cart connected');
  const anchor = (await page.db.products.findOne({ selector: { sku: 'HO-ANCHOR' } }).exec())!;
  await addToCart(page.db, await cartItemFromProduct(page.db, anchor), 2);
  await waitUntil(async () => typeof (await page.db.cart.findOne().exec())?.server_item_id === 'number', 10_000, 'the line on the customer cart');
  page.online.set(false);
  const placed = await page.sync.placeOrder(await checkoutBodyOf(page.db, email, { first: 'Hal', last: 'Owner' }));
  expect(placed.outcome).toBe('queued');
  await page.sync.signOut(true);
  return placed.order.order_id;
}

const stateOf = async (page: Page, orderId: string) => (await page.db.orders.findOne(orderId).exec())?.state;
const serverOrders = (where: string, value: string) => server.ctx.db.query<{ order_id: string; customer_id: string | null }>(`select order_id, customer_id from orders where ${where} = $1`, [value]);

/** The leader's start-up round again (what a reload or a tab taking over runs), awaited to its end. */
async function leadAgain(page: Page): Promise<void> {
  page.leadership.set(false);
  page.leadership.set(true);
  await page.sync.whenLeading();
}

/** The last step of both cases: the order goes once its own customer signs in, once, on their account. */
async function sentOnceOnItsAccount(page: Page, orderId: string, email: string, customerId: string): Promise<void> {
  await page.sync.signOut(true);
  await signInAs(page, email);
  await waitUntil(async () => (await stateOf(page, orderId)) === 'sent', 10_000, "the order sent on its customer's session");
  expect(await serverOrders('order_id', orderId)).toEqual([{ order_id: orderId, customer_id: customerId }]);
}

it("an order held for one customer stays held while another is signed in, and goes once its customer signs in again", async () => {
  const [emailA, emailB] = [newEmail('a'), newEmail('b')];
  const [idA, idB] = [await register(emailA), await register(emailB)];
  const page = await openPage();
  const orderId = await orderOfflineThenSignOut(page, emailA);
  page.online.set(true);
  await waitUntil(async () => (await stateOf(page, orderId)) === 'held', 10_000, 'the order held for its customer');

  await signInAs(page, emailB);
  await leadAgain(page);
  expect(await stateOf(page, orderId)).toBe('held');
  expect(await serverOrders('customer_id', idB)).toEqual([]);
  expect(await serverOrders('order_id', orderId)).toEqual([]);

  await sentOnceOnItsAccount(page, orderId, emailA, idA);
});

it("a customer's order still queued when another customer signs in is held for its customer, not sent under the other's session", async () => {
  const [emailA, emailB] = [newEmail('a'), newEmail('b')];
  const [idA, idB] = [await register(emailA), await register(emailB)];
  const page = await openPage();
  const orderId = await orderOfflineThenSignOut(page, emailA);
  // The next customer signs in before the device saw the connection return (nothing sent the order yet).
  await signInAs(page, emailB);
  expect(await stateOf(page, orderId)).toBe('queued');
  page.online.set(true);
  await waitUntil(async () => (await stateOf(page, orderId)) !== 'queued', 10_000, 'the queue round reached the order');
  expect(await stateOf(page, orderId)).toBe('held');
  expect(await serverOrders('customer_id', idB)).toEqual([]);
  expect(await serverOrders('order_id', orderId)).toEqual([]);

  await sentOnceOnItsAccount(page, orderId, emailA, idA);
});
