import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../replication/api/api-client';
import { UnknownOutcomeError } from '../../replication/api/api-errors';
import type { ApiClient } from '../../replication/api/api-types';
import { orderMayNameCart } from '../../replication/cart/cart-hash';
import { createCartSync, type CartSync } from '../../replication/cart/cart-sync';
import { addToCart, removeFromCart, retireOrderedCart, updateQuantity } from '../../src/db/cart/cart-actions';
import { cartItemFromProduct } from '../../src/db/cart/cart-product';
import { cartStore } from '../../src/db/cart/cart-store';
import { putBackOrderedLines, takeOrderedLines } from '../../src/db/cart/ordered-lines';
import type { ShopDatabase } from '../../src/db/database-types';
import { LOCAL, modifyLocal, readLocal } from '../../src/db/local-state';
import { sessionTokenStore, signIn } from '../../src/db/session/session';
import { openTestDatabase } from '../doubles/test-database';
import type { TestServer } from '../helpers/test-server';
import { scaled } from '../helpers/time-limits';
import { copyProducts, serverForThisFile } from './device-shop';
import { orderBody, testProduct } from './cart-fixtures';

/**
 * The cart sync of one page (the real store over fake-indexeddb, the real API client) against the
 * real server, with faults put between them: what the shopper did must end up on both sides.
 */
let server: TestServer;
const SKUS = ['LCF-ANCHOR', 'LCF-BOLT', 'LCF-SCREW', 'LCF-SAVED'] as const;
serverForThisFile(SKUS.map((sku, i) => testProduct(996_100 + i, sku, { price: 10 + i })), (started) => (server = started));

/** A reply lost after the server acted, a proxy's page, a status without acting, or no reply until the time-out. */
type Fault = 'lost-reply' | 'html-502' | 'hang' | { status: number };

interface Page {
  db: ShopDatabase;
  api: ApiClient;
  sync: CartSync;
  /** Faults for the next requests to a path, used once each. */
  fail(path: string, fault: Fault): void;
  /** Runs as a request leaves, before the server sees it (what the shopper does meanwhile). */
  onRequest: ((path: string, body: unknown) => Promise<void>) | null;
  /** A new page over the same database (a reload). */
  reload(): void;
}
const dbs: ShopDatabase[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.close();
});

async function openPage(): Promise<Page> {
  const db = await openTestDatabase({ collections: ['products', 'content', 'cart', 'notifications'] });
  dbs.push(db);
  await copyProducts(server, db, SKUS);
  const faults: { path: string; fault: Fault }[] = [];
  const faulty: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await page.onRequest?.(url.pathname, typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
    const at = faults.findIndex((f) => f.path === url.pathname);
    const fault = at >= 0 ? faults.splice(at, 1)[0]!.fault : null;
    if (fault === 'html-502') return new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
    if (fault === 'hang') return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    if (fault && typeof fault === 'object') return new Response(JSON.stringify({ code: fault.status, result: 'Service unavailable' }), { status: fault.status, headers: { 'content-type': 'application/json' } });
    const response = await fetch(input, init);
    if (fault === 'lost-reply') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    }
    return response;
  };
  // Short, so a hung request ends soon; grown with the machine's load, so a slow reply is not a hang.
  const api = createApiClient({ baseUrl: server.url, fetch: faulty, tokens: sessionTokenStore(db), timeoutMs: scaled(500) });
  const page: Page = {
    db,
    api,
    sync: null as unknown as CartSync,
    onRequest: null,
    fail: (path, fault) => void faults.push({ path, fault }),
    reload() {
      page.sync = createCartSync({ api, store: cartStore(db), isOnline: () => true, hasUserToken: async () => Boolean((await readLocal(db, LOCAL.session)).token), notify: async () => undefined });
    },
  };
  page.reload();
  return page;
}

