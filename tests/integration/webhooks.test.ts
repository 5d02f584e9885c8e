import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../schemas/api/webhooks';
import { createAdminToken, revokeAdminToken } from '../../server/admin/admin-tokens';
import type { WebhookSettings } from '../../server/webhooks/webhook-settings';
import { newWebhookSecret } from '../../server/webhooks/webhook-signature';
import { parseAllowedHosts } from '../../server/webhooks/webhook-destination';
import { freePort } from '../helpers/spawn-server';
import { scaled } from '../helpers/time-limits';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus } from '../reliability/helpers/shop-fixtures';
import { setStock } from './cart-fixtures';
import { startReceiver, type Behaviour, type Receiver, type ReceivedRequest } from './webhooks-receiver';
import { until } from '../helpers/wait-until';
import { toApiOrder } from '../../server/order/api-order';
import { findOrder } from '../../server/user/order-history-query';

/** Seconds become milliseconds: a receiver that hangs is given up on after 0.5 s, retries follow within 0.2 s. */
const FAST_WEBHOOKS: WebhookSettings = { retryBaseMs: 50, retryMaxMs: 200, retryForMs: 60_000, timeoutMs: 500, leaseMs: 2_000, pollMs: 200, allowedHosts: parseAllowedHosts('127.0.0.1') };

let server: TestServer;
let receiver: Receiver;
let admin: Record<string, string>;
let endpoint: WebhookEndpoint & { secret: string };
let skus: string[];
let seq = 0;

interface DeliveryList {
  items: WebhookDelivery[];
  total_count: number;
}

async function addEndpoint(on: TestServer, body: Record<string, unknown>): Promise<WebhookEndpoint & { secret: string }> {
  const reply = await on.request<WebhookEndpoint & { secret: string }>('POST', '/api/admin/webhooks', body, { authorization: `Bearer ${on.ctx.adminToken}` });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.result;
}

async function deliveries(on: TestServer, query: string): Promise<DeliveryList> {
  const reply = await on.request<DeliveryList>('GET', `/api/admin/webhooks/deliveries?${query}`, undefined, { authorization: `Bearer ${on.ctx.adminToken}` });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.result;
}

const order = (on: TestServer, products: { sku: string; qty: number }[]) => {
  const orderId = `webhook-order-${Date.now()}-${++seq}`;
  return placeOrder(on, { ...orderPayload(orderId, [], 'webhook.buyer@example.com'), products });
};

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as { id: string; type: string; created_at: string; data: Record<string, unknown> };

