import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../schemas/api/order';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, ensureCustomers, importProducts, newCart, orderBody, setStock, testProduct } from './cart-fixtures';

/**
 * One customer signed in on two devices (two sessions), each with its copy of the customer's cart.
 * Device A orders the cart; device B, which had not heard of that order, then places its own order
 * naming the same cart. The cart cannot be converted twice (DESIGN "Faults and exactly-once": "A cart
 * converted by an order cannot be ordered again; the server says which order converted it. Only the
 * ordered lines leave the cart."), but B's order is only "already ordered" when A's order holds what
 * B's asks for (the same checkout seen twice). Otherwise it is an order of its own: placed once,
 * taking from the customer's cart only the lines B had put in the cart A converted.
 */
let server: TestServer;
let seq = 0;
const ANCHOR = 'ELSE-ANCHOR';
const BOLT = 'ELSE-BOLT';
const NUT = 'ELSE-NUT';
const nextOrderId = (device: string) => `elsewhere-${device}-${Date.now()}-${++seq}`;
let customers = 9830;

beforeAll(async () => {
  server = await startTestServer();
  await importProducts(server, [testProduct(996_430, ANCHOR), testProduct(996_431, BOLT, { price: 4 }), testProduct(996_432, NUT, { price: 2 })]);
});
afterAll(async () => server?.close());

/** A customer with two sessions (device A, device B) and the customer cart both follow. */
async function twoSessions(): Promise<{ sub: string; a: Record<string, string>; b: Record<string, string>; cartId: string }> {
  const sub = String(++customers);
  await ensureCustomers(server, [sub], 1);
  const a = customerAuth(server, sub);
  const b = customerAuth(server, sub);
  const cartId = await newCart(server, a);
  expect(await newCart(server, b)).toBe(cartId);
  return { sub, a, b, cartId };
}

