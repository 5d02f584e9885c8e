import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../replication/api/api-client';
import { createCartSync } from '../../../replication/cart/cart-sync';
import { newLine } from '../../../tests/doubles/cart/cart-test-setup';
import { fakeCartServer } from '../../../tests/doubles/cart/fake-cart-server';
import { createOrderOutbox } from '../../../replication/orders/order-outbox';
import { productsAwaitingOrder } from '../cart/awaiting-order';
import { retireOrderedCart } from '../cart/cart-actions';
import { cartStore } from '../cart/cart-store';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal } from '../local-state';
import { withCartOp } from '../../../replication/cart/cart-ops-journal';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import { orderStore } from './order-store';
import { placeOrderBody } from './place-order';
import { withCartLineAccounts } from './ordered-cart-lines';
import { mergeAddId } from '../../../replication/cart/merge-adds';

let db: ShopDatabase;
afterEach(async () => db?.close());

const envelope = (code: number, result: unknown) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json' } });

/**
 * One page of the shop over a real database: the real cart sync and order outbox, against a cart
 * server in memory that also takes orders. An order converts the cart it names, as the real one does.
 */
async function shopPage() {
  db = await openTestDatabase({ collections: ['cart', 'orders'] });
  const server = fakeCartServer();
  const page = { online: true, orders: [] as Record<string, unknown>[] };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/api/order') return server.fetch(input, init);
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    page.orders.push(body);
    if (typeof body.cart_id === 'string') server.convert(body.cart_id);
    return envelope(200, { order_id: body.order_id, increment_id: String(page.orders.length), status: 'pending' });
  };
  const api = createApiClient({ baseUrl: 'http://shop.test', fetch, tokens: { read: async () => ({ token: 'customer-token', refreshToken: null }), write: async () => undefined }, autoRefreshTokens: false, timeoutMs: 200 });
  const sync = createCartSync({
    api,
    store: cartStore(db),
    isOnline: () => page.online,
    hasUserToken: async () => true,
    notify: async () => undefined,
    awaitingOrder: (cartId) => productsAwaitingOrder(db, cartId),
  });
  // As the order coordinator wires it: an accepted order retires the cart it converted.
  const outbox = createOrderOutbox({ api, store: orderStore(db), notify: async () => undefined, isOnline: () => page.online, onSent: async (order) => void ((await retireOrderedCart(db, order.body.cart_id)) && (await sync.sync({ forceClientState: true }))) });
  const local = async () => Object.fromEntries((await db.cart.find().exec()).map((l) => [l.sku, l.qty]));
  const onServer = async () => server.lines((await readLocal(db, LOCAL.cartState)).token);
  return { server, sync, outbox, page, local, onServer };
}

const orderBody = (orderId: string, cartId: string | null, products: { sku: string; qty: number }[]) => ({
  order_id: orderId,
  ...(cartId ? { cart_id: cartId } : {}),
  products: products.map((p) => ({ ...p, product_option: {}, checksum: newLine(p.sku, 1).checksum })),
  addressInformation: {},
});

/**
 * The customer's cart holds NUT×2 saved on another visit. They sign in: the customer cart is
 * connected, but the pull that would merge it fails, so the device does not show NUT×2 yet. They add
 * NUT×1 and order it offline. The saved NUT×2 must still be in the cart afterwards, whether the merge
 * or the order reaches the server first (fault scenario seed 7008).
 */
async function orderedBeforeTheLoginMerge() {
  const shop = await shopPage();
  const customerCart = shop.server.customerCartId();
  shop.server.put(customerCart, 'NUT', 2);
  shop.server.signedIn = true;
  shop.server.fail('/api/cart/pull', { status: 503 });
  await expect(shop.sync.authorize()).rejects.toThrow();
  expect(await readLocal(db, LOCAL.cartState)).toMatchObject({ token: customerCart, customerCart: true, mergePending: true });
  await db.cart.insert(newLine('NUT', 1));
  shop.page.online = false;
  const placed = await placeOrderBody(db, shop.outbox, orderBody('order-0001', customerCart, [{ sku: 'NUT', qty: 1 }]));
  expect(placed.outcome).toBe('queued');
  expect(await shop.local()).toEqual({});
  shop.page.online = true;
  return { ...shop, customerCart };
}

