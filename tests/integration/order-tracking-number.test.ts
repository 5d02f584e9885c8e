import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, saleableSkus } from '../reliability/helpers/shop-fixtures';

/** A shopper types the order number as they read it: "1005", "#1005" or "000001005" all find it. */
let server: TestServer;
let sku: string;
beforeAll(async () => {
  server = await startTestServer();
  [sku] = (await saleableSkus(server, 1)) as [string];
});
afterAll(async () => {
  await server?.close();
});

const track = (orderNumber: string, email: string) =>
  server.request<{ order: { order_id: string; increment_id: string } }>('GET', `/api/ext/order-tracking?orderNumber=${encodeURIComponent(orderNumber)}&email=${encodeURIComponent(email)}`);

describe('order tracking by number', () => {
  it('finds the order with or without its leading zeros, and still not with another e-mail', async () => {
    const email = 'zeros.buyer@example.com';
    const placed = await placeOrder(server, orderPayload(`tracking-zeros-${Date.now()}`, [sku], email));
    expect(placed.increment_id).toMatch(/^0+\d+$/);
    const bare = String(Number(placed.increment_id));
    for (const typed of [placed.increment_id, bare, `#${bare}`, ` ${bare} `, `0${placed.increment_id}`]) {
      const reply = await track(typed, email);
      expect(reply.status, typed).toBe(200);
      expect(reply.body.result.order.order_id).toBe(placed.order_id);
    }
    expect((await track(bare, 'someone.else@example.com')).status).toBe(404);
    expect((await track(String(Number(bare) + 100_000), email)).status).toBe(404);
  });
});