const order = (sub: string, orderId: string, products: Record<string, unknown>[], cartId: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
  server.request<Record<string, unknown>>('POST', '/api/order', orderBody(orderId, products, { cart_id: cartId, user_id: sub, ...extra }), headers);

async function storedLines(orderId: string): Promise<Record<string, number>> {
  const rows = await server.ctx.db.query<{ doc: { items: { sku: string; qty_ordered: number }[] } }>('select doc from orders where order_id = $1', [orderId]);
  expect(rows, `order ${orderId} is stored`).toHaveLength(1);
  return Object.fromEntries(rows[0]!.doc.items.map((i) => [i.sku, Number(i.qty_ordered)]));
}

/** The lines of the customer's open cart ({} when there is none). */
async function openCart(sub: string): Promise<Record<string, number>> {
  const rows = await server.ctx.db.query<{ sku: string; qty: number }>(
    'select i.sku, i.qty from cart_items i join carts c on c.id = i.cart_id where c.customer_id = $1 and c.converted_order_id is null',
    [sub],
  );
  return Object.fromEntries(rows.map((r) => [r.sku, Number(r.qty)]));
}

async function openCartId(sub: string): Promise<string> {
  const rows = await server.ctx.db.query<{ id: string }>('select id from carts where customer_id = $1 and converted_order_id is null', [sub]);
  expect(rows, `customer ${sub} has an open cart`).toHaveLength(1);
  return rows[0]!.id;
}

describe("an order naming a cart another of the customer's orders converted", () => {
  it("is placed with its own lines when that order does not hold them, once, and takes the line it added from the customer's cart", async () => {
    const { sub, a, b, cartId } = await twoSessions();
    expect((await addItem(server, cartId, { sku: ANCHOR, qty: 2 }, a)).status).toBe(200);
    // Device B adds a bolt to the shared cart; device A orders the anchors before it reads it.
    expect((await addItem(server, cartId, { sku: BOLT, qty: 1 }, b)).status).toBe(200);
    const first = nextOrderId('a');
    expect((await order(sub, first, [{ sku: ANCHOR, qty: 2 }], cartId, a)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [BOLT]: 1 });

    // Device B's checkout: the anchors and its bolt, naming the cart A's order converted.
    const second = nextOrderId('b');
    const placed = await order(sub, second, [{ sku: ANCHOR, qty: 2 }, { sku: BOLT, qty: 1 }], cartId, b);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.result).toMatchObject({ order_id: second, status: 'pending' });
    expect(await storedLines(second)).toEqual({ [ANCHOR]: 2, [BOLT]: 1 });
    expect(await storedLines(first)).toEqual({ [ANCHOR]: 2 });
    // The bolt it ordered left the customer's cart; nothing else was in it.
    expect(await openCart(sub)).toEqual({});
    // Sent again (a lost reply), it answers the same and places nothing more.
    const again = await order(sub, second, [{ sku: ANCHOR, qty: 2 }, { sku: BOLT, qty: 1 }], cartId, b);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual(placed.body.result);
    const count = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [sub]);
    expect(count[0]!.n).toBe(2);
  });

  it("takes from the customer's cart no line its device had not put in the converted cart", async () => {
    const { sub, a, b, cartId } = await twoSessions();
    expect((await addItem(server, cartId, { sku: BOLT, qty: 1 }, a)).status).toBe(200);
    expect((await order(sub, nextOrderId('a'), [{ sku: BOLT, qty: 1 }], cartId, a)).status).toBe(200);
    // Device A adds anchors to the customer's next cart; device B ordered anchors of its own, added
    // while offline, which never reached the server's cart.
    const next = await newCart(server, a);
    expect(next).not.toBe(cartId);
    expect((await addItem(server, next, { sku: ANCHOR, qty: 2 }, a)).status).toBe(200);
    const second = nextOrderId('b');
    const placed = await order(sub, second, [{ sku: ANCHOR, qty: 2 }], cartId, b);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await storedLines(second)).toEqual({ [ANCHOR]: 2 });
    expect(await openCart(sub)).toEqual({ [ANCHOR]: 2 });
  });

  it('takes what the converting order left of a line, and no more', async () => {
    const { sub, a, b, cartId } = await twoSessions();
    expect((await addItem(server, cartId, { sku: NUT, qty: 5 }, a)).status).toBe(200);
    expect((await order(sub, nextOrderId('a'), [{ sku: NUT, qty: 2 }], cartId, a)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [NUT]: 3 });
    // Device A makes the nuts of the customer's next cart 7; B's order of 6 takes the 3 the converted cart left.
    expect((await addItem(server, await newCart(server, a), { sku: NUT, qty: 7 }, a)).status).toBe(200);
    expect((await order(sub, nextOrderId('b'), [{ sku: NUT, qty: 6 }], cartId, b)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [NUT]: 4 });
    // A third order naming the converted cart finds nothing of it left to take.
    expect((await order(sub, nextOrderId('b'), [{ sku: NUT, qty: 7 }], cartId, b)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [NUT]: 4 });
  });

  it("takes from the customer's cart none of a line whose changes never reached a cart, and what did reach it (seed 1140000102)", async () => {
    const { sub, a, b, cartId } = await twoSessions();
    const apply = (ops: Record<string, unknown>[], headers: Record<string, string>) => server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, headers);
    // The laptop (A) puts 3 nuts and an anchor in the cart; the phone (B) adds 2 nuts, and its reply is lost.
    expect((await apply([{ op_id: `a-nut-${sub}`, type: 'add', sku: NUT, qty: 3 }, { op_id: `a-anchor-${sub}`, type: 'add', sku: ANCHOR, qty: 1 }], a)).status).toBe(200);
    const reachedAdd = { op_id: `b-nut-1-${sub}`, type: 'add', sku: NUT, qty: 2 };
    expect((await apply([reachedAdd], b)).status).toBe(200);
    // The laptop orders the anchor: the 5 nuts go on in the customer's next cart.
    expect((await order(sub, nextOrderId('a'), [{ sku: ANCHOR, qty: 1 }], cartId, a)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [NUT]: 5 });
    // The phone, offline, adds 4 more nuts and orders all 6 naming the converted cart; back online its
    // add goes to that cart and is refused (converted), so those 4 nuts never reached a cart.
    const lostAdd = { op_id: `b-nut-2-${sub}`, type: 'add', sku: NUT, qty: 4 };
    expect((await apply([lostAdd], b)).status).toBe(404);
    const cartLine = { confirmed_qty: 0, unconfirmed: [{ op_id: reachedAdd.op_id, qty: 2 }, { op_id: lostAdd.op_id, qty: 4 }] };
    const placed = await order(sub, nextOrderId('b'), [{ sku: NUT, qty: 6, cart_line: cartLine }], cartId, b);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // It takes its 2 nuts that reached the cart, not the laptop's 3.
    expect(await openCart(sub)).toEqual({ [NUT]: 3 });
  });

  it('takes the part of a line the converting order left because its own part of it had not reached the cart', async () => {
    const { sub, a, b, cartId } = await twoSessions();
    const apply = (ops: Record<string, unknown>[], headers: Record<string, string>) => server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, headers);
    // The laptop (A) adds 2 bolts, and 2 more that never reach the cart; the phone (B) adds 2 bolts and a nut.
    const laptopAdd = { op_id: `a-bolt-${sub}`, type: 'add', sku: BOLT, qty: 2 };
    expect((await apply([laptopAdd], a)).status).toBe(200);
    expect((await apply([{ op_id: `b-bolt-${sub}`, type: 'add', sku: BOLT, qty: 2 }, { op_id: `b-nut-${sub}`, type: 'add', sku: NUT, qty: 1 }], b)).status).toBe(200);
    // The laptop orders its 4 bolts: it takes the 2 of them that reached the cart; the phone's 2 go on.
    const cartLine = { confirmed_qty: 0, unconfirmed: [{ op_id: laptopAdd.op_id, qty: 2 }, { op_id: `a-bolt-lost-${sub}`, qty: 2 }] };
    expect((await order(sub, nextOrderId('a'), [{ sku: BOLT, qty: 4, cart_line: cartLine }], cartId, a)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [BOLT]: 2, [NUT]: 1 });
    // The phone orders its bolts and nut naming the cart the laptop's order converted: they leave the
    // cart. (Counting the converting order's 4 bolts as taken, the server found no bolt left to take:
    // the soak's ordered lines found back in the cart.)
    const placed = await order(sub, nextOrderId('b'), [{ sku: BOLT, qty: 2 }, { sku: NUT, qty: 1 }], cartId, b);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await openCart(sub)).toEqual({});
  });

  it("places another device's order as its own when the converting order holds its lines but came from another device; the same device's is refused", async () => {
    const { sub, a, b, cartId } = await twoSessions();
    const apply = (ops: Record<string, unknown>[], headers: Record<string, string>) => server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, headers);
    // The laptop adds 2 bolts and 2 more that never reach the cart; the phone adds 2 bolts.
    const laptopAdd = { op_id: `a-bolt-${sub}`, type: 'add', sku: BOLT, qty: 2 };
    expect((await apply([laptopAdd], a)).status).toBe(200);
    expect((await apply([{ op_id: `b-bolt-${sub}`, type: 'add', sku: BOLT, qty: 2 }], b)).status).toBe(200);
    const cartLine = { confirmed_qty: 0, unconfirmed: [{ op_id: laptopAdd.op_id, qty: 2 }, { op_id: `a-bolt-lost-${sub}`, qty: 2 }] };
    const first = nextOrderId('a');
    expect((await order(sub, first, [{ sku: BOLT, qty: 4, cart_line: cartLine }], cartId, a, { device_id: 'laptop-db' })).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [BOLT]: 2 });
    // The phone's order of its 2 bolts: the laptop's order holds 4, but it is not this checkout seen
    // again (another device placed it), so it is placed, and the phone's bolts leave the cart.
    const phones = nextOrderId('b');
    const placed = await order(sub, phones, [{ sku: BOLT, qty: 2 }], cartId, b, { device_id: 'phone-db' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await storedLines(phones)).toEqual({ [BOLT]: 2 });
    expect(await openCart(sub)).toEqual({});
    // A second tab of the laptop (its database, its device id) with the same checkout: that order again.
    const again = await order(sub, nextOrderId('a'), [{ sku: BOLT, qty: 4 }], cartId, a, { device_id: 'laptop-db' });
    expect(again.status).toBe(409);
    expect((again.body.meta as { order_id: string }).order_id).toBe(first);
    // A device id is a short token of letters, digits, '-' and '_'.
    const refused = await order(sub, nextOrderId('b'), [{ sku: BOLT, qty: 1 }], cartId, b, { device_id: 'has space' });
    expect(refused.status).toBe(400);
  });

  it('refuses an account of the cart line that is not made of whole numbers and change ids (400)', async () => {
    const { sub, b, cartId } = await twoSessions();
    for (const cartLine of [{ confirmed_qty: -1, unconfirmed: [] }, { confirmed_qty: 1, unconfirmed: [{ op_id: 'has space', qty: 1 }] }, { confirmed_qty: 1, unconfirmed: [{ op_id: 'x', qty: 1.5 }] }]) {
      const refused = await order(sub, nextOrderId('b'), [{ sku: NUT, qty: 1, cart_line: cartLine }], cartId, b);
      expect(refused.status, JSON.stringify(cartLine)).toBe(400);
    }
  });

  it("is refused as already ordered, naming that order, when that order holds all of it (the same checkout again), even once the stock is gone", async () => {
    const { sub, a, b, cartId } = await twoSessions();
    expect((await addItem(server, cartId, { sku: ANCHOR, qty: 2 }, a)).status).toBe(200);
    expect((await addItem(server, cartId, { sku: BOLT, qty: 3 }, a)).status).toBe(200);
    await setStock(server, BOLT, 3);
    const first = nextOrderId('a');
    const placed = await order(sub, first, [{ sku: ANCHOR, qty: 2 }, { sku: BOLT, qty: 3 }], cartId, a);
    expect(placed.status).toBe(200);
    const refusal = { code: 409, result: ORDER_MESSAGES.cartAlreadyOrdered, meta: { order_id: first, increment_id: (placed.body.result as { increment_id: string }).increment_id } };
    // The same lines with a new order id (a second tab, a stale queued order), and a part of them.
    for (const products of [[{ sku: BOLT, qty: 3 }, { sku: ANCHOR, qty: 2, product_option: {} }], [{ sku: BOLT, qty: 1 }]]) {
      const again = await order(sub, nextOrderId('b'), products, cartId, b);
      expect(again.status).toBe(409);
      expect(again.body).toEqual(refusal);
    }
    const count = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [sub]);
    expect(count[0]!.n).toBe(1);
    await setStock(server, BOLT, 100);
  });
});