beforeAll(async () => {
  server = await startTestServer({ webhooks: FAST_WEBHOOKS });
  receiver = await startReceiver();
  admin = { authorization: `Bearer ${server.ctx.adminToken}` };
  endpoint = await addEndpoint(server, { url: receiver.url, description: 'ERP order import' });
  skus = await saleableSkus(server, 3);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('webhook delivery', () => {
  it('gives the new endpoint a Standard Webhooks secret once, and never lists it', async () => {
    expect(endpoint).toMatchObject({ url: receiver.url, event_types: null, description: 'ERP order import', disabled_at: null });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await server.request<WebhookEndpoint[]>('GET', '/api/admin/webhooks', undefined, admin);
    expect(listed.body.result).toContainEqual({ id: endpoint.id, url: receiver.url, event_types: null, description: 'ERP order import', created_at: endpoint.created_at, disabled_at: null });
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret.slice(6, 30));
  });

  const failures: [Behaviour[], RegExp][] = [
    // The status and its reason only: what the receiver wrote is not shown back to whoever reads the deliveries.
    [['hang', 'drop', 'fail'], /^HTTP 500 Internal Server Error$/],
    [['fail', 'drop', 'hang'], /^no reply within 0\.5 s$/],
    [['fail', 'hang', 'drop'], /^connection failed: \w+/],
  ];
  for (const [plan, lastError] of failures) {
    it(`delivers an order placed once through ${plan.join(', ')}, signed, and lists the attempts and the last error`, async () => {
      receiver.plan(plan);
      const before = receiver.requests.length;
      const placed = await order(server, [{ sku: skus[0]!, qty: 1 }]);
      await receiver.waitFor('the order acknowledged', () => receiver.requests.slice(before).some((r) => r.acknowledged));

      const mine = receiver.requests.slice(before);
      const id = mine[0]!.id;
      expect(id).toMatch(/^evt_[0-9a-f-]{36}$/);
      // One event id through every attempt: the receiver de-duplicates on it.
      expect(mine.map((r) => [r.id, r.behaviour])).toEqual([...plan, 'ok'].map((b) => [id, b]));
      for (const request of mine) {
        expect(receiver.verifies(request, endpoint.secret), 'signature').toBe(true);
        expect(request.contentType).toBe('application/json');
        expect(request.userAgent).toMatch(/\S/);
        expect(Math.abs(Number(request.timestamp) - Date.now() / 1000)).toBeLessThan(60);
      }
      const body = bodyOf(mine.at(-1)!);
      expect(body).toMatchObject({ id, type: 'order.placed', data: { order: { order_id: placed.order_id, increment_id: placed.increment_id, status: 'pending' } } });
      expect(Date.parse(body.created_at)).not.toBeNaN();

      const listed = await until('the delivery recorded', () => deliveries(server, `event_id=${id}`), (l) => l.items[0]?.status === 'delivered');
      expect(listed.total_count).toBe(1);
      expect(listed.items[0]).toMatchObject({ event_id: id, event_type: 'order.placed', endpoint_id: endpoint.id, url: receiver.url, attempts: 4, last_status: 200, next_attempt_at: null, failed_at: null });
      expect(listed.items[0]!.last_error).toMatch(lastError);
      expect(listed.items[0]!.delivered_at).not.toBeNull();
    });
  }

  // The payload is built from what the placement wrote, not read back: it must be the stored order.
  for (const [kind, extra] of [
    ['a guest order', {}],
    ['an order that creates its account', { createAccount: { password: 'Webhook-payload-1', firstname: 'Pay', lastname: 'Load' } }],
  ] as const) {
    it(`sends ${kind} as the order API gives it from the database`, async () => {
      const before = receiver.requests.length;
      const orderId = `webhook-payload-${Date.now()}-${++seq}`;
      const email = `payload.${seq}.${Date.now()}@example.com`;
      await placeOrder(server, { ...orderPayload(orderId, [skus[1]!], email), ...extra });
      await receiver.waitFor('the order delivered', () => receiver.requests.slice(before).some((r) => r.acknowledged && r.body.includes(orderId)));
      const sent = bodyOf(receiver.requests.slice(before).find((r) => r.body.includes(orderId))!);
      const stored = toApiOrder((await findOrder(server.ctx.db, orderId))!);
      expect(sent.data.order).toEqual(JSON.parse(JSON.stringify(stored)));
      if ('createAccount' in extra) expect(sent.data.order).toMatchObject({ customer_is_guest: false, customer_id: expect.stringMatching(/^\d+$/) });
    });
  }

  it('signatures fail with another secret or a changed body', () => {
    const delivered = receiver.requests.find((r) => r.acknowledged)!;
    expect(receiver.verifies(delivered, endpoint.secret)).toBe(true);
    expect(receiver.verifies(delivered, newWebhookSecret())).toBe(false);
    expect(receiver.verifies({ ...delivered, body: delivered.body.replace('"pending"', '"shipped"') }, endpoint.secret)).toBe(false);
    expect(receiver.verifies({ ...delivered, id: `${delivered.id}x` }, endpoint.secret)).toBe(false);
  });

  it('delivers each of several orders placed together exactly once', async () => {
    receiver.plan([]);
    const before = receiver.requests.length;
    const placed = await Promise.all(Array.from({ length: 6 }, (_, i) => order(server, [{ sku: skus[i % 2]!, qty: 1 }])));
    const wanted = new Set(placed.map((p) => p.order_id));
    const orderOf = (r: ReceivedRequest) => (bodyOf(r).data.order as { order_id: string }).order_id;
    await receiver.waitFor('every order acknowledged', () => receiver.requests.slice(before).filter((r) => r.acknowledged && wanted.has(orderOf(r))).length >= wanted.size);
    const ids = receiver.requests.slice(before).filter((r) => wanted.has(orderOf(r))).map((r) => r.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
    // In all: one acknowledged id per order placed, never two.
    const acknowledged = receiver.requests.filter((r) => r.acknowledged && bodyOf(r).type === 'order.placed');
    expect(new Set(acknowledged.map((r) => r.id)).size).toBe(acknowledged.length);
    const [count] = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from webhook_events where type = 'order.placed'");
    expect(acknowledged).toHaveLength(count!.n);
  });
});

describe('order.status_changed', () => {
  it('is delivered, signed, with the previous and the new status and the shipment', async () => {
    receiver.plan([]);
    const placed = await order(server, [{ sku: skus[1]!, qty: 1 }]);
    for (const change of [{ status: 'processing' }, { status: 'shipped', carrier: 'DPD', tracking_number: '15501234567890' }]) {
      const reply = await server.request('POST', `/api/admin/orders/${placed.order_id}/status`, change, admin);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const changes = () => receiver.requests.filter((r) => r.acknowledged && bodyOf(r).type === 'order.status_changed' && (bodyOf(r).data.order as { order_id: string }).order_id === placed.order_id);
    await receiver.waitFor('both changes acknowledged', () => changes().length === 2);
    const bodies = changes()
      .map(bodyOf)
      .sort((x, y) => x.created_at.localeCompare(y.created_at));
    expect(bodies.map((b) => [b.data.previous_status, b.data.status])).toEqual([
      ['pending', 'processing'],
      ['processing', 'shipped'],
    ]);
    expect(bodies[1]!.data).toMatchObject({ carrier: 'DPD', tracking_number: '15501234567890', order: { status: 'shipped' } });
    expect(changes().every((r) => receiver.verifies(r, endpoint.secret))).toBe(true);
  });
});

describe('stock.low', () => {
  it('is sent once when an order takes a managed sku from above the threshold to at or below it, to the endpoints that take it', async () => {
    const lowReceiver = await startReceiver();
    try {
      const lowEndpoint = await addEndpoint(server, { url: lowReceiver.url, event_types: ['stock.low', 'stock.low'] });
      expect(lowEndpoint.event_types).toEqual(['stock.low']);
      const sku = skus[2]!;
      await setStock(server, sku, 7);
      await order(server, [{ sku, qty: 1 }]); // 6: above 5
      await order(server, [{ sku, qty: 2 }]); // 4: crosses
      await order(server, [{ sku, qty: 1 }]); // 3: already low, no second alert
      const events = await server.ctx.db.query<{ id: string; data: Record<string, unknown> }>("select id, data from webhook_events where type = 'stock.low' and data->>'sku' = $1", [sku]);
      expect(events.map((e) => e.data)).toEqual([{ sku, product_id: expect.anything(), qty: 4, threshold: 5 }]);

      await lowReceiver.waitFor('the stock.low event acknowledged', () => lowReceiver.acknowledgedIds().includes(events[0]!.id));
      // This endpoint takes stock.low only: the three orders are not sent to it.
      expect(lowReceiver.requests.map((r) => bodyOf(r).type)).toEqual(['stock.low']);
      expect(lowReceiver.verifies(lowReceiver.requests[0]!, lowEndpoint.secret)).toBe(true);
      expect(lowReceiver.verifies(lowReceiver.requests[0]!, endpoint.secret)).toBe(false);
      expect(bodyOf(lowReceiver.requests[0]!)).toMatchObject({ id: events[0]!.id, type: 'stock.low', data: { sku, qty: 4, threshold: 5 } });
      // The endpoint for every type gets it too.
      await receiver.waitFor('stock.low at the endpoint for all types', () => receiver.acknowledgedIds().includes(events[0]!.id));
    } finally {
      await lowReceiver.close();
    }
  });
});

describe('webhook admin routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/webhooks'],
    ['POST', '/api/admin/webhooks', { url: 'https://erp.example.com/hooks' }],
    ['DELETE', '/api/admin/webhooks/1'],
    ['GET', '/api/admin/webhooks/deliveries'],
    ['POST', '/api/admin/webhooks/deliveries/1/retry'],
  ];

  it('refuse no token (401), a customer token and a revoked admin token (403); a live admin token is let in', async () => {
    const customer = await registerCustomer(server, `webhook.customer.${Date.now()}@example.com`);
    const revoked = await createAdminToken(server.ctx.db, 'old integration');
    await revokeAdminToken(server.ctx.db, String(revoked.id));
    const live = await createAdminToken(server.ctx.db, 'webhook admin test');
    const endpointsBefore = (await server.ctx.db.query('select id from webhook_endpoints')).length;
    for (const [method, path, body] of routes) {
      expect((await server.request(method, path, body)).status, `${method} ${path} without a token`).toBe(401);
      expect((await server.request(method, path, body, customer.bearer)).status, `${method} ${path} with a customer's token`).toBe(403);
      expect((await server.request(method, path, body, { authorization: `Bearer ${revoked.token}` })).status, `${method} ${path} with a revoked admin token`).toBe(403);
    }
    expect(await server.ctx.db.query('select id from webhook_endpoints')).toHaveLength(endpointsBefore);
    expect((await server.request('GET', '/api/admin/webhooks', undefined, { authorization: `Bearer ${live.token}` })).status).toBe(200);
  });

  it('refuse URLs that are not absolute http(s) and unknown event types, naming the field', async () => {
    for (const url of ['ftp://erp.example.com/hooks', 'javascript:alert(1)', '/hooks/shop', 'erp.example.com/hooks', 'http://', 'https://erp.example.com/a b', '']) {
      const reply = await server.request('POST', '/api/admin/webhooks', { url }, admin);
      expect(reply.status, url).toBe(400);
      expect(reply.body.result, url).toMatch(/^url: Must be an absolute http:\/\/ or https:\/\/ URL/);
    }
    const unknownType = await server.request('POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.exploded'] }, admin);
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.result).toMatch(/^event_types\.0: Must be one of: order\.placed, order\.status_changed, stock\.low/);
    expect((await server.request('POST', '/api/admin/webhooks', { url: receiver.url, event_types: [] }, admin)).status).toBe(400);
    expect((await server.request('POST', '/api/admin/webhooks', { url: receiver.url, secret: 'mine' }, admin)).status).toBe(400);
    expect((await server.request('GET', '/api/admin/webhooks/deliveries?status=lost', undefined, admin)).status).toBe(400);
    expect((await server.request('DELETE', '/api/admin/webhooks/abc', undefined, admin)).status).toBe(400);
    expect((await server.request('DELETE', '/api/admin/webhooks/999999', undefined, admin)).status).toBe(404);
    expect((await server.request('POST', '/api/admin/webhooks/deliveries/999999/retry', undefined, admin)).status).toBe(404);
  });

  it('a disabled endpoint gets no new deliveries; a delivered one cannot be retried', async () => {
    const spare = await startReceiver();
    try {
      const extra = await addEndpoint(server, { url: spare.url, event_types: ['order.placed'] });
      const disabled = await server.request<WebhookEndpoint>('DELETE', `/api/admin/webhooks/${extra.id}`, undefined, admin);
      expect(disabled.status).toBe(200);
      expect(disabled.body.result.disabled_at).not.toBeNull();
      await order(server, [{ sku: skus[0]!, qty: 1 }]);
      expect((await deliveries(server, `endpoint_id=${extra.id}`)).total_count).toBe(0);
      const delivered = (await deliveries(server, `status=delivered&endpoint_id=${endpoint.id}&event_type=order.placed&pageSize=1`)).items[0]!;
      const retried = await server.request('POST', `/api/admin/webhooks/deliveries/${delivered.id}/retry`, undefined, admin);
      expect(retried.status).toBe(409);
      expect(spare.requests).toEqual([]);
    } finally {
      await spare.close();
    }
  });

  it('lists deliveries newest first with paging', async () => {
    const all = await deliveries(server, 'pageSize=200');
    expect(all.items.map((d) => d.id)).toEqual([...all.items.map((d) => d.id)].sort((a, b) => b - a));
    const second = await deliveries(server, 'pageSize=2&currentPage=2');
    expect(second.total_count).toBe(all.total_count);
    expect(second.items.map((d) => d.id)).toEqual(all.items.slice(2, 4).map((d) => d.id));
  });
});