describe('an order placed before the login merge brought the saved cart to the device', () => {
  it('does not name the customer cart: its saved lines are not the order\'s', async () => {
    const { customerCart } = await orderedBeforeTheLoginMerge();
    const [order] = await db.orders.find().exec();
    expect(order!.body.cart_id).toBeUndefined();
    expect(await productsAwaitingOrder(db, customerCart)).toEqual([]);
  });

  it('the merge first, then the order: the saved lines stay in the cart', async () => {
    const shop = await orderedBeforeTheLoginMerge();
    await shop.sync.load();
    expect(await shop.local()).toEqual({ NUT: 2 });
    expect(await shop.outbox.sendQueued()).toMatchObject({ sent: 1 });
    await shop.sync.sync({ forceClientState: true });
    expect(shop.page.orders.map((o) => o.products)).toEqual([[expect.objectContaining({ sku: 'NUT', qty: 1 })]]);
    expect(await shop.local()).toEqual({ NUT: 2 });
    expect(await shop.onServer()).toEqual({ NUT: 2 });
  });

  it('the order first, then the merge: the saved lines stay in the cart', async () => {
    const shop = await orderedBeforeTheLoginMerge();
    expect(await shop.outbox.sendQueued()).toMatchObject({ sent: 1 });
    await shop.sync.load();
    expect(await shop.local()).toEqual({ NUT: 2 });
    expect(await shop.onServer()).toEqual({ NUT: 2 });
  });
});

describe('an order of lines that went into the customer cart', () => {
  it('names it while the merge is still pending, so those lines leave the server cart with the order', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.put(customerCart, 'NUT', 2);
    shop.server.signedIn = true;
    await db.cart.insert(newLine('BOLT', 1));
    shop.server.fail('/api/cart/apply', 'lost-reply'); // BOLT reached the cart; the merge stays pending
    await expect(shop.sync.authorize()).rejects.toThrow();
    expect(shop.server.lines(customerCart)).toEqual({ NUT: 2, BOLT: 1 });
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0002', customerCart, [{ sku: 'BOLT', qty: 1 }]));
    const [order] = await db.orders.find().exec();
    expect(order!.body.cart_id).toBe(customerCart);
    shop.page.online = true;
    await shop.sync.load();
    expect(await shop.local()).toEqual({ NUT: 2 });
  });

  it('names it once the merge is done', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await db.cart.insert(newLine('BOLT', 1));
    await shop.sync.authorize();
    await db.cart.insert(newLine('NUT', 1, 2));
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0003', customerCart, [{ sku: 'NUT', qty: 1 }]));
    const [order] = await db.orders.find().exec();
    expect(order!.body.cart_id).toBe(customerCart);
  });
});

describe('an order of a line in a cart another queued order names', () => {
  it('journals what it took from that cart, and the next sync takes it there instead of bringing it back', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await db.cart.insert(newLine('BOLT', 1));
    await shop.sync.authorize();
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0004', customerCart, [{ sku: 'BOLT', qty: 1 }]));
    shop.page.online = true;
    await db.cart.insert(newLine('NUT', 1, 2));
    await shop.sync.sync();
    // BOLT stays in the server cart for the order that names it, and is not the device's line any more.
    expect(shop.server.lines(customerCart)).toEqual({ BOLT: 1, NUT: 1 });
    expect(await shop.local()).toEqual({ NUT: 1 });

    // The first order will turn the cart into itself; the second cannot name it, yet takes NUT from it.
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0005', customerCart, [{ sku: 'NUT', qty: 1 }]));
    expect((await db.orders.findOne('order-0005').exec())!.body.cart_id).toBeUndefined();
    const state = await readLocal(db, LOCAL.cartState);
    expect(state.pendingOps.map((op) => [op.type, op.key, op.qty])).toContainEqual(['take', newLine('NUT', 1).id, 1]);
    expect(state.leftWithOrders).toBeNull();
    shop.page.online = true;
    await shop.sync.load(); // a page load: server lines the device lacks would come back to it
    expect(await shop.local()).toEqual({});
    expect(shop.server.lines(customerCart)).toEqual({ BOLT: 1 });
    expect((await readLocal(db, LOCAL.cartState)).leftWithOrders).toBeNull();

    expect(await shop.outbox.sendQueued()).toMatchObject({ sent: 2 });
    expect(shop.page.orders.map((o) => [o.cart_id, (o.products as { sku: string }[]).map((p) => p.sku)])).toEqual([[customerCart, ['BOLT']], [undefined, ['NUT']]]);
    expect(await shop.local()).toEqual({});
  });
});

