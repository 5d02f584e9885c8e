import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { unitPrices } from '../../src/domain/pricing/final-price';
import { addItem, customerAuth, dbState, ensureCustomers, importProducts, newCart, productDoc, testProduct } from './cart-fixtures';

let server: TestServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9001', '9002', '9100']);
  alice = customerAuth(server, '9001');
  bob = customerAuth(server, '9002');
  await importProducts(server, [testProduct(990_001, 'T-HIDDEN', { visibility: 1 })]);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/cart/create', () => {
  it('gives a guest a new unguessable id each time', async () => {
    const a = await newCart(server);
    const b = await newCart(server);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });

  it("gives a customer the same active cart, even when asked in parallel", async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => newCart(server, customerAuth(server, '9100'))));
    expect(new Set(ids).size).toBe(1);
    expect(await newCart(server, customerAuth(server, '9100'))).toBe(ids[0]);
    const rows = await server.ctx.db.query("select id from carts where customer_id = '9100'");
    expect(rows).toHaveLength(1);
  });

  it('refuses an invalid token with 401', async () => {
    const reply = await server.request('POST', '/api/cart/create', undefined, { authorization: 'Bearer nonsense' });
    expect(reply.status).toBe(401);
  });
});

describe('adding and changing lines', () => {
  it('adds a line, and the same sku again sets the quantity instead of adding a line', async () => {
    const cartId = await newCart(server);
    const first = await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 2 });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ sku: 'WS-4-40-YP', qty: 2, product_type: 'simple', quote_id: cartId, price: 5.39 });
    const again = await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: '6' });
    expect(again.body.result).toMatchObject({ item_id: first.body.result.item_id, qty: 6, price: 5.12 });
    const pulled = await server.request<Record<string, unknown>[]>('GET', `/api/cart/pull?cartId=${cartId}`);
    expect(pulled.body.result).toEqual([
      { item_id: first.body.result.item_id, sku: 'WS-4-40-YP', qty: 6, name: expect.stringContaining('Wood Screw'), price: 5.12, product_type: 'simple', quote_id: cartId, product_option: null },
    ]);
  });

  it('updates a line by item_id and refuses an item of another cart', async () => {
    const cartId = await newCart(server);
    const other = await newCart(server);
    const line = (await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 })).body.result;
    const updated = await addItem(server, cartId, { sku: 'CR-EP-585', qty: 3, item_id: line.item_id, quoteId: cartId });
    expect(updated.body.result).toMatchObject({ item_id: line.item_id, qty: 3 });
    const before = await dbState(server);
    const foreign = await addItem(server, other, { sku: 'CR-EP-585', qty: 2, item_id: line.item_id });
    expect(foreign.body).toEqual({ code: 404, result: `No such entity with cartItemId = ${String(line.item_id)}` });
    expect(await dbState(server)).toEqual(before);
  });

  it('resolves a configurable parent with options to its child, and a child sku to the same line', async () => {
    const cartId = await newCart(server);
    const byParent = await addItem(server, cartId, {
      sku: 'TB-Z-RANGE',
      qty: 1,
      product_option: { extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: '8' }, { option_id: '142', option_value: 75 }] } },
    });
    expect(byParent.status).toBe(200);
    const parent = await productDoc(server, 'TB-Z-RANGE');
    const child = (parent.configurable_children as Record<string, unknown>[]).find((c) => c.sku === 'TB-M8-75-Z')!;
    const childPrice = unitPrices(child, { now: new Date(), qty: 1, customerGroupId: 0 }).final;
    expect(byParent.body.result).toMatchObject({ sku: 'TB-M8-75-Z', product_type: 'configurable', price: childPrice });
    const byChild = await addItem(server, cartId, { sku: 'TB-M8-75-Z', qty: 4 });
    expect(byChild.body.result).toMatchObject({ item_id: byParent.body.result.item_id, qty: 4 });
    expect(byChild.body.result.product_option).toEqual({
      extension_attributes: { configurable_item_options: [{ option_id: '141', option_value: '8' }, { option_id: '142', option_value: '75' }] },
    });
  });

  it('prices custom options and keeps different choices on separate lines', async () => {
    const cartId = await newCart(server);
    const options = (cut: string, ends: number) => ({ extension_attributes: { custom_options: [{ option_id: 1, option_value: cut }, { option_id: 2, option_value: ends }] } });
    const a = await addItem(server, cartId, { sku: 'TR-M12-CUT-Z', qty: 2, product_option: options('450', 4) });
    // 2.49 per metre + 0.75 cutting + 0.50 deburring
    expect(a.body.result).toMatchObject({ price: 3.74, qty: 2 });
    const b = await addItem(server, cartId, { sku: 'TR-M12-CUT-Z', qty: 1, product_option: options('450', 5) });
    // 2.49 + 0.75 + 5 % of 2.49 (0.1245 → 0.12)
    expect(b.body.result).toMatchObject({ price: 3.36 });
    expect(b.body.result.item_id).not.toBe(a.body.result.item_id);
  });
});

