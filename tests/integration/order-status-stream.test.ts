import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOrderChange } from '../../server/order/order-changes';
import { openSse, type SseConnection } from '../helpers/sse';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from '../reliability/helpers/shop-fixtures';

/**
 * An order's status changes reach the shopper: the public change stream names the order only by a
 * digest of its id, and the order history and tracking carry each status with its time and shipment.
 */
let server: TestServer;
let customer: Customer;
let sku: string;
let owner: Record<string, string>;
let seq = 0;
const nextId = () => `status-stream-${Date.now()}-${++seq}`;
/** Worked out here independently of the server's helper: first 24 hex digits of SHA-256 of the order_id. */
const refOf = (orderId: string) => createHash('sha256').update(orderId).digest('hex').slice(0, 24);

interface HistoryOrder {
  order_id: string;
  status: string;
  status_changed_at: string;
  status_history: { status: string; comment: string | null; carrier: string | null; tracking_number: string | null; created_at: string }[];
}

const setStatus = (orderId: string, body: Record<string, unknown>) => server.request('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/status`, body, owner);

beforeAll(async () => {
  server = await startTestServer();
  owner = { authorization: `Bearer ${server.ctx.adminToken}` };
  customer = await registerCustomer(server, `status-stream-${Date.now()}@example.com`);
  sku = (await saleableSkus(server, 1))[0]!;
});
afterAll(async () => {
  await server?.close();
});

async function openStream(): Promise<{ stream: SseConnection; raw: () => string }> {
  const stream = await openSse(`${server.url}/api/catalog/stream`);
  await stream.waitFor((e) => e.event === 'ready');
  return { stream, raw: () => JSON.stringify(stream.events) };
}

describe('order events on the change stream', () => {
  it('carries {ref, status} for a placed order and for each status change, never its id or the customer', async () => {
    const a = await openStream();
    const b = await openStream();
    try {
      const orderId = nextId();
      const placed = await placeOrder(server, orderPayload(orderId, [sku], customer.email), customer.bearer);
      const pending = await a.stream.waitFor((e) => e.event === 'order' && (e.data as { ref: string }).ref === refOf(orderId));
      expect(pending.data).toEqual({ ref: refOf(orderId), status: 'pending' });

      expect((await setStatus(orderId, { status: 'processing', comment: 'Picking' })).status).toBe(200);
      const processing = await a.stream.waitFor((e) => e.event === 'order' && (e.data as { status: string }).status === 'processing', 2000);
      expect(processing.data).toEqual({ ref: refOf(orderId), status: 'processing' });
      // Every connection hears it (one LISTEN shared by all of them).
      await b.stream.waitFor((e) => e.event === 'order' && (e.data as { status: string }).status === 'processing', 2000);

      for (const text of [a.raw(), b.raw()]) {
        expect(text).not.toContain(orderId);
        expect(text).not.toContain(placed.increment_id);
        expect(text).not.toContain(customer.email);
      }
    } finally {
      a.stream.close();
      b.stream.close();
    }
  });

  it('passes on only the ref and status of a notification, and drops one that is not an order signal', async () => {
    const { stream } = await openStream();
    try {
      const orderId = nextId();
      await placeOrder(server, orderPayload(orderId, [sku], customer.email), customer.bearer);
      await stream.waitFor((e) => e.event === 'order' && (e.data as { ref: string }).ref === refOf(orderId));
      const channel = server.ctx.db.channel('order_changes');
      await server.ctx.db.query('select pg_notify($1, $2)', [channel, JSON.stringify({ ref: refOf(orderId), status: 'processing', order_id: orderId, email: customer.email })]);
      await server.ctx.db.query('select pg_notify($1, $2)', [channel, JSON.stringify({ ref: orderId, status: 'shipped' })]);
      await server.ctx.db.query('select pg_notify($1, $2)', [channel, 'not json']);
      // A change made the way every order change is made, last: the stream is in order, so the ones above have been handled.
      await server.ctx.db.transaction((tx) => recordOrderChange(tx, server.ctx.db, orderId, 'delivered'));
      await stream.waitFor((e) => e.event === 'order' && (e.data as { status: string }).status === 'delivered');
      const orders = stream.events.filter((e) => e.event === 'order' && (e.data as { ref: string }).ref === refOf(orderId)).map((e) => e.data);
      expect(orders).toEqual([
        { ref: refOf(orderId), status: 'pending' },
        { ref: refOf(orderId), status: 'processing' },
        { ref: refOf(orderId), status: 'delivered' },
      ]);
      expect(JSON.stringify(stream.events)).not.toContain(orderId);
    } finally {
      stream.close();
    }
  });
});

describe('status with its time in order history and tracking', () => {
  it('shows the current status, when it was taken, and the shipment on the shipped entry', async () => {
    const orderId = nextId();
    const placed = await placeOrder(server, orderPayload(orderId, [sku], customer.email), customer.bearer);
    const before = await server.request<{ items: HistoryOrder[] }>('GET', '/api/user/order-history', undefined, customer.bearer);
    const fresh = before.body.result.items.find((o) => o.order_id === orderId)!;
    expect(fresh.status).toBe('pending');
    expect(fresh.status_history).toEqual([{ status: 'pending', comment: 'Order placed', carrier: null, tracking_number: null, created_at: fresh.status_changed_at }]);

    expect((await setStatus(orderId, { status: 'processing' })).status).toBe(200);
    expect((await setStatus(orderId, { status: 'shipped', comment: 'On its way', carrier: 'DPD', tracking_number: '15501234567890' })).status).toBe(200);
    const after = await server.request<{ items: HistoryOrder[] }>('GET', '/api/user/order-history', undefined, customer.bearer);
    const shipped = after.body.result.items.find((o) => o.order_id === orderId)!;
    expect(shipped.status).toBe('shipped');
    expect(shipped.status_history.map((e) => [e.status, e.carrier, e.tracking_number])).toEqual([
      ['pending', null, null],
      ['processing', null, null],
      ['shipped', 'DPD', '15501234567890'],
    ]);
    expect(shipped.status_changed_at).toBe(shipped.status_history[2]!.created_at);
    expect(Date.parse(shipped.status_changed_at)).toBeGreaterThan(Date.parse(fresh.status_changed_at));

    const tracking = await server.request<{ order: { status: string; status_changed_at: string }; items: HistoryOrder['status_history'] }>(
      'GET',
      `/api/ext/order-tracking?orderNumber=${placed.increment_id}&email=${encodeURIComponent(customer.email)}`,
    );
    expect(tracking.body.result.order).toMatchObject({ status: 'shipped', status_changed_at: shipped.status_changed_at });
    expect(tracking.body.result.items.at(-1)).toMatchObject({ status: 'shipped', comment: 'On its way', carrier: 'DPD', tracking_number: '15501234567890' });
  });
});
