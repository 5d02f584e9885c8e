import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ID_MESSAGES } from '../../schemas/api/order-id';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, saleableSkus } from '../reliability/helpers/shop-fixtures';

/**
 * An order number and a client's order id can never be confused (issue: a guest who picked the next
 * order number as their order id was what staff opened, shipped and mailed when they looked that
 * number up, since lookups matched either column and preferred the order id).
 */
let server: TestServer;
let admin: Record<string, string>;
let sku: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: `Bearer ${server.ctx.adminToken}` };
  [sku] = (await saleableSkus(server, 1)) as [string];
});
afterAll(async () => {
  await server?.close();
});

const nextNumber = (incrementId: string) => String(Number(incrementId) + 1).padStart(incrementId.length, '0');

describe('order numbers and order ids', () => {
  it('refuses a client order id of digits only, so the next order number cannot be taken as an id', async () => {
    const first = await placeOrder(server, orderPayload(`shape-first-${Date.now()}`, [sku], 'first.buyer@example.com'));
    const squatted = await server.request<string>('POST', '/api/order', orderPayload(nextNumber(first.increment_id), [sku], 'guest.squatter@example.com'));
    expect(squatted.status).toBe(400);
    expect(JSON.stringify(squatted.body)).toContain(ORDER_ID_MESSAGES.digitsOnly);
    expect(await server.ctx.db.query('select 1 from orders where order_id = $1', [nextNumber(first.increment_id)])).toEqual([]);
    const lookedUp = await server.request('GET', `/api/order/${nextNumber(first.increment_id)}`);
    expect(lookedUp.status).toBe(400);
  });

  it('looks an order up by its number or by its id, each in its own column: staff, tracking and status changes reach the same order', async () => {
    const email = 'real.buyer@example.com';
    const placed = await placeOrder(server, orderPayload(`shape-real-${Date.now()}`, [sku], email));
    expect(placed.increment_id).toMatch(/^\d+$/);
    for (const key of [placed.increment_id, placed.order_id]) {
      const found = await server.request<{ order_id: string }>('GET', `/api/admin/orders/${key}`, undefined, admin);
      expect(found.status).toBe(200);
      expect(found.body.result.order_id).toBe(placed.order_id);
    }
    const tracked = await server.request<{ order: { order_id: string } }>('GET', `/api/ext/order-tracking?orderNumber=${placed.increment_id}&email=${encodeURIComponent(email)}`);
    expect(tracked.body.result.order.order_id).toBe(placed.order_id);
    const processing = await server.request<{ status: string; order_id: string }>('POST', `/api/admin/orders/${placed.increment_id}/status`, { status: 'processing' }, admin);
    expect(processing.status).toBe(200);
    expect(processing.body.result.order_id).toBe(placed.order_id);
  });
});
