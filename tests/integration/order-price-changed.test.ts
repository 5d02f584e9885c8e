import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import { ORDER_MESSAGES, PRICE_CHANGED, type OrderReply, type PriceChangedMeta } from '../../schemas/api/order';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, dbState, newCart, orderBody, setStock, stockQty } from './cart-fixtures';

/**
 * The grand total the shopper confirmed travels with the order (DESIGN "Screens follow the replica"):
 * the server refuses an order it would charge differently, says what it costs now, and places the
 * order once when it comes again, under the same order_id, with the new total.
 */
let server: TestServer;
let admin: Record<string, string>;
let seq = 0;
const SKU = 'CR-EP-585';
const nextId = (label: string) => `test-${label}-${Date.now()}-${++seq}`;
const place = (body: Record<string, unknown>) => server.request<OrderReply | string>('POST', '/api/order', body);
const setPrice = async (price: number) => {
  const reply = await server.raw('POST', '/api/catalog/import', `sku,price\n${SKU},${price}\n`, { ...admin, 'content-type': 'text/csv; charset=utf-8' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

/** What the shop would charge for `qty` of the product now, as the review step would show it. */
async function currentTotal(qty: number): Promise<TotalsReply> {
  const cartId = await newCart(server);
  await addItem(server, cartId, { sku: SKU, qty });
  return (await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${cartId}`)).body.result;
}

const ordersWithId = async (orderId: string) => Number((await server.ctx.db.query<{ n: number }>('select count(*)::int as n from orders where order_id = $1', [orderId]))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  admin = { authorization: `Bearer ${server.ctx.adminToken}` };
  await setStock(server, SKU, 50);
});
afterAll(async () => server?.close());

describe('an order confirmed at a price that has changed', () => {
  it('is refused with the new totals, storing nothing; sent again with the new total under the same id it is placed once', async () => {
    await setPrice(31.99);
    const confirmed = await currentTotal(2);
    await setPrice(45.5);
    const now = await currentTotal(2);
    expect(now.grand_total).toBeGreaterThan(confirmed.grand_total + 1);

    const orderId = nextId('repriced');
    const body = orderBody(orderId, [{ sku: SKU, qty: 2 }], { grand_total: confirmed.grand_total });
    const before = await dbState(server);
    const stock = await stockQty(server, SKU);
    const refused = await place(body);
    expect(refused.status).toBe(409);
    expect(refused.body.result).toBe(ORDER_MESSAGES.priceChanged);
    const meta = refused.body.meta as unknown as PriceChangedMeta;
    expect(meta).toMatchObject({ reason: PRICE_CHANGED, grand_total: now.grand_total, confirmed_grand_total: confirmed.grand_total });
    expect(meta.totals).toMatchObject({ grand_total: now.grand_total, subtotal_incl_tax: now.subtotal_incl_tax, tax_amount: now.tax_amount });
    expect(meta.totals.items.map((i) => [i.sku, i.qty, i.price_incl_tax])).toEqual([[SKU, 2, now.items[0]!.price_incl_tax]]);
    expect(await dbState(server)).toEqual(before);
    expect(await stockQty(server, SKU)).toBe(stock);

    // The refusal stored nothing under the id, so the re-confirmed order is placed under it; a retry
    // (with either total) is answered from the stored order.
    const placed = await place({ ...body, grand_total: meta.grand_total });
    expect(placed.status).toBe(200);
    expect((placed.body.result as OrderReply).grand_total).toBe(now.grand_total);
    expect(await ordersWithId(orderId)).toBe(1);
    expect(await stockQty(server, SKU)).toBe(stock! - 2);
    expect((await place({ ...body, grand_total: meta.grand_total, transmited: true })).body).toEqual(placed.body);
    expect((await place(body)).body).toEqual(placed.body);
    expect(await ordersWithId(orderId)).toBe(1);
    expect(await stockQty(server, SKU)).toBe(stock! - 2);
  });

  it('accepts a confirmed total within a penny of the charged one, and an order without one', async () => {
    await setPrice(12.34);
    const { grand_total: total } = await currentTotal(1);
    for (const given of [total + 0.01, total - 0.01, total]) {
      const reply = await place(orderBody(nextId('penny'), [{ sku: SKU, qty: 1 }], { grand_total: Math.round(given * 100) / 100 }));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect((reply.body.result as OrderReply).grand_total).toBe(total);
    }
    expect((await place(orderBody(nextId('no-total'), [{ sku: SKU, qty: 1 }]))).status).toBe(200);
    const twoPence = await place(orderBody(nextId('two-pence'), [{ sku: SKU, qty: 1 }], { grand_total: Math.round((total + 0.02) * 100) / 100 }));
    expect(twoPence.status).toBe(409);
  });

  it.each([
    ['a text', '16.94', 'grand_total: must be a number of pounds, such as 16.94'],
    ['a negative amount', -1, 'grand_total: must not be negative'],
  ])('refuses %s as the confirmed total (400)', async (_name, given, message) => {
    const before = await dbState(server);
    const reply = await place(orderBody(nextId('bad-total'), [{ sku: SKU, qty: 1 }], { grand_total: given }));
    expect(reply.body).toEqual({ code: 400, result: message });
    expect(await dbState(server)).toEqual(before);
  });
});

describe('the API description', () => {
  it('documents the confirmed total and the 409 that refuses an out-of-date one', async () => {
    const doc = (await fetch(`${server.url}/api/openapi.json`).then((r) => r.json())) as { paths: Record<string, Record<string, { summary: string; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>> };
    const op = doc.paths['/api/order']!.post!;
    expect(op.requestBody.content['application/json']!.schema.properties.grand_total).toMatchObject({ type: 'number', minimum: 0 });
    expect(op.summary).toContain(ORDER_MESSAGES.priceChanged);
    expect(op.summary).toContain(PRICE_CHANGED);
  });
});
