import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReply } from '../../schemas/api/order';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, ensureCustomers, newCart, orderBody, setStock } from './cart-fixtures';

/**
 * A customer's cart holds lines saved from other devices; an order from one device takes only what
 * it names. The lines it did not take must still be in the customer's cart after the order.
 */
let server: TestServer;
const customer = () => customerAuth(server, '9611', 0);

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9611', '9612'], 0);
});
afterAll(async () => server?.close());

const cartLines = async (headers: Record<string, string>) => {
  const cartId = await newCart(server, headers);
  const pulled = await server.request<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${cartId}`, undefined, headers);
  return { cartId, lines: Object.fromEntries(pulled.body.result.map((l) => [l.sku, Number(l.qty)])) };
};

describe('an order converting a customer cart', () => {
  it('moves the lines and quantities it did not take to the customer\'s new open cart', async () => {
    await setStock(server, 'CR-EP-585', 40);
    await setStock(server, 'WS-4-40-YP', 400);
    const cartId = await newCart(server, customer());
    expect((await addItem(server, cartId, { sku: 'CR-EP-585', qty: 3 }, customer())).status).toBe(200);
    expect((await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 10 }, customer())).status).toBe(200);
    // This device knew of two of the three CR-EP-585 and nothing of the screws (saved from another device).
    const placed = await server.request<OrderReply>('POST', '/api/order', orderBody(`carry-${Date.now()}`, [{ sku: 'CR-EP-585', qty: 2 }], { cart_id: cartId, user_id: '9611' }), customer());
    expect(placed.status).toBe(200);
    const after = await cartLines(customer());
    expect(after.cartId).not.toBe(cartId);
    expect(after.lines).toEqual({ 'CR-EP-585': 1, 'WS-4-40-YP': 10 });
  });

  it('leaves no open cart behind when the order took everything', async () => {
    const auth = customerAuth(server, '9612', 0);
    await setStock(server, 'CR-EP-585', 40);
    const cartId = await newCart(server, auth);
    expect((await addItem(server, cartId, { sku: 'CR-EP-585', qty: 2 }, auth)).status).toBe(200);
    const placed = await server.request<OrderReply>('POST', '/api/order', orderBody(`carry-all-${Date.now()}`, [{ sku: 'CR-EP-585', qty: 2 }], { cart_id: cartId, user_id: '9612' }), auth);
    expect(placed.status).toBe(200);
    const open = await server.ctx.db.query('select id from carts where customer_id = $1 and converted_order_id is null', ['9612']);
    expect(open).toEqual([]);
  });
});