describe('a line added after an order that names a cart the ordered lines never reached', () => {
  /**
   * The login merge marks SCREW×3 as the customer cart's and sends it, but the send fails, so the
   * merge stays pending and the cart stays empty. The order taken offline names that cart (SCREW went
   * into it as far as the device knows). The shopper then adds SCREW×3 again: a new line with the
   * same key. The merge that runs next must leave the cart holding the new line on top of what the
   * order takes from it, or the order, converting the cart, takes the new line with it (seed 938209813).
   */
  it('sends the new line on top of what the order takes from the cart', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await db.cart.insert(newLine('SCREW', 3));
    shop.server.fail('/api/cart/apply', 'network');
    await expect(shop.sync.authorize()).rejects.toThrow();
    expect(shop.server.lines(customerCart)).toEqual({});
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0006', customerCart, [{ sku: 'SCREW', qty: 3 }]));
    expect((await db.orders.findOne('order-0006').exec())!.body.cart_id).toBe(customerCart);
    await db.cart.insert(newLine('SCREW', 3, 2));
    shop.page.online = true;

    await shop.sync.load();
    expect(await shop.local()).toEqual({ SCREW: 3 });
    // The order takes SCREW×3 from the cart it names when it arrives; the new line is what stays.
    expect(shop.server.lines(customerCart)).toEqual({ SCREW: 6 });
    await shop.sync.sync({ forceSync: true, forceClientState: true });
    expect(await shop.local()).toEqual({ SCREW: 3 });
    expect(shop.server.lines(customerCart)).toEqual({ SCREW: 6 });
  });
});

describe('a line ordered by an order that cannot name the cart, after an earlier order that names it', () => {
  /**
   * Offline, order A names the customer cart and takes ANCHOR×1 from it: its change (add 1) is kept
   * for that cart. The shopper adds ANCHOR×2 and orders it: order B cannot name the cart A names and
   * takes the line whole. Then they add ANCHOR×2 again. A's change must still reach the cart, which
   * then holds A's ANCHOR×1 and the new ANCHOR×2, or A, converting the cart, takes one of the two
   * the shopper kept (seed 938209907).
   */
  it("keeps the earlier order's change for the cart and removes only the rest there", async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await shop.sync.authorize();
    // As the cart screen adds: the change is recorded, then the line written, naming it.
    const add = async (qty: number, at: number) => {
      const opId = crypto.randomUUID();
      await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('ANCHOR', qty), qty, undefined, opId));
      await db.cart.insert(newLine('ANCHOR', qty, at, { last_op_id: opId }));
    };
    shop.page.online = false;
    await add(1, 1);
    await placeOrderBody(db, shop.outbox, orderBody('order-0007', customerCart, [{ sku: 'ANCHOR', qty: 1 }]));
    await add(2, 2);
    await placeOrderBody(db, shop.outbox, orderBody('order-0008', customerCart, [{ sku: 'ANCHOR', qty: 2 }]));
    expect((await db.orders.findOne('order-0008').exec())!.body.cart_id).toBeUndefined();
    await add(2, 3);
    shop.page.online = true;

    await shop.sync.sync();
    expect(shop.server.lines(customerCart)).toEqual({ ANCHOR: 3 });
    expect(await shop.local()).toEqual({ ANCHOR: 2 });
  });
});

describe('a line added while the login merge reads the customer cart', () => {
  it('is merged once: the change that added it is not sent again after the merge sent the line', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    let added = false;
    shop.server.onRequest = async (path) => {
      if (path !== '/api/cart/pull' || added) return;
      added = true;
      // As the cart screen adds: the change is recorded, then the line written naming it, both before the merge reads the lines.
      await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('SCREW', 3), 3, undefined, 'screw-add'));
      await db.cart.insert(newLine('SCREW', 3, 1, { last_op_id: 'screw-add' }));
    };
    await shop.sync.authorize();
    expect(shop.server.lines(customerCart)).toEqual({ SCREW: 3 });
    await shop.sync.sync({ forceClientState: true, forceSync: true });
    expect(shop.server.lines(customerCart)).toEqual({ SCREW: 3 });
    expect(await shop.local()).toEqual({ SCREW: 3 });
  });
});

