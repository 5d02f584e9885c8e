import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, ensureCustomers, importProducts, newCart, orderBody, testProduct } from './cart-fixtures';

/**
 * An order converts the cart it names. Lines of a customer cart the order did not take (saved in
 * another session, not yet merged to the ordering device) go on in the customer's new open cart.
 */
let server: TestServer;
let seq = 0;
const SAVED = 'LEFT-SAVED';
const ORDERED = 'LEFT-ORDERED';
const PART = 'LEFT-PART';
const nextOrderId = () => `leftovers-${Date.now()}-${++seq}`;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9811', '9812'], 1);
  await importProducts(server, [testProduct(996_400, SAVED), testProduct(996_401, ORDERED), testProduct(996_402, PART)]);
});
afterAll(async () => server?.close());

async function linesOf(cartId: string, headers: Record<string, string> = {}): Promise<Record<string, number>> {
  const reply = await server.request<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${cartId}`, undefined, headers);
  expect(reply.status).toBe(200);
  return Object.fromEntries(reply.body.result.map((l) => [l.sku, l.qty]));
}

describe('an order converting a cart', () => {
  it("moves a customer cart's lines and part-lines the order did not take to the customer's new open cart", async () => {
    const auth = customerAuth(server, '9811');
    const cartId = await newCart(server, auth);
    for (const [sku, qty] of [[SAVED, 2], [ORDERED, 1], [PART, 5]] as const) expect((await addItem(server, cartId, { sku, qty }, auth)).status).toBe(200);
    // The device sends a simple line's options as `{}`; its cart line was sent with none.
    const products = [{ sku: ORDERED, qty: 1, product_option: {} }, { sku: PART, qty: 3, product_option: {} }];
    const placed = await server.request('POST', '/api/order', orderBody(nextOrderId(), products, { cart_id: cartId }), auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await server.request('GET', `/api/cart/pull?cartId=${cartId}`, undefined, auth)).status).toBe(404);
    const open = await newCart(server, auth);
    expect(open).not.toBe(cartId);
    expect(await linesOf(open, auth)).toEqual({ [SAVED]: 2, [PART]: 2 });
  });

  it('opens no new cart when the order took every line', async () => {
    const auth = customerAuth(server, '9812');
    const cartId = await newCart(server, auth);
    expect((await addItem(server, cartId, { sku: ORDERED, qty: 2 }, auth)).status).toBe(200);
    const placed = await server.request('POST', '/api/order', orderBody(nextOrderId(), [{ sku: ORDERED, qty: 2, product_option: {} }], { cart_id: cartId }), auth);
    expect(placed.status).toBe(200);
    const open = await server.ctx.db.query('select id from carts where customer_id = $1 and converted_order_id is null', ['9812']);
    expect(open).toEqual([]);
  });

  it("leaves a guest cart's lines with it: only its device knows the cart", async () => {
    const cartId = await newCart(server);
    expect((await addItem(server, cartId, { sku: SAVED, qty: 1 })).status).toBe(200);
    expect((await addItem(server, cartId, { sku: ORDERED, qty: 1 })).status).toBe(200);
    const before = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from carts');
    const placed = await server.request('POST', '/api/order', orderBody(nextOrderId(), [{ sku: ORDERED, qty: 1 }], { cart_id: cartId }));
    expect(placed.status).toBe(200);
    expect(await server.ctx.db.query<{ n: number }>('select count(*)::int as n from carts')).toEqual(before);
  });
});