describe('refused lines change nothing', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['zero quantity', { sku: 'WS-4-40-YP', qty: 0 }, 400, 'Quantity must be above 0.'],
    ['negative quantity', { sku: 'WS-4-40-YP', qty: -2 }, 400, 'Quantity must be above 0.'],
    ['fractional quantity', { sku: 'WS-4-40-YP', qty: 1.5 }, 400, 'Quantity must be positive integer.'],
    ['text quantity', { sku: 'WS-4-40-YP', qty: 'ten' }, 400, 'Quantity must be positive integer.'],
    ['missing quantity', { sku: 'WS-4-40-YP' }, 400, 'Quantity must be positive integer.'],
    ['unknown product', { sku: 'NO-SUCH-SKU', qty: 1 }, 404, "The product that was requested doesn't exist: NO-SUCH-SKU"],
    ['disabled product', { sku: 'SDS-26-1000', qty: 1 }, 400, 'Product query returned empty result product status = 2'],
    ['hidden product', { sku: 'T-HIDDEN', qty: 1 }, 400, 'Product query returned empty result product visibility = 1'],
    ['zero price', { sku: 'WP-SAMPLE-CARD', qty: 1 }, 400, 'Product price is unknown, product cannot be added to the cart!'],
    ['out of stock', { sku: 'TEK-55-100-HS', qty: 1 }, 400, 'The product is out of stock and cannot be added to the cart!'],
    ['more than in stock', { sku: 'PPE-BT-S3-12', qty: 3 }, 400, 'Only 2 products of this type are available.'],
    ['trade-only product for a guest', { sku: 'TB-M10-100-Z-TP', qty: 5 }, 404, 'The product TB-M10-100-Z-TP is sold to trade accounts only: sign in with your trade account to see and buy it.'],
    ['configurable without options', { sku: 'TB-Z-RANGE', qty: 1 }, 400, 'Please configure product bundle/custom options and fix the validation errors.'],
    ['configurable with no such variant', { sku: 'TB-Z-RANGE', qty: 1, product_option: { extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: '99' }] } } }, 400, 'No such configuration for the product'],
    ['missing required custom option', { sku: 'TR-M12-CUT-Z', qty: 1 }, 400, 'Please configure product bundle/custom options and fix the validation errors.'],
    ['unknown field', { sku: 'WS-4-40-YP', qty: 1, price: 0.01 }, 400, 'cartItem.price: unknown field'],
  ];

  it.each(cases)('%s', async (_name, cartItem, status, message) => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
    const before = await dbState(server);
    const reply = await addItem(server, cartId, cartItem);
    expect(reply.status).toBe(status);
    expect(reply.body.result).toBe(message);
    expect(await dbState(server)).toEqual(before);
  });

  // Trade packs (the products with a minimum order) are sold to signed-in customers only.
  it('refuses less than the minimum order', async () => {
    const cartId = await newCart(server, alice);
    const reply = await addItem(server, cartId, { sku: 'TB-M10-100-Z-TP', qty: 4 }, alice);
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('The minimum quantity for this product is 5.');
  });

  it('accepts the minimum order and the last units in stock', async () => {
    const cartId = await newCart(server, alice);
    expect((await addItem(server, cartId, { sku: 'TB-M10-100-Z-TP', qty: 5 }, alice)).status).toBe(200);
    expect((await addItem(server, cartId, { sku: 'PPE-BT-S3-12', qty: 2 }, alice)).status).toBe(200);
  });
});