describe('an order naming a cart, of lines with changes not yet known to reach it', () => {
  /**
   * The server takes from the cart an order names no more of a line than the device knows reached it
   * (seeds 1140000102, 1150000013): the order says, for each line with changes pending, what the
   * server had confirmed and what each change since added. A line all confirmed says nothing.
   */
  it('carries what the server confirmed and each pending change, for those lines only', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await db.cart.insert(newLine('NUT', 2));
    await shop.sync.authorize();
    expect(shop.server.lines(customerCart)).toEqual({ NUT: 2 });
    shop.page.online = false;
    // Offline: one more nut and a new anchor, each recorded before its line is written.
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('NUT', 1), 1, undefined, 'nut-add'));
    await db.cart.findOne(newLine('NUT', 1).id).exec().then((line) => line!.incrementalPatch({ qty: 3, last_op_id: 'nut-add' }));
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('ANCHOR', 4), 4, undefined, 'anchor-add'));
    await db.cart.insert(newLine('ANCHOR', 4, 2, { last_op_id: 'anchor-add' }));
    await db.cart.insert(newLine('BOLT', 1, 3));
    // A line never confirmed in a cart holds more than its pending change added (the login merge
    // dropped the earlier change to send the line whole, and that round was cut short).
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('WASHER', 2), 2, undefined, 'washer-add'));
    await db.cart.insert(newLine('WASHER', 4, 4, { last_op_id: 'washer-add' }));
    const products = [{ sku: 'NUT', qty: 3 }, { sku: 'ANCHOR', qty: 4 }, { sku: 'BOLT', qty: 1 }, { sku: 'WASHER', qty: 4 }];
    await placeOrderBody(db, shop.outbox, orderBody('order-0011', customerCart, products));
    const body = (await db.orders.findOne('order-0011').exec())!.toMutableJSON().body;
    expect(body.cart_id).toBe(customerCart);
    const accounts = (body.products as { sku: string; cart_line?: unknown }[]).map((p) => [p.sku, p.cart_line]);
    expect(accounts).toEqual([
      ['NUT', { confirmed_qty: 2, unconfirmed: [{ op_id: 'nut-add', qty: 1 }] }],
      ['ANCHOR', { confirmed_qty: 0, unconfirmed: [{ op_id: 'anchor-add', qty: 4 }] }],
      ['BOLT', undefined],
      ['WASHER', { confirmed_qty: 0, unconfirmed: [{ op_id: 'washer-add', qty: 2 }] }],
    ]);
  });

  it('names the login merge\'s add of a line it has not written yet by the id the merge then sends it under, so the server counts it if it came first', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.put(customerCart, 'BOLT', 1);
    shop.server.signedIn = true;
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: customerCart, customerCart: true, mergePending: true, mergeId: 'merge-one' }));
    await db.cart.insert(newLine('BOLT', 4, 2));
    // The order is worked out as the merge reads the cart, before it writes the bolts for it; it takes
    // them after the merge has sent them: its account must name that add.
    const accounts: unknown[] = [];
    shop.server.onRequest = async (path) => {
      if (path !== '/api/cart/pull' || accounts.length > 0) return;
      const body = await withCartLineAccounts(db, orderBody('order-0013', customerCart, [{ sku: 'BOLT', qty: 4 }]));
      accounts.push(...(body.products as { cart_line?: unknown }[]).map((p) => p.cart_line));
    };
    await shop.sync.sync({ forceClientState: true });
    const sent = shop.server.requests.filter((r) => r.path === '/api/cart/apply').map((r) => (r.body as { ops: { op_id: string; qty: number }[] }).ops);
    expect(sent).toEqual([[expect.objectContaining({ qty: 4 })]]);
    expect(accounts).toEqual([{ confirmed_qty: 0, unconfirmed: [{ op_id: sent[0]![0]!.op_id, qty: 4 }] }]);
    expect(await shop.onServer()).toEqual({ BOLT: 5 });
  });

  it('says none of a line reached the customer cart while the login merge into it is pending and has not written that line for it', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    // The merge wrote the screw for the customer cart (its send's outcome unknown), not the bolt yet.
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: customerCart, customerCart: true, mergePending: true }));
    await db.cart.insert(newLine('SCREW', 1, 1, { server_cart_id: customerCart }));
    await db.cart.insert(newLine('BOLT', 4, 2));
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0012', customerCart, [{ sku: 'SCREW', qty: 1 }, { sku: 'BOLT', qty: 4 }]));
    const body = (await db.orders.findOne('order-0012').exec())!.toMutableJSON().body;
    expect(body.cart_id).toBe(customerCart);
    expect((body.products as { sku: string; cart_line?: unknown }[]).map((p) => [p.sku, p.cart_line])).toEqual([
      ['SCREW', undefined],
      ['BOLT', { confirmed_qty: 0, unconfirmed: [] }],
    ]);
  });

  it("names the login merge's adds of a line it wrote for the customer cart while their reply has not come: the order takes none of it from the cart if they never came (seed 1220000918)", async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    const bolt = newLine('BOLT', 1, 1, { server_cart_id: customerCart });
    const add = { op_id: 'merge-add-bolt', type: 'add' as const, key: bolt.id, sku: 'BOLT', product_option: null, qty: 1 };
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: customerCart, customerCart: true, mergePending: true, mergeId: 'merge-three', mergeAdds: [{ cartId: customerCart, key: bolt.id, ops: [add], lineQty: 1 }] }));
    await db.cart.insert(bolt);
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0016', customerCart, [{ sku: 'BOLT', qty: 1 }]));
    const body = (await db.orders.findOne('order-0016').exec())!.toMutableJSON().body;
    expect(body.cart_id).toBe(customerCart);
    expect((body.products as { cart_line?: unknown }[])[0]!.cart_line).toEqual({ confirmed_qty: 0, unconfirmed: [{ op_id: 'merge-add-bolt', qty: 1 }] });
  });

  it("counts as confirmed what the login merge read in the cart of a line it wrote there, its add not answered: the order takes the saved screws it summed in (seed 1250000173)", async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    // Four screws saved in the customer cart, three added as a guest: the merge wrote 7 and sent an add of 3.
    const screws = newLine('SCREW', 7, 1, { server_cart_id: customerCart });
    const add = { op_id: 'merge-add-screws', type: 'add' as const, key: screws.id, sku: 'SCREW', product_option: null, qty: 3 };
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: customerCart, customerCart: true, mergePending: true, mergeId: 'merge-four', mergeAdds: [{ cartId: customerCart, key: screws.id, ops: [add], lineQty: 7 }] }));
    await db.cart.insert(screws);
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0017', customerCart, [{ sku: 'SCREW', qty: 7 }]));
    const body = (await db.orders.findOne('order-0017').exec())!.toMutableJSON().body;
    expect((body.products as { cart_line?: unknown }[])[0]!.cart_line).toEqual({ confirmed_qty: 4, unconfirmed: [{ op_id: 'merge-add-screws', qty: 3 }] });
  });

  it('counts from its last set a line with one pending that the login merge has not written for the customer cart: those changes go there for the order (seed 1220000552)', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: customerCart, customerCart: true, mergePending: true, mergeId: 'merge-two' }));
    // Three screws, set to 6, two more: the line holds 8 and no cart has confirmed it.
    for (const [type, qty, opId] of [['add', 3, 's-1'], ['set', 6, 's-2'], ['add', 2, 's-3']] as const) {
      await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, type, newLine('SCREW', qty), qty, undefined, opId));
    }
    await db.cart.insert(newLine('SCREW', 8, 1, { last_op_id: 's-3' }));
    // The merge has sent the nuts already: the order names the customer cart.
    shop.server.put(customerCart, 'NUT', 2);
    await db.cart.insert(newLine('NUT', 2, 2, { server_cart_id: customerCart }));
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0015', customerCart, [{ sku: 'SCREW', qty: 8 }, { sku: 'NUT', qty: 2 }]));
    const body = (await db.orders.findOne('order-0015').exec())!.toMutableJSON().body;
    expect(body.cart_id).toBe(customerCart);
    expect((body.products as { cart_line?: unknown }[])[0]!.cart_line).toEqual({
      confirmed_qty: 0,
      unconfirmed: [{ op_id: 's-2', qty: 6 }, { op_id: 's-3', qty: 2 }, { op_id: mergeAddId('merge-two', customerCart, newLine('SCREW', 8).id), qty: 8 }],
    });
    // The changes went to the cart for the order, ahead of the merge: the 8 screws it takes are there.
    shop.page.online = true;
    await shop.sync.sync({ forceClientState: true });
    expect(shop.server.lines(customerCart)).toEqual({ NUT: 2, SCREW: 8 });
  });
});