async function add(page: Page, sku: string, qty = 1) {
  const record = (await page.db.products.findOne({ selector: { sku } }).exec())!;
  await addToCart(page.db, await cartItemFromProduct(page.db, record), qty);
}
const lineOf = async (page: Page, sku: string) => (await page.db.cart.find({ selector: { sku } }).exec())[0];
const localCart = async (page: Page) => Object.fromEntries((await page.db.cart.find().exec()).map((l) => [l.sku, l.qty]));
const cartId = async (page: Page) => (await readLocal(page.db, LOCAL.cartState)).token;
async function serverCart(id: string | null): Promise<Record<string, number>> {
  const rows = await server.ctx.db.query<{ sku: string; qty: number }>('select sku, qty from cart_items where cart_id = $1 order by sku', [id]);
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}
const cartCount = async () => Number((await server.ctx.db.query<{ n: number }>('select count(*)::int as n from carts'))[0]!.n);

describe('an unknown outcome never removes a line or reverts a quantity', () => {
  it.each<[string, Fault]>([
    ['503', { status: 503 }],
    ['429', { status: 429 }],
    ["a proxy's HTML 502", 'html-502'],
    ['a time-out', 'hang'],
    ['a lost reply', 'lost-reply'],
  ])('a change answered %s: the new line and the changed quantity stay, and the next sync sends them once', async (_, fault) => {
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 2);
    await page.sync.sync();
    await updateQuantity(page.db, (await lineOf(page, 'LCF-ANCHOR'))!.id, 4);
    await add(page, 'LCF-BOLT', 1);
    page.fail('/api/cart/apply', fault);
    page.fail('/api/cart/apply', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(await localCart(page)).toEqual({ 'LCF-ANCHOR': 4, 'LCF-BOLT': 1 });
    await page.sync.sync();
    expect(await serverCart(await cartId(page))).toEqual({ 'LCF-ANCHOR': 4, 'LCF-BOLT': 1 });
    expect(await localCart(page)).toEqual({ 'LCF-ANCHOR': 4, 'LCF-BOLT': 1 });
  });

  it('a change answered 503 is not taken as done: a removal still reaches the server', async () => {
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 1);
    await page.sync.sync();
    await removeFromCart(page.db, (await lineOf(page, 'LCF-ANCHOR'))!.id);
    page.fail('/api/cart/apply', { status: 503 });
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    expect(await serverCart(await cartId(page))).toEqual({});
  });

  it('a cart converted while a line was on its way (404): a new cart gets every line', async () => {
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 1);
    await page.sync.sync();
    const old = await cartId(page);
    await add(page, 'LCF-BOLT', 2);
    page.onRequest = async (path) => void (path === '/api/cart/apply' && (await server.ctx.db.query("update carts set converted_order_id = 'elsewhere' where id = $1", [old])));
    await page.sync.sync();
    page.onRequest = null;
    expect(await cartId(page)).not.toBe(old);
    expect(await serverCart(await cartId(page))).toEqual({ 'LCF-ANCHOR': 1, 'LCF-BOLT': 2 });
  });

  it('a lost reply on cart creation: the retry gets the same cart, and sync stays on', async () => {
    const page = await openPage();
    await add(page, 'LCF-SCREW', 1);
    const before = await cartCount();
    page.fail('/api/cart/create', 'lost-reply');
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    page.fail('/api/cart/create', { status: 503 });
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    expect(await cartCount()).toBe(before + 1);
    expect(await serverCart(await cartId(page))).toEqual({ 'LCF-SCREW': 1 });
  });
});

/**
 * The server process dies while it creates the cart: it has claimed the request's Idempotency-Key
 * (`owner`: the customer's id, or 'guest'), stores no reply and sends none. Its claim stays until
 * the lease runs out; the other columns are those of the same request from a probe.
 */
async function crashDuringCreate(page: Page, owner: string): Promise<never> {
  const key = (await readLocal(page.db, LOCAL.cartState)).connectRequest!.key;
  const probe = `probe-${key}`;
  expect((await server.request('POST', '/api/cart/create', undefined, { 'idempotency-key': probe })).status).toBe(200);
  await server.ctx.db.query(
    `insert into idempotency_keys (owner, key, method, path, request_hash, state, claim_id)
     select $1, $2, method, path, request_hash, 'pending', 'killed-process' from idempotency_keys where owner = 'guest' and key = $3`,
    [owner, key, probe],
  );
  throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
}