describe('deleting lines', () => {
  it('is idempotent: a second delete of the same line is still true', async () => {
    const cartId = await newCart(server);
    const line = (await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 })).body.result;
    await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 1 });
    const body = { cartItem: { sku: 'CR-EP-585', item_id: line.item_id, quoteId: cartId } };
    const replies = await Promise.all([1, 2, 3].map(() => server.request('POST', `/api/cart/delete?cartId=${cartId}`, body)));
    expect(replies.map((r) => r.body)).toEqual([1, 2, 3].map(() => ({ code: 200, result: true })));
    const pulled = await server.request<{ sku: string }[]>('GET', `/api/cart/pull?cartId=${cartId}`);
    expect(pulled.body.result.map((i) => i.sku)).toEqual(['WS-4-40-YP']);
  });

  it('needs an item_id or a sku', async () => {
    const cartId = await newCart(server);
    const reply = await server.request('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: {} });
    expect(reply.body).toEqual({ code: 400, result: 'cartItem: item_id or sku is required' });
  });
});

describe('who may use a cart', () => {
  it('answers 404 for an unknown cart', async () => {
    const reply = await server.request('GET', '/api/cart/pull?cartId=0123456789abcdef0123456789abcdef');
    expect(reply.body).toEqual({ code: 404, result: 'No such entity with cartId = 0123456789abcdef0123456789abcdef' });
  });

  it('requires the cartId parameter', async () => {
    expect((await server.request('GET', '/api/cart/pull')).status).toBe(400);
  });

  it("lets anyone with a guest cart's id use it", async () => {
    const cartId = await newCart(server);
    expect((await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 }, alice)).status).toBe(200);
    expect((await server.request('GET', `/api/cart/pull?cartId=${cartId}`)).status).toBe(200);
  });

  it("never lets another customer read or change a customer's cart", async () => {
    const cartId = await newCart(server, alice);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 }, alice);
    const before = await dbState(server);
    const attempts = [
      server.request('GET', `/api/cart/pull?cartId=${cartId}`, undefined, bob),
      server.request('GET', `/api/cart/totals?cartId=${cartId}`, undefined, bob),
      server.request('GET', `/api/cart/coupon?cartId=${cartId}`, undefined, bob),
      server.request('GET', `/api/cart/payment-methods?cartId=${cartId}`, undefined, bob),
      addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 1 }, bob),
      server.request('POST', `/api/cart/delete?cartId=${cartId}`, { cartItem: { sku: 'CR-EP-585' } }, bob),
      server.request('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=WELCOME10`, undefined, bob),
      server.request('POST', `/api/cart/delete-coupon?cartId=${cartId}`, undefined, bob),
      server.request('POST', `/api/cart/shipping-information?cartId=${cartId}`, { addressInformation: { shippingAddress: { countryId: 'US' } } }, bob),
      server.request('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { shippingCarrierCode: 'courier', shippingMethodCode: 'flatrate' } }, bob),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.body).toEqual({ code: 403, result: 'You do not have access to this cart' });
    const guest = await server.request('GET', `/api/cart/pull?cartId=${cartId}`);
    expect(guest.status).toBe(401);
    const tokenInQuery = alice.authorization!.slice(7);
    expect((await server.request('GET', `/api/cart/pull?cartId=${cartId}&token=${tokenInQuery}`)).status).toBe(200);
    expect(await dbState(server)).toEqual(before);
  });
});