describe('a line the shopper added to again while the round sending its first add was on the way', () => {
  it('is recorded as confirmed in the cart by that round, so an order placed before the next round counts what reached it (seed 1190000076)', async () => {
    const shop = await shopPage();
    const customerCart = shop.server.customerCartId();
    shop.server.signedIn = true;
    await db.cart.insert(newLine('BOLT', 1));
    await shop.sync.authorize();
    expect(shop.server.lines(customerCart)).toEqual({ BOLT: 1 });
    // A first nut, then a second one added as the round sending the first reaches the server.
    await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('NUT', 1), 1, undefined, 'nut-1'));
    await db.cart.insert(newLine('NUT', 1, 2, { last_op_id: 'nut-1' }));
    let addedAgain = false;
    shop.server.onRequest = async (path) => {
      if (path !== '/api/cart/apply' || addedAgain) return;
      addedAgain = true;
      await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('NUT', 1), 1, undefined, 'nut-2'));
      await db.cart.findOne(newLine('NUT', 1).id).exec().then((line) => line!.incrementalPatch({ qty: 2, last_op_id: 'nut-2' }));
    };
    await shop.sync.sync();
    expect(addedAgain).toBe(true);
    expect(shop.server.lines(customerCart)).toEqual({ BOLT: 1, NUT: 1 });
    // The second nut stays on the device for the next round to send.
    expect(await shop.local()).toEqual({ BOLT: 1, NUT: 2 });
    // Offline before the next round: the order of both nuts says the first reached the cart.
    shop.page.online = false;
    await placeOrderBody(db, shop.outbox, orderBody('order-0014', customerCart, [{ sku: 'NUT', qty: 2 }]));
    const body = (await db.orders.findOne('order-0014').exec())!.toMutableJSON().body;
    expect((body.products as { cart_line?: unknown }[])[0]!.cart_line).toEqual({ confirmed_qty: 1, unconfirmed: [{ op_id: 'nut-2', qty: 1 }] });
  });
});