describe('a receiver that never answers', () => {
  let short: TestServer;
  beforeAll(async () => {
    // At least three attempts fit in the period on a busy machine too (two did at load 12).
    short = await startTestServer({ webhooks: { ...FAST_WEBHOOKS, retryForMs: scaled(1_000) } });
  });
  afterAll(async () => {
    await short?.close();
  });

  it('is retried until the retry period has passed, then the delivery is failed; a retry sends it once more', async () => {
    const closedPort = await freePort();
    const dead = await addEndpoint(short, { url: `http://127.0.0.1:${closedPort}/hooks` });
    await order(short, [{ sku: skus[0]!, qty: 1 }]);
    const failed = await until('the delivery failed', () => deliveries(short, `endpoint_id=${dead.id}`), (l) => l.items[0]?.status === 'failed');
    const first = failed.items[0]!;
    expect(first.attempts).toBeGreaterThanOrEqual(3);
    expect(first).toMatchObject({ last_status: null, next_attempt_at: null, delivered_at: null });
    expect(first.last_error).toMatch(/^connection failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(Date.parse(first.failed_at!) - Date.parse(first.created_at)).toBeGreaterThanOrEqual(1_000);
    expect((await deliveries(short, 'status=failed')).items.map((d) => d.id)).toContain(first.id);
    expect((await deliveries(short, 'status=pending')).items.map((d) => d.id)).not.toContain(first.id);

    const retried = await short.request<WebhookDelivery>('POST', `/api/admin/webhooks/deliveries/${first.id}/retry`, undefined, { authorization: `Bearer ${short.ctx.adminToken}` });
    expect(retried.status).toBe(200);
    expect(retried.body.result).toMatchObject({ id: first.id, status: 'pending', failed_at: null });
    const again = await until('the retried delivery failed again', () => deliveries(short, `endpoint_id=${dead.id}`), (l) => l.items[0]?.status === 'failed');
    expect(again.items[0]!.attempts).toBe(first.attempts + 1);
  });
});

describe('receivers inside the network', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    // Nothing allowed: the shop as it runs by default.
    guarded = await startTestServer({ webhooks: { ...FAST_WEBHOOKS, retryForMs: 1_000, allowedHosts: parseAllowedHosts('') } });
  });
  afterAll(async () => {
    await guarded?.close();
  });
  const owner = () => ({ authorization: `Bearer ${guarded.ctx.adminToken}` });

  it('are refused when an endpoint is added: loopback, private and link-local addresses, and plain http', async () => {
    for (const [url, reason] of [
      ['https://169.254.169.254/latest/meta-data', /non-public address \(169\.254\.169\.254\)/],
      ['https://10.0.0.1/hooks', /non-public address \(10\.0\.0\.1\)/],
      ['https://localhost:8443/hooks', /non-public address \((127\.0\.0\.1|::1)\)/],
      ['http://[::1]/hooks', /non-public address \(::1\)/],
      ['http://93.184.216.34/hooks', /must use https/],
    ] as const) {
      const reply = await guarded.request<string>('POST', '/api/admin/webhooks', { url }, owner());
      expect(reply.status, url).toBe(400);
      expect(reply.body.result, url).toMatch(reason);
    }
    expect((await guarded.request<unknown[]>('GET', '/api/admin/webhooks', undefined, owner())).body.result).toEqual([]);
  });

  it('are refused again at delivery (an endpoint stored before the rule), and the receiver hears nothing', async () => {
    const inside = await startReceiver();
    try {
      await guarded.ctx.db.query("insert into webhook_endpoints (url, secret, event_types) values ($1, $2, array['order.placed'])", [inside.url, newWebhookSecret()]);
      await order(guarded, [{ sku: skus[0]!, qty: 1 }]);
      const failed = await until('the delivery failed', () => deliveries(guarded, 'event_type=order.placed'), (l) => l.items[0]?.status === 'failed');
      expect(failed.items[0]!.last_error).toMatch(/^refused: The host 127\.0\.0\.1 is a loopback, private/);
      expect(inside.requests).toEqual([]);
    } finally {
      await inside.close();
    }
  });
});