describe('a cart creation cut off by a server crash (its key still claimed, no reply stored)', () => {
  it('a guest: the sync after the "still being processed" answer creates the cart with a new key', async () => {
    const page = await openPage();
    await add(page, 'LCF-SCREW', 1);
    let crashed = false;
    page.onRequest = async (path) => {
      if (path !== '/api/cart/create' || crashed) return;
      crashed = true;
      await crashDuringCreate(page, 'guest');
    };
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    // The retry with the same key meets the abandoned claim.
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    expect(await serverCart(await cartId(page))).toEqual({ 'LCF-SCREW': 1 });
    expect(await localCart(page)).toEqual({ 'LCF-SCREW': 1 });
  });

  it("a signed-in customer whose order converted the cart: the lines added since reach the customer's next cart", async () => {
    const email = 'crashed-create@example.com';
    await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Kay', lastname: 'Crash' }, password: 'Crash-pass-123' });
    const page = await openPage();
    expect(await signIn(page.db, page.api, email, 'Crash-pass-123')).toEqual({ ok: true });
    await add(page, 'LCF-ANCHOR', 1);
    await page.sync.authorize();
    const ordered = (await cartId(page))!;
    expect(await serverCart(ordered)).toEqual({ 'LCF-ANCHOR': 1 });
    // The order takes the anchor and converts the cart; once it is accepted, the device lets go of the cart (order-coordinator's onSent).
    await takeOrderedLines(page.db, [{ sku: 'LCF-ANCHOR', qty: 1 }]);
    const bearer = { authorization: `Bearer ${(await readLocal(page.db, LOCAL.session)).token}` };
    expect((await server.request('POST', '/api/order', orderBody(`crashed-create-${Date.now()}`, [{ sku: 'LCF-ANCHOR', qty: 1, product_option: {} }], { cart_id: ordered }), bearer)).status).toBe(200);
    expect(await retireOrderedCart(page.db, ordered)).toBe(true);
    const customer = String((await server.ctx.db.query<{ customer_id: string }>('select customer_id from carts where id = $1', [ordered]))[0]!.customer_id);
    await add(page, 'LCF-BOLT', 2);
    let crashed = false;
    page.onRequest = async (path) => {
      if (path !== '/api/cart/create' || crashed) return;
      crashed = true;
      await crashDuringCreate(page, customer);
    };
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    const next = await cartId(page);
    expect(next).not.toBe(ordered);
    expect(await serverCart(next)).toEqual({ 'LCF-BOLT': 2 });
    expect(await localCart(page)).toEqual({ 'LCF-BOLT': 2 });
    const open = await server.ctx.db.query<{ id: string }>('select id from carts where customer_id = $1 and converted_order_id is null', [customer]);
    expect(open.map((row) => row.id)).toEqual([next]);
  });
});

