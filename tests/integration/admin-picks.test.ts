import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../../schemas/api/admin-picks';
import { ADMIN_TOKEN_REFUSED } from '../../server/admin/admin-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from '../reliability/helpers/shop-fixtures';
import { setStock, stockQty } from './cart-fixtures';
import { startReceiver, type Receiver } from './webhooks-receiver';

let server: TestServer;
let owner: Record<string, string>;
let customer: Customer;
let skus: string[];
let receiver: Receiver;
let seq = 0;
const nextId = (label: string) => `picks-${label}-${Date.now()}-${++seq}`;

interface Picks {
  order_id: string;
  change_seq: number;
  picks: { sku: string; picked: number }[];
}

const admin = <T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = owner) => server.request<T>(method, path, body, headers);
const tick = (orderId: string, body: Record<string, unknown>, key: string | undefined, headers: Record<string, string> = owner) =>
  admin<Picks>('POST', `/api/admin/orders/${orderId}/picks`, body, key === undefined ? headers : { ...headers, 'idempotency-key': key });
const bearerOf = async (scopes: string[]) => {
  const made = await admin<{ token: string }>('POST', '/api/admin/tokens', { name: `picks ${scopes.join(' ')}`, scopes });
  expect(made.status).toBe(200);
  return { authorization: `Bearer ${made.body.result.token}` };
};

