import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { customerAuth, ensureCustomers, orderBody, setStock, stockQty } from './cart-fixtures';

/**
 * Exactly-once orders and no overselling under real parallel requests. On PostgreSQL
 * (TEST_DATABASE_URL) these are concurrent transactions on several pooled connections.
 */
let server: TestServer;
const place = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.request<Record<string, unknown>>('POST', '/api/order', body, headers);

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9501'], 0);
});
afterAll(async () => {
  await server?.close();
});

describe('parallel submissions', () => {
  it('50 parallel submissions of one order_id make exactly one order, all with the same reply', async () => {
    await setStock(server, 'CR-EP-585', 30);
    const body = orderBody(`burst-${Date.now()}`, [{ sku: 'CR-EP-585', qty: 3 }, { sku: 'WS-4-40-YP', qty: 10 }], { user_id: '9501' });
    const screws = await stockQty(server, 'WS-4-40-YP');
    const auth = customerAuth(server, '9501', 0);
    const replies = await Promise.all(Array.from({ length: 50 }, () => place(body, auth)));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const first = replies[0]!.body;
    for (const reply of replies) expect(reply.body).toEqual(first);
    const rows = await server.ctx.db.query('select order_id from orders where order_id = $1', [body.order_id]);
    expect(rows).toHaveLength(1);
    expect(await server.ctx.db.query('select status from order_status_history where order_id = $1', [body.order_id])).toHaveLength(1);
    expect(await stockQty(server, 'CR-EP-585')).toBe(27);
    expect(await stockQty(server, 'WS-4-40-YP')).toBe(screws! - 10);
  });

  it('20 parallel orders for the last 5 units: 5 placed, 15 refused, stock exactly 0', async () => {
    await setStock(server, 'HT-SL-600-DG', 5);
    const prefix = `last5-${Date.now()}`;
    const bodies = Array.from({ length: 20 }, (_, i) => orderBody(`${prefix}-${i}`, [{ sku: 'HT-SL-600-DG', qty: 1 }]));
    const replies = await Promise.all(bodies.map((b) => place(b)));
    const placed = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body).toEqual({ code: 409, result: 'Some of the ordered products are not available!', meta: { skus: ['HT-SL-600-DG'] } });
    expect(await stockQty(server, 'HT-SL-600-DG')).toBe(0);
    const rows = await server.ctx.db.query<{ n: number }>("select count(*)::integer as n from orders where order_id like $1", [`${prefix}-%`]);
    expect(rows[0]?.n).toBe(5);
    const check = await server.request<Record<string, unknown>>('GET', '/api/stock/check?sku=HT-SL-600-DG');
    expect(check.body.result).toMatchObject({ qty: 0, is_in_stock: false });
  });

  it('orders that each take several products never deadlock and never oversell', async () => {
    await setStock(server, 'CR-EP-585', 6);
    await setStock(server, 'VX-SDS36-K4', 6);
    const prefix = `pairs-${Date.now()}`;
    // Lines in opposite orders: the stock rows are still locked in one order.
    const bodies = Array.from({ length: 12 }, (_, i) =>
      orderBody(`${prefix}-${i}`, i % 2 ? [{ sku: 'CR-EP-585', qty: 1 }, { sku: 'VX-SDS36-K4', qty: 1 }] : [{ sku: 'VX-SDS36-K4', qty: 1 }, { sku: 'CR-EP-585', qty: 1 }]),
    );
    const replies = await Promise.all(bodies.map((b) => place(b)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(6);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(6);
    expect(await stockQty(server, 'CR-EP-585')).toBe(0);
    expect(await stockQty(server, 'VX-SDS36-K4')).toBe(0);
  });
});