describe('the login merge', () => {
  /** A customer whose cart holds LCF-SAVED×1 and LCF-ANCHOR×1; a guest page with LCF-ANCHOR×2 and LCF-BOLT×1. */
  async function guestWithCustomerCart(email: string) {
    await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Lou', lastname: 'Merge' }, password: 'Merge-pass-123' });
    const login = await server.request<string>('POST', '/api/user/login', { username: email, password: 'Merge-pass-123' });
    const bearer = { authorization: `Bearer ${login.body.result}` };
    const customerCart = (await server.request<string>('POST', '/api/cart/create', undefined, bearer)).body.result;
    await server.request('POST', `/api/cart/update?cartId=${customerCart}`, { cartItem: { sku: 'LCF-SAVED', qty: 1 } }, bearer);
    await server.request('POST', `/api/cart/update?cartId=${customerCart}`, { cartItem: { sku: 'LCF-ANCHOR', qty: 1 } }, bearer);
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 2);
    await add(page, 'LCF-BOLT', 1);
    await page.sync.sync();
    expect(await signIn(page.db, page.api, email, 'Merge-pass-123')).toEqual({ ok: true });
    return { page, customerCart };
  }
  const MERGED = { 'LCF-ANCHOR': 3, 'LCF-BOLT': 1, 'LCF-SAVED': 1 };

  it('interrupted, then a client-wins sync in checkout: the saved lines stay and quantities are summed once', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-interrupted@example.com');
    page.fail('/api/cart/apply', 'lost-reply');
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync({ forceClientState: true });
    expect(await cartId(page)).toBe(customerCart);
    expect(await serverCart(customerCart)).toEqual(MERGED);
    expect(await localCart(page)).toEqual(MERGED);
  });

  it('interrupted by a reload: the next page load finishes it', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-reload@example.com');
    page.fail('/api/cart/create', { status: 503 });
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    page.reload();
    await page.sync.load();
    expect(await serverCart(customerCart)).toEqual(MERGED);
    expect(await localCart(page)).toEqual(MERGED);
  });

  it('logging in while in checkout merges too: the saved lines are not deleted', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-checkout@example.com');
    await page.sync.authorize();
    expect(await serverCart(customerCart)).toEqual(MERGED);
    expect(await localCart(page)).toEqual(MERGED);
  });

  it('a line the shopper removes while the merge is pending stays removed when it lands (the customer cart held the product too)', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-removal@example.com');
    page.fail('/api/cart/apply', 'lost-reply');
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect((await readLocal(page.db, LOCAL.cartState)).mergePending).toBe(true);
    await removeFromCart(page.db, (await lineOf(page, 'LCF-ANCHOR'))!.id);
    await page.sync.sync();
    expect(await serverCart(customerCart)).toEqual({ 'LCF-BOLT': 1, 'LCF-SAVED': 1 });
    expect(await localCart(page)).toEqual({ 'LCF-BOLT': 1, 'LCF-SAVED': 1 });
    expect(await readLocal(page.db, LOCAL.cartState)).toMatchObject({ mergePending: false, removedWhileMerging: [] });
  });

  it('a quantity the shopper sets while the merge is pending is the quantity when it lands, not summed with the saved one', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-set@example.com');
    page.fail('/api/cart/create', { status: 503 });
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect((await readLocal(page.db, LOCAL.cartState)).mergePending).toBe(true);
    await updateQuantity(page.db, (await lineOf(page, 'LCF-ANCHOR'))!.id, 5);
    await page.sync.sync();
    const expected = { 'LCF-ANCHOR': 5, 'LCF-BOLT': 1, 'LCF-SAVED': 1 };
    expect(await serverCart(customerCart)).toEqual(expected);
    expect(await localCart(page)).toEqual(expected);
  });

  it('an order converts the customer cart while the merge is pending: the saved line goes on in the new cart, and a merged line is not summed twice', async () => {
    const { page, customerCart } = await guestWithCustomerCart('merge-order@example.com');
    // The merge sends the anchors summed (3) into the customer cart; the reply is lost, so it stays pending.
    page.fail('/api/cart/apply', 'lost-reply');
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(await serverCart(customerCart)).toEqual({ 'LCF-ANCHOR': 3, 'LCF-SAVED': 1 });
    // An order from this device takes one anchor and names the customer cart, which the anchors went into.
    await takeOrderedLines(page.db, [{ sku: 'LCF-ANCHOR', qty: 1 }]);
    const bearer = { authorization: `Bearer ${(await readLocal(page.db, LOCAL.session)).token}` };
    const placed = await server.request('POST', '/api/order', orderBody(`merge-order-${Date.now()}`, [{ sku: 'LCF-ANCHOR', qty: 1, product_option: {} }], { cart_id: customerCart }), bearer);
    expect(placed.status).toBe(200);
    await page.sync.sync();
    const open = await cartId(page);
    expect(open).not.toBe(customerCart);
    const expected = { 'LCF-ANCHOR': 2, 'LCF-BOLT': 1, 'LCF-SAVED': 1 };
    expect(await localCart(page)).toEqual(expected);
    expect(await serverCart(open)).toEqual(expected);
    expect(await readLocal(page.db, LOCAL.cartState)).toMatchObject({ mergePending: false, convertedCustomerCart: null });
  });

  /** The merge sent the anchors summed (3) into the customer cart and lost the reply; an order named that cart and was refused (a changed price): its lines are back. */
  async function refusedOrderDuringMerge(email: string) {
    const { page, customerCart } = await guestWithCustomerCart(email);
    page.fail('/api/cart/apply', 'lost-reply');
    await expect(page.sync.authorize()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(await serverCart(customerCart)).toEqual({ 'LCF-ANCHOR': 3, 'LCF-SAVED': 1 });
    await putBackOrderedLines(page.db, await takeOrderedLines(page.db, [{ sku: 'LCF-ANCHOR', qty: 3 }], customerCart));
    expect(await localCart(page)).toEqual({ 'LCF-ANCHOR': 3, 'LCF-BOLT': 1 });
    return { page, customerCart };
  }

  it("lines put back by a refused order while it is pending hold the saved quantity already: the merge does not add the server's again", async () => {
    const { page, customerCart } = await refusedOrderDuringMerge('merge-refused-order@example.com');
    await page.sync.sync();
    expect(await serverCart(customerCart)).toEqual(MERGED);
    expect(await localCart(page)).toEqual(MERGED);
  });

  it('lines put back by a refused order while it is pending, then ordered without the cart: the merge deletes them there instead of bringing them back', async () => {
    const { page, customerCart } = await refusedOrderDuringMerge('merge-refused-reorder@example.com');
    // Placed again: the lines back are not known to be in the customer cart, so the order does not name it (see orderMayNameCart).
    const anchor = (await lineOf(page, 'LCF-ANCHOR'))!.toMutableJSON();
    expect(orderMayNameCart(await readLocal(page.db, LOCAL.cartState), [anchor], customerCart)).toBe(false);
    await takeOrderedLines(page.db, [{ sku: 'LCF-ANCHOR', qty: 3 }]);
    const bearer = { authorization: `Bearer ${(await readLocal(page.db, LOCAL.session)).token}` };
    expect((await server.request('POST', '/api/order', orderBody(`merge-reorder-${Date.now()}`, [{ sku: 'LCF-ANCHOR', qty: 3, product_option: {} }]), bearer)).status).toBe(200);
    await page.sync.sync();
    const left = { 'LCF-BOLT': 1, 'LCF-SAVED': 1 };
    expect(await serverCart(customerCart)).toEqual(left);
    expect(await localCart(page)).toEqual(left);
  });
});