/** An order of two units of the first sku and one of the second. */
async function order(): Promise<{ order_id: string; increment_id: string }> {
  const payload = orderPayload(nextId('order'), [], customer.email, {
    products: [
      { sku: skus[0], qty: 2 },
      { sku: skus[1], qty: 1 },
    ],
  });
  return placeOrder(server, payload, customer.bearer);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = { authorization: `Bearer ${server.ctx.adminToken}` };
  customer = await registerCustomer(server, `admin-picks-${Date.now()}@example.com`);
  skus = await saleableSkus(server, 2);
  for (const sku of skus) await setStock(server, sku, 1000);
  // An endpoint for status changes, so the outbox writes their events (with none, nothing is written).
  receiver = await startReceiver();
  expect((await admin('POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.status_changed'] })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('pick ticks', () => {
  it('counts ticks on the server, once per Idempotency-Key, and returns them with the order and in the feed', async () => {
    const placed = await order();
    const feedStart = (await admin<{ checkpoint: string }>('GET', `/api/admin/orders/feed?after=0&limit=500`)).body.result.checkpoint;
    const first = await tick(placed.order_id, { sku: skus[0] }, 'tick-a');
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({ order_id: placed.order_id, change_seq: expect.any(Number), picks: [{ sku: skus[0], picked: 1 }] });
    // The same tick again (a lost reply retried), also several at once: counted once.
    const retries = await Promise.all([1, 2, 3].map(() => tick(placed.order_id, { sku: skus[0] }, 'tick-a')));
    expect(retries.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(retries.map((r) => r.body.result)).toEqual([first.body.result, first.body.result, first.body.result]);
    // Another tablet's tick of the same line has its own key.
    const second = (await tick(placed.increment_id, { sku: skus[0], quantity: 1 }, 'tick-b')).body.result;
    expect(second.picks).toEqual([{ sku: skus[0], picked: 2 }]);
    expect(second.change_seq).toBeGreaterThan(first.body.result.change_seq);

    const detail = await admin<{ picks: Picks['picks'] }>('GET', `/api/admin/orders/${placed.increment_id}`);
    expect(detail.body.result.picks).toEqual([{ sku: skus[0], picked: 2 }]);
    const feed = await admin<{ items: (Picks & { status: string })[] }>('GET', `/api/admin/orders/feed?after=${feedStart}&limit=500`);
    expect(feed.body.result.items.filter((o) => o.order_id === placed.order_id).map((o) => [o.picks, o.change_seq])).toEqual([[[{ sku: skus[0], picked: 2 }], second.change_seq]]);
    const list = await admin<{ items: Picks[] }>('GET', `/api/admin/orders?email=${encodeURIComponent(customer.email)}&pageSize=200`);
    expect(list.body.result.items.find((o) => o.order_id === placed.order_id)?.picks).toEqual([{ sku: skus[0], picked: 2 }]);
  });

  it('refuses one unit too many, an item not on the order and an order that is no longer open, with the words the scanner uses', async () => {
    const placed = await order();
    expect((await tick(placed.order_id, { sku: skus[1] }, undefined)).status).toBe(200);
    const tooMany = await tick(placed.order_id, { sku: skus[1] }, 'too-many');
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.result).toMatch(/^One too many: all 1 of .+ are picked already\. Put it back\.$/);
    const twoAtOnce = await tick(placed.order_id, { sku: skus[0], quantity: 3 }, undefined);
    expect(twoAtOnce.status).toBe(409);
    const wrong = await tick(placed.order_id, { sku: 'NOT-ON-THE-ORDER' }, undefined);
    expect(wrong.status).toBe(422);
    expect(wrong.body.result).toBe(PICK_MESSAGES.wrongItem('NOT-ON-THE-ORDER'));
    for (const body of [{}, { sku: skus[0], quantity: 0 }, { sku: skus[0], quantity: 1.5 }, { sku: skus[0], extra: true }]) {
      expect((await tick(placed.order_id, body, undefined)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await tick('999999999', { sku: skus[0] }, undefined)).status).toBe(404);

    expect((await admin('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'cancelled' })).status).toBe(200);
    const closed = await tick(placed.order_id, { sku: skus[0] }, undefined);
    expect(closed.status).toBe(409);
    expect(closed.body.result).toBe(PICK_MESSAGES.notOpen('cancelled'));
    const rows = await server.ctx.db.query<{ sku: string; picked: number }>('select sku, picked from order_picks where order_id = $1', [placed.order_id]);
    expect(rows).toEqual([{ sku: skus[1], picked: 1 }]);
  });

  it('a tick sent again with its tick_id after its Idempotency-Key reply is gone is counted once, even on an order closed since', async () => {
    const placed = await order();
    const first = await tick(placed.order_id, { sku: skus[0], tick_id: 'tablet-tick-1' }, 'late-key-1');
    expect(first.body.result.picks).toEqual([{ sku: skus[0], picked: 1 }]);
    // The same tick days later: the key's kept reply has expired (another key stands for that here).
    const late = await tick(placed.order_id, { sku: skus[0], tick_id: 'tablet-tick-1' }, 'late-key-2');
    expect(late.status).toBe(200);
    expect(late.body.result).toEqual(first.body.result);
    expect((await tick(placed.order_id, { sku: skus[0] }, undefined)).body.result.picks).toEqual([{ sku: skus[0], picked: 2 }]);

    expect((await admin('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'cancelled' })).status).toBe(200);
    const afterCancel = await tick(placed.increment_id, { sku: skus[0], tick_id: 'tablet-tick-1' }, 'late-key-3');
    expect(afterCancel.status).toBe(200);
    expect(afterCancel.body.result.picks).toEqual([{ sku: skus[0], picked: 2 }]);

    // The same id for another tick is refused, and changes nothing.
    const other = await order();
    for (const [orderId, body] of [
      [other.order_id, { sku: skus[0], tick_id: 'tablet-tick-1' }],
      [placed.order_id, { sku: skus[1], tick_id: 'tablet-tick-1' }],
      [placed.order_id, { sku: skus[0], quantity: 2, tick_id: 'tablet-tick-1' }],
    ] as const) {
      const reused = await tick(orderId, body, undefined);
      expect(reused.status, JSON.stringify(body)).toBe(422);
      expect(reused.body.result).toBe(PICK_MESSAGES.tickReused);
    }
    expect((await admin<{ picks: Picks['picks'] }>('GET', `/api/admin/orders/${other.order_id}`)).body.result.picks).toEqual([]);
    for (const tick_id of ['', 'has space', 'x'.repeat(256)]) expect((await tick(other.order_id, { sku: skus[0], tick_id }, undefined)).status, tick_id).toBe(400);
  });

  it('two tablets ticking the last unit at once (different keys): one is counted, the other refused as one too many', async () => {
    const placed = await order();
    const both = await Promise.all([tick(placed.order_id, { sku: skus[1] }, 'tablet-1-last'), tick(placed.order_id, { sku: skus[1] }, 'tablet-2-last')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await admin<{ picks: Picks['picks'] }>('GET', `/api/admin/orders/${placed.order_id}`)).body.result.picks).toEqual([{ sku: skus[1], picked: 1 }]);
  });

  it('is in the API description: the tick\'s body, and return_stock on the status change', async () => {
    type Op = { summary: string; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    const doc = (await fetch(`${server.url}/api/openapi.json`).then((r) => r.json())) as { paths: Record<string, Record<string, Op>> };
    const body = (op: Op | undefined) => Object.keys(op?.requestBody.content['application/json']?.schema.properties ?? {}).sort();
    expect(body(doc.paths['/api/admin/orders/{orderId}/picks']?.post)).toEqual(['quantity', 'sku', 'tick_id']);
    expect(body(doc.paths['/api/admin/orders/{orderId}/status']?.post)).toContain('return_stock');
    expect(doc.paths['/api/admin/orders/{orderId}/status']?.post?.summary).toContain('return_stock is false');
  });

  it('needs the orders:write scope of a live admin token; a customer token and none are refused', async () => {
    const placed = await order();
    const reader = await bearerOf(['orders:read']);
    const refused = await tick(placed.order_id, { sku: skus[0] }, undefined, reader);
    expect(refused.status).toBe(403);
    expect(refused.body.result).toBe('This admin token does not have the "orders:write" scope.');
    const asCustomer = await tick(placed.order_id, { sku: skus[0] }, undefined, customer.bearer);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.result).toBe(ADMIN_TOKEN_REFUSED);
    expect((await tick(placed.order_id, { sku: skus[0] }, undefined, {})).status).toBe(401);
    const packer = await bearerOf(['orders:read', 'orders:write']);
    expect((await tick(placed.order_id, { sku: skus[0] }, 'packer-tick', packer)).status).toBe(200);
    expect(await server.ctx.db.query('select sku, picked from order_picks where order_id = $1', [placed.order_id])).toEqual([{ sku: skus[0], picked: 1 }]);
  });
});

describe('cancelling with the stock-return question', () => {
  const cancel = (orderId: string, body: Record<string, unknown>) => admin<{ status: string }>('POST', `/api/admin/orders/${orderId}/status`, { status: 'cancelled', ...body });

  it('return_stock false leaves the stock as it is; true (and left out) puts the units back', async () => {
    const before = [await stockQty(server, skus[0]!), await stockQty(server, skus[1]!)];
    const kept = await order();
    expect((await cancel(kept.order_id, { return_stock: false })).status).toBe(200);
    expect([await stockQty(server, skus[0]!), await stockQty(server, skus[1]!)]).toEqual([before[0]! - 2, before[1]! - 1]);

    const returned = await order();
    expect((await cancel(returned.order_id, { return_stock: true })).status).toBe(200);
    expect([await stockQty(server, skus[0]!), await stockQty(server, skus[1]!)]).toEqual([before[0]! - 2, before[1]! - 1]);

    const asBefore = await order();
    expect((await cancel(asBefore.order_id, {})).status).toBe(200);
    expect([await stockQty(server, skus[0]!), await stockQty(server, skus[1]!)]).toEqual([before[0]! - 2, before[1]! - 1]);

    // The webhook event says which it was, so a warehouse system can follow the shelf.
    const said = async (orderId: string) =>
      (await server.ctx.db.query<{ returned: boolean | null }>(
        "select (data->'stock_returned')::boolean as returned from webhook_events where type = 'order.status_changed' and data->'order'->>'order_id' = $1",
        [orderId],
      )).map((e) => e.returned);
    expect([await said(kept.order_id), await said(returned.order_id), await said(asBefore.order_id)]).toEqual([[false], [true], [true]]);
  });

  it('refuses return_stock on any change but a cancellation, and a value that is not true or false', async () => {
    const placed = await order();
    const onPacking = await admin<string>('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'processing', return_stock: false });
    expect(onPacking.status).toBe(400);
    expect(onPacking.body.result).toContain('return_stock belongs to a "cancelled" change only.');
    expect((await cancel(placed.order_id, { return_stock: 'no' })).status).toBe(400);
  });
});