describe('an order converting the customer cart it names', () => {
  it('leaves in the cart what was saved there when its own lines of that product never reached it (seed 1150000013)', async () => {
    const { sub, a, cartId } = await twoSessions();
    // Saved in another session: 4 anchors and a bolt.
    expect((await addItem(server, cartId, { sku: ANCHOR, qty: 4 }, a)).status).toBe(200);
    expect((await addItem(server, cartId, { sku: BOLT, qty: 1 }, a)).status).toBe(200);
    expect((await addItem(server, cartId, { sku: NUT, qty: 2 }, a)).status).toBe(200);
    // The device signed in with 4 bolts of its own whose changes had not reached the cart (the merge
    // pending), and one that had; it orders its 5 bolts naming the cart.
    const reached = { op_id: `bolt-reached-${sub}`, type: 'add', sku: BOLT, qty: 1 };
    expect((await server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops: [reached] }, a)).status).toBe(200);
    const cartLine = { confirmed_qty: 0, unconfirmed: [{ op_id: `bolt-guest-${sub}`, qty: 2 }, { op_id: `bolt-signed-in-${sub}`, qty: 2 }, { op_id: reached.op_id, qty: 1 }] };
    const orderId = nextOrderId('a');
    const placed = await order(sub, orderId, [{ sku: BOLT, qty: 5, cart_line: cartLine }], cartId, a);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await storedLines(orderId)).toEqual({ [BOLT]: 5 });
    // It took the bolt that reached the cart; what was saved goes on in the next cart.
    expect(await openCart(sub)).toEqual({ [ANCHOR]: 4, [BOLT]: 1, [NUT]: 2 });
    // The next order, of a nut none of which reached the cart, takes none of the saved ones.
    const next = await newCart(server, a);
    const nut = { sku: NUT, qty: 1, cart_line: { confirmed_qty: 0, unconfirmed: [] } };
    expect((await order(sub, nextOrderId('a'), [nut], next, a)).status).toBe(200);
    expect(await openCart(sub)).toEqual({ [ANCHOR]: 4, [BOLT]: 1, [NUT]: 2 });
  });
  it('takes none of a line whose changes another device set or removed over since, and all of one set before them or by its own device (seed 1200000058)', async () => {
    const { sub, a, b, cartId } = await twoSessions();
    const phone = { ...a, 'x-device-id': `phone-${sub}` };
    const laptop = { ...b, 'x-device-id': `laptop-${sub}` };
    const apply = async (headers: Record<string, string>, ...ops: Record<string, unknown>[]) =>
      expect((await server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, headers)).status).toBe(200);
    const op = (name: string, type: string, sku: string, qty?: number) => ({ op_id: `${name}-${sub}`, type, sku, ...(qty === undefined ? {} : { qty }) });
    // The laptop set its nuts before the phone's changes.
    await apply(laptop, op('laptop-nuts', 'set', NUT, 3));
    // The phone's 2 bolts, 2 anchors and 2 nuts, sent ahead of its order queued offline; then the
    // laptop, which never saw them, sets its bolts to 5 and removes its anchors, the phone adds 1
    // anchor, and sets its nuts to 4, sent as 6 with the waiting order's 2 (inCartTerms).
    await apply(phone, op('phone-bolts', 'add', BOLT, 2), op('phone-anchors', 'add', ANCHOR, 2), op('phone-nuts', 'add', NUT, 2));
    await apply(laptop, op('laptop-bolts', 'set', BOLT, 5), op('laptop-anchors', 'remove', ANCHOR));
    await apply(phone, op('phone-anchor', 'add', ANCHOR, 1), op('phone-nuts-set', 'set', NUT, 6));
    const account = (name: string) => ({ confirmed_qty: 0, unconfirmed: [{ op_id: `${name}-${sub}`, qty: 2 }] });
    const orderId = nextOrderId('phone');
    const lines = [{ sku: BOLT, qty: 2, cart_line: account('phone-bolts') }, { sku: ANCHOR, qty: 2, cart_line: account('phone-anchors') }, { sku: NUT, qty: 2, cart_line: account('phone-nuts') }];
    const placed = await order(sub, orderId, lines, cartId, phone, { device_id: `phone-${sub}` });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await storedLines(orderId)).toEqual({ [BOLT]: 2, [ANCHOR]: 2, [NUT]: 2 });
    // In the server's order of events the order came before the laptop's set and removal: the bolts
    // stay at the laptop's 5, the anchor added after the removal stays. The nuts lose the order's 2.
    expect(await openCart(sub)).toEqual({ [BOLT]: 5, [ANCHOR]: 1, [NUT]: 4 });
  });

  it('takes none of a line another device set or removed over since through /api/cart/update or /api/cart/delete, which carry no change id', async () => {
    const { sub, a, b, cartId } = await twoSessions();
    const phone = { ...a, 'x-device-id': `phone-${sub}` };
    const laptop = { ...b, 'x-device-id': `laptop-${sub}` };
    const apply = async (...ops: Record<string, unknown>[]) => expect((await server.request('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, phone)).status).toBe(200);
    await apply({ op_id: `phone-bolts-${sub}`, type: 'add', sku: BOLT, qty: 2 }, { op_id: `phone-anchors-${sub}`, type: 'add', sku: ANCHOR, qty: 2 });
    expect((await addItem(server, cartId, { sku: BOLT, qty: 5 }, laptop)).status).toBe(200);
    expect((await server.request('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: { sku: ANCHOR } }, laptop)).status).toBe(200);
    await apply({ op_id: `phone-anchor-${sub}`, type: 'add', sku: ANCHOR, qty: 1 });
    const account = (name: string) => ({ confirmed_qty: 0, unconfirmed: [{ op_id: `${name}-${sub}`, qty: 2 }] });
    const lines = [{ sku: BOLT, qty: 2, cart_line: account('phone-bolts') }, { sku: ANCHOR, qty: 2, cart_line: account('phone-anchors') }];
    const placed = await order(sub, nextOrderId('phone'), lines, cartId, phone, { device_id: `phone-${sub}` });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await openCart(sub)).toEqual({ [BOLT]: 5, [ANCHOR]: 1 });
    // Written again, a line keeps one overwrite row per device: these routes do not grow the table.
    const open = await openCartId(sub);
    for (const qty of [3, 4, 5]) expect((await addItem(server, open, { sku: BOLT, qty }, laptop)).status).toBe(200);
    const rows = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from cart_ops where op_id like 'overwrite %' and cart_id = $1", [open]);
    expect(rows[0]!.n).toBe(1);
    // Nor does naming another device on every write (these routes have no request limit).
    for (const n of [1, 2, 3]) expect((await addItem(server, open, { sku: BOLT, qty: 5 }, { ...b, 'x-device-id': `script-${n}` })).status).toBe(200);
    const again = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from cart_ops where op_id like 'overwrite %' and cart_id = $1", [open]);
    expect(again[0]!.n).toBe(1);
    // A device id that is not one is refused, and nothing is written.
    const refused = await addItem(server, open, { sku: BOLT, qty: 9 }, { ...b, 'x-device-id': 'not an id' });
    expect(refused).toMatchObject({ status: 400, body: { result: 'X-Device-Id: 1 to 64 letters, digits, - or _' } });
    expect(await openCart(sub)).toEqual({ [BOLT]: 5, [ANCHOR]: 1 });
  });
});
