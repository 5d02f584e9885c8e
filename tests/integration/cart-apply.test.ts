import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import type { CartApplyReply } from '../../schemas/api/cart-sync';
import type { CartItemReply } from '../../schemas/api/cart';
import { addItem, customerAuth, ensureCustomers, newCart, orderBody } from './cart-fixtures';

/** One cart written by several devices: each change sent as what the shopper did, applied once by its id. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9601', '9602', '9604']);
});
afterAll(async () => {
  await server?.close();
});

const apply = (cartId: string, ops: Record<string, unknown>[], headers: Record<string, string> = {}) =>
  server.request<CartApplyReply | string>('POST', `/api/cart/apply?cartId=${cartId}`, { ops }, headers);
const quantities = async (cartId: string, headers: Record<string, string> = {}) => {
  const reply = await server.request<CartItemReply[]>('GET', `/api/cart/pull?cartId=${cartId}`, undefined, headers);
  expect(reply.status).toBe(200);
  return Object.fromEntries(reply.body.result.map((i) => [i.sku, i.qty]));
};
let opSeq = 0;
const opId = () => `op-${Date.now()}-${++opSeq}`;

describe('POST /api/cart/apply', () => {
  it('sums two devices adding the same product, and applies a retried change once', async () => {
    const phone = customerAuth(server, '9601');
    const laptop = customerAuth(server, '9601');
    const cartId = await newCart(server, phone);
    const phoneAdd = { op_id: opId(), type: 'add', sku: 'WS-4-40-YP', qty: 1 };
    const [a, b] = await Promise.all([apply(cartId, [phoneAdd], phone), apply(cartId, [{ op_id: opId(), type: 'add', sku: 'WS-4-40-YP', qty: 1 }], laptop)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The phone's reply was lost and it sends the same change again: not a third box.
    const retried = await apply(cartId, [phoneAdd], phone);
    expect(retried.body.result).toMatchObject({ results: [{ op_id: phoneAdd.op_id, status: 'duplicate' }] });
    expect(await quantities(cartId, laptop)).toEqual({ 'WS-4-40-YP': 2 });
    // The reply carries the cart as it is now, with the other device's lines.
    expect((retried.body.result as CartApplyReply).items.map((i) => [i.sku, i.qty])).toEqual([['WS-4-40-YP', 2]]);
  });

  it('sets and removes; removing what is gone is done, and a refusal gives its message without undoing the rest', async () => {
    const cartId = await newCart(server);
    await apply(cartId, [{ op_id: opId(), type: 'add', sku: 'CR-EP-585', qty: 2 }, { op_id: opId(), type: 'add', sku: 'VX-SDS36-K4', qty: 1 }]);
    const set = await apply(cartId, [{ op_id: opId(), type: 'set', sku: 'CR-EP-585', qty: 5 }, { op_id: opId(), type: 'remove', sku: 'VX-SDS36-K4' }]);
    expect(set.status).toBe(200);
    expect(await quantities(cartId)).toEqual({ 'CR-EP-585': 5 });
    const again = await apply(cartId, [{ op_id: opId(), type: 'remove', sku: 'VX-SDS36-K4' }, { op_id: opId(), type: 'set', sku: 'CR-EP-585', qty: 0 }]);
    const results = (again.body.result as CartApplyReply).results;
    expect(results.map((r) => r.status)).toEqual(['applied', 'refused']);
    expect(results[1]!.message).toMatch(/\S/);
    expect(await quantities(cartId)).toEqual({ 'CR-EP-585': 5 });
  });

  it('takes what an order took from a line, leaving what another device added; a line left with none goes, and a retry takes nothing more', async () => {
    const cartId = await newCart(server);
    await apply(cartId, [{ op_id: opId(), type: 'add', sku: 'CR-EP-585', qty: 2 }, { op_id: opId(), type: 'add', sku: 'VX-SDS36-K4', qty: 1 }]);
    const take = { op_id: opId(), type: 'take', sku: 'CR-EP-585', qty: 3 };
    const taken = await apply(cartId, [{ op_id: opId(), type: 'add', sku: 'CR-EP-585', qty: 3 }, take, { op_id: opId(), type: 'take', sku: 'VX-SDS36-K4', qty: 2 }]);
    expect((taken.body.result as CartApplyReply).results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await quantities(cartId)).toEqual({ 'CR-EP-585': 2 });
    expect((await apply(cartId, [take])).body.result).toMatchObject({ results: [{ status: 'duplicate' }] });
    expect(await quantities(cartId)).toEqual({ 'CR-EP-585': 2 });
  });

  it('refuses bad input with a 400, another customer with a 403, and a converted cart with a 404', async () => {
    const own = customerAuth(server, '9602');
    const cartId = await newCart(server, own);
    expect((await apply(cartId, [{ op_id: 'x', type: 'double', sku: 'CR-EP-585' }], own)).status).toBe(400);
    expect((await apply(cartId, [], own)).status).toBe(400);
    expect((await apply(cartId, [{ op_id: opId(), type: 'add', sku: 'CR-EP-585', qty: 1 }], customerAuth(server, '9601'))).status).toBe(403);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 }, own);
    expect((await server.request('POST', '/api/order', orderBody(`apply-${Date.now()}`, [{ sku: 'CR-EP-585', qty: 1 }], { user_id: '9602', cart_id: cartId }), own)).status).toBe(200);
    expect((await apply(cartId, [{ op_id: opId(), type: 'add', sku: 'CR-EP-585', qty: 1 }], own)).status).toBe(404);
  });

  it('keeps a line another device adds while an order is placed in the open cart, once', async () => {
    const auth = customerAuth(server, '9604');
    const cartId = await newCart(server, auth);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 }, auth);
    const nuts = { op_id: opId(), type: 'add', sku: 'VX-SDS36-K4', qty: 4 };
    const [placed, added] = await Promise.all([
      server.request('POST', '/api/order', orderBody(`race-${Date.now()}`, [{ sku: 'CR-EP-585', qty: 1 }], { user_id: '9604', cart_id: cartId }), auth),
      apply(cartId, [nuts], auth),
    ]);
    expect(placed.status).toBe(200);
    const openId = await newCart(server, auth);
    // The order came first: the device sends the change again to the customer's open cart.
    if (added.status === 404) await apply(openId, [nuts], auth);
    expect(await quantities(openId, auth)).toEqual({ 'VX-SDS36-K4': 4 });
    const retried = await apply(openId, [nuts], auth);
    expect((retried.body.result as CartApplyReply).results[0]!.status).toBe('duplicate');
    expect(await quantities(openId, auth)).toEqual({ 'VX-SDS36-K4': 4 });
  });
});
