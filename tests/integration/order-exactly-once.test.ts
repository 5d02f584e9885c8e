import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderReply } from '../../schemas/api/order';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, dbState, ensureCustomers, GB_ADDRESS, newCart, orderBody, setStock, stockQty } from './cart-fixtures';

/**
 * One cart, one order: a converted cart is refused with the order that converted it, also when two
 * orders race for it; a queued order retried after its session ended still gets its stored reply.
 */
let server: TestServer;
let seq = 0;
const nextId = (label: string) => `once-${label}-${Date.now()}-${++seq}`;
const place = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.request<OrderReply>('POST', '/api/order', body, headers);
const alice = () => customerAuth(server, '9601', 0);
const bob = () => customerAuth(server, '9602', 0);
const LINE = { sku: 'CR-EP-585', qty: 1 };

async function cartWithLine(headers: Record<string, string> = {}): Promise<string> {
  const cartId = await newCart(server, headers);
  expect((await addItem(server, cartId, LINE, headers)).status).toBe(200);
  return cartId;
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9601', '9602'], 0);
});
afterAll(async () => {
  await server?.close();
});

describe('a converted cart cannot be ordered again', () => {
  it('refuses a new order_id for a guest cart already ordered, naming the order that converted it', async () => {
    await setStock(server, 'CR-EP-585', 40);
    const cartId = await cartWithLine();
    const first = await place(orderBody(nextId('guest'), [LINE], { cart_id: cartId }));
    expect(first.status).toBe(200);
    const state = await dbState(server);
    const second = await place(orderBody(nextId('guest-again'), [LINE], { cart_id: cartId }));
    expect(second.body).toEqual({
      code: 409,
      result: 'This cart has already been ordered',
      meta: { order_id: first.body.result.order_id, increment_id: first.body.result.increment_id },
    });
    expect(await dbState(server)).toEqual(state);
    // The first order's own retry still gets its stored reply.
    expect((await place(orderBody(first.body.result.order_id, [LINE], { cart_id: cartId }))).body).toEqual(first.body);
  });

  it("tells only the cart's customer which order converted it", async () => {
    await setStock(server, 'CR-EP-585', 40);
    const cartId = await cartWithLine(alice());
    const first = await place(orderBody(nextId('alice'), [LINE], { cart_id: cartId, user_id: '9601' }), alice());
    expect(first.status).toBe(200);
    const again = (headers: Record<string, string>, userId: string) => place(orderBody(nextId('again'), [LINE], { cart_id: cartId, user_id: userId }), headers);
    expect((await again(bob(), '9602')).body).toEqual({ code: 403, result: 'You do not have access to this cart' });
    expect((await again({}, '')).body).toEqual({ code: 401, result: 'User is not authorized to access the resource' });
    expect((await again(alice(), '9601')).body).toEqual({
      code: 409,
      result: 'This cart has already been ordered',
      meta: { order_id: first.body.result.order_id, increment_id: first.body.result.increment_id },
    });
  });

  it('lets exactly one of several parallel orders with different order_ids convert one cart', async () => {
    await setStock(server, 'CR-EP-585', 40);
    const cartId = await cartWithLine();
    const bodies = Array.from({ length: 8 }, (_, i) => orderBody(nextId(`race-${i}`), [LINE], { cart_id: cartId }));
    const replies = await Promise.all(bodies.map((body) => place(body)));
    const placed = replies.filter((r) => r.status === 200);
    expect(placed).toHaveLength(1);
    const winner = placed[0]!.body.result;
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.body).toEqual({ code: 409, result: 'This cart has already been ordered', meta: { order_id: winner.order_id, increment_id: winner.increment_id } });
    }
    const orders = await server.ctx.db.query('select order_id from orders where order_id = any($1::text[])', [bodies.map((b) => b.order_id)]);
    expect(orders).toHaveLength(1);
    expect(await stockQty(server, 'CR-EP-585')).toBe(39);
    const [cart] = await server.ctx.db.query<{ converted_order_id: string }>('select converted_order_id from carts where id = $1', [cartId]);
    expect(cart?.converted_order_id).toBe(winner.order_id);
  });
});

describe('a retry is looked up before the session is checked', () => {
  it('answers a signed-in order retried without a token (the session ended) with its stored reply', async () => {
    const body = orderBody(nextId('queued'), [LINE], { user_id: '9601' });
    const first = await place(body, alice());
    expect(first.status).toBe(200);
    const state = await dbState(server);
    expect((await place({ ...body, transmited: true })).body).toEqual(first.body);
    expect((await place(body, bob())).body).toEqual({ code: 403, result: 'You do not have access to this order' });
    expect((await place({ ...body, products: [{ sku: 'CR-EP-585', qty: 2 }] })).body).toEqual({ code: 409, result: 'This order id was already used for a different order' });
    expect(await dbState(server)).toEqual(state);
  });

  it('still refuses an unknown order with a user_id and no token (401)', async () => {
    const state = await dbState(server);
    expect((await place(orderBody(nextId('no-token'), [LINE], { user_id: '9601' }))).body).toEqual({ code: 401, result: 'User is not authorized to access the resource' });
    expect(await dbState(server)).toEqual(state);
  });

  it('takes a resend without the account password as the same order (the client does not store it)', async () => {
    const email = `once.account.${Date.now()}@example.com`;
    const address = { ...GB_ADDRESS, email };
    const info = { ...(orderBody('x', []).addressInformation as object), shippingAddress: address, billingAddress: address };
    const details = { email, password: 'Sup3r-secret', createAccount: true, firstname: 'Nia', lastname: 'Jones' };
    const body = orderBody(nextId('account'), [LINE], { personalDetails: details, addressInformation: info });
    const first = await place(body);
    expect(first.status).toBe(200);
    const state = await dbState(server);
    const { password: _dropped, ...withoutPassword } = details;
    expect((await place({ ...body, personalDetails: withoutPassword })).body).toEqual(first.body);
    expect(await dbState(server)).toEqual(state);
    const accounts = await server.ctx.db.query('select id from customers where email = $1', [email]);
    expect(accounts).toHaveLength(1);
  });
});