describe('lines removed on this page', () => {
  it('come back when another device adds them again later', async () => {
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 1);
    await page.sync.sync();
    await removeFromCart(page.db, (await lineOf(page, 'LCF-ANCHOR'))!.id);
    await page.sync.sync();
    const id = await cartId(page);
    expect(await serverCart(id)).toEqual({});
    await server.request('POST', `/api/cart/update?cartId=${id}`, { cartItem: { sku: 'LCF-ANCHOR', qty: 2 } }); // another device
    await modifyLocal(page.db, LOCAL.cartState, (s) => ({ ...s, forceSync: true }));
    await page.sync.load();
    expect(await localCart(page)).toEqual({ 'LCF-ANCHOR': 2 });
  });

  it('added while the pull was on its way and removed while it was being sent: deleted on the server', async () => {
    const page = await openPage();
    await add(page, 'LCF-ANCHOR', 1);
    await page.sync.sync();
    page.onRequest = async (path, body) => {
      if (path === '/api/cart/pull') await add(page, 'LCF-BOLT', 1);
      if (path === '/api/cart/apply' && (body as { ops: { sku: string }[] }).ops.some((op) => op.sku === 'LCF-BOLT')) await removeFromCart(page.db, (await lineOf(page, 'LCF-BOLT'))!.id);
    };
    await page.sync.sync({ pull: true }); // BOLT is added meanwhile
    await page.sync.sync(); // BOLT's add is sent, and BOLT removed meanwhile
    page.onRequest = null;
    await page.sync.sync();
    expect(await localCart(page)).toEqual({ 'LCF-ANCHOR': 1 });
    expect(await serverCart(await cartId(page))).toEqual({ 'LCF-ANCHOR': 1 });
  });
});
