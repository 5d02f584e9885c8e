import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import { loadConfig } from '../../server/config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder } from '../reliability/helpers/shop-fixtures';
import { addItem, newCart } from './cart-fixtures';

/** A shop configured with free delivery from £60 excl. VAT (FREE_DELIVERY_FROM=60). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ freeDeliveryFromPence: 6000 });
});
afterAll(async () => {
  await server?.close();
});

const totalsOf = async (cartId: string) => (await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${cartId}`)).body.result;

describe('free delivery from a configured threshold', () => {
  it('reads FREE_DELIVERY_FROM in pounds, and refuses what is not an amount', () => {
    expect(loadConfig({ FREE_DELIVERY_FROM: '60' }).freeDeliveryFromPence).toBe(6000);
    expect(loadConfig({ FREE_DELIVERY_FROM: '59.5' }).freeDeliveryFromPence).toBe(5950);
    expect(loadConfig({}).freeDeliveryFromPence).toBeNull();
    expect(() => loadConfig({ FREE_DELIVERY_FROM: 'sixty' })).toThrow(/FREE_DELIVERY_FROM/);
    expect(() => loadConfig({ FREE_DELIVERY_FROM: '0' })).toThrow(/FREE_DELIVERY_FROM/);
  });

  it('charges the flat rate below it and nothing from it; the totals carry the threshold and the stored order agrees', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 10 }); // tier 10+: 4.85 → 48.50
    const below = await totalsOf(cartId);
    expect(below).toMatchObject({ subtotal: 48.5, shipping_amount: 4, shipping_incl_tax: 5, free_delivery_from: 60 });
    await addItem(server, cartId, { sku: 'DB-PZ2-25-10', qty: 3 }); // special 4.16 → 12.48; 60.98 in all
    const from = await totalsOf(cartId);
    expect(from).toMatchObject({ subtotal: 60.98, shipping_amount: 0, shipping_incl_tax: 0, free_delivery_from: 60 });
    // 48.50 + 12.48 = 60.98 excl.; VAT 9.70 + 2.50 (2.496) = 12.20; nothing for delivery.
    expect(from.grand_total).toBe(73.18);

    const payload = orderPayload(`free-delivery-${Date.now()}`, [], 'free.delivery@example.com', { grand_total: from.grand_total });
    payload.products = [{ sku: 'WS-4-40-YP', qty: 10 }, { sku: 'DB-PZ2-25-10', qty: 3 }];
    const placed = await placeOrder(server, payload);
    const [row] = await server.ctx.db.query<{ doc: Record<string, unknown> }>('select doc from orders where order_id = $1', [placed.order_id]);
    expect(row!.doc).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, grand_total: 73.18 });
  });
});