describe('an order sent from this device', () => {
  it("says which browser database placed it, the same in all its tabs, so the server tells this checkout seen again from another device's order", async () => {
    const shop = await shopPage();
    await db.cart.insert(newLine('NUT', 1));
    const placed = await placeOrderBody(db, shop.outbox, orderBody('order-device-1', null, [{ sku: 'NUT', qty: 1 }]));
    expect(placed.outcome).toBe('sent');
    const token = await db.storageToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(shop.page.orders.map((o) => o.device_id)).toEqual([token]);
  });
});

describe('an order of part of a line, from a tab that had not heard of the rest', () => {
  it('leaves only the rest in the cart, on the device and on the server, whether or not the line had reached the cart (seed 7004)', async () => {
    for (const confirmed of [true, false]) {
      const shop = await shopPage();
      const customerCart = shop.server.customerCartId();
      shop.server.signedIn = true;
      await db.cart.insert(newLine('BOLT', 1));
      await shop.sync.authorize();
      // Two anchors from one tab, two from another: one line of 4, each add a change of its own.
      shop.page.online = confirmed;
      for (const opId of ['anchor-1', 'anchor-2']) {
        await modifyLocal(db, LOCAL.cartState, (s) => withCartOp(s, 'add', newLine('ANCHOR', 2), 2, undefined, opId));
        const stored = await db.cart.findOne(newLine('ANCHOR', 2).id).exec();
        if (stored) await stored.incrementalPatch({ qty: stored.qty + 2, last_op_id: opId, updated_at: Date.now() });
        else await db.cart.insert(newLine('ANCHOR', 2, 2, { last_op_id: opId }));
      }
      if (confirmed) await shop.sync.sync();
      expect(shop.server.lines(customerCart)).toEqual(confirmed ? { BOLT: 1, ANCHOR: 4 } : { BOLT: 1 });
      // Offline, the tab that showed two anchors orders them; its order names no cart.
      shop.page.online = false;
      await placeOrderBody(db, shop.outbox, orderBody(`order-part-${confirmed}`, null, [{ sku: 'ANCHOR', qty: 2 }]));
      expect(await shop.local()).toEqual({ BOLT: 1, ANCHOR: 2 });
      shop.page.online = true;
      expect(await shop.outbox.sendQueued()).toMatchObject({ sent: 1 });
      await shop.sync.sync();
      expect(shop.server.lines(customerCart)).toEqual({ BOLT: 1, ANCHOR: 2 });
      expect(await shop.local()).toEqual({ BOLT: 1, ANCHOR: 2 });
      await db.close();
    }
  });
});
