import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_REFUSED } from '../../server/admin/admin-routes';
import { ADMIN_TOKEN_MISSING } from '../../server/http/owner-only';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from '../reliability/helpers/shop-fixtures';
import { stockQty } from './cart-fixtures';
import { startReceiver, type Receiver } from './webhooks-receiver';

let server: TestServer;
let owner: Record<string, string>;
let customer: Customer;
let skus: string[];
let receiver: Receiver;
let seq = 0;
const nextId = (label: string) => `admin-${label}-${Date.now()}-${++seq}`;

interface AdminOrder {
  order_id: string;
  increment_id: string;
  status: string;
  email: string;
  change_seq: number;
  updated_at: string;
  items: { sku: string; qty_ordered: number }[];
  status_history?: { status: string; comment: string | null; carrier?: string | null; tracking_number?: string | null }[];
}

const admin = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, headers = owner) => server.request<T>(method, path, body, headers);
const setStatus = (orderId: string, body: Record<string, unknown>) => admin<AdminOrder>('POST', `/api/admin/orders/${orderId}/status`, body);

async function order(email = customer.email, headers = customer.bearer, sku = skus[0]!): Promise<{ order_id: string; increment_id: string }> {
  return placeOrder(server, orderPayload(nextId('order'), [sku], email), headers);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = { authorization: `Bearer ${server.ctx.adminToken}` };
  customer = await registerCustomer(server, `admin-orders-${Date.now()}@example.com`);
  skus = await saleableSkus(server, 2);
  // An endpoint for the order events, so the outbox writes them (with none, nothing is written).
  receiver = await startReceiver();
  const endpoint = await admin('POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.placed', 'order.status_changed'] });
  expect(endpoint.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('admin token scopes', () => {
  const make = async (scopes: string[] | undefined, headers = owner) => admin<{ token: string; scopes: string[] | null }>('POST', '/api/admin/tokens', { name: 'scoped', ...(scopes ? { scopes } : {}) }, headers);
  const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a packing token reads and moves orders and nothing else: no import, webhooks, mail or tokens', async () => {
    const packing = await make(['orders:read', 'orders:write']);
    expect(packing.status).toBe(200);
    expect(packing.body.result.scopes).toEqual(['orders:read', 'orders:write']);
    const bearer = bearerOf(packing.body.result.token);
    const placed = await order();
    expect((await admin('GET', `/api/admin/orders/${placed.increment_id}`, undefined, bearer)).status).toBe(200);
    expect((await admin('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'processing' }, bearer)).status).toBe(200);
    const refused: ['GET' | 'POST', string, string][] = [
      ['POST', '/api/catalog/import', 'catalog:import'],
      ['GET', '/api/admin/webhooks', 'webhooks'],
      ['GET', `/api/admin/mail-outbox?to=${encodeURIComponent(customer.email)}`, 'mail'],
      ['GET', '/api/admin/tokens', 'tokens'],
    ];
    for (const [method, path, scope] of refused) {
      const reply = await server.request<string>(method, path, method === 'POST' ? { products: [] } : undefined, bearer);
      expect(reply.status, path).toBe(403);
      expect(reply.body.result, path).toBe(`This admin token does not have the "${scope}" scope.`);
    }
  });

  it('a read-only token cannot change an order, and a token cannot make one that may do more than itself', async () => {
    const reader = bearerOf((await make(['orders:read'])).body.result.token);
    const placed = await order();
    expect((await admin('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'processing' }, reader)).status).toBe(403);
    const tokens = bearerOf((await make(['tokens', 'orders:read'])).body.result.token);
    expect((await make(undefined, tokens)).status).toBe(403);
    expect((await make(['orders:write'], tokens)).status).toBe(403);
    const narrower = await make(['orders:read'], tokens);
    expect(narrower.status).toBe(200);
    const unknown = await admin<string>('POST', '/api/admin/tokens', { name: 'scoped', scopes: ['orders:read', 'root'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result).toContain('Unknown scope "root"');
  });
});

describe('admin tokens', () => {
  it('creates a token shown once, stores only its digest, accepts it, lists it without the secret and refuses it once revoked', async () => {
    const created = await admin<{ id: number; name: string; token: string }>('POST', '/api/admin/tokens', { name: 'ERP link' });
    expect(created.status).toBe(200);
    const { id, token } = created.body.result;
    expect(token).toMatch(/^fxa_[A-Za-z0-9_-]{43}$/);
    const stored = await server.ctx.db.query<{ token_hash: string }>('select token_hash from admin_tokens where id = $1', [id]);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(token.slice(4));

    const bearer = { authorization: `Bearer ${token}` };
    expect((await admin('GET', '/api/admin/orders', undefined, bearer)).status).toBe(200);
    const listed = await admin<{ id: number; name: string; last_used_at: string | null }[]>('GET', '/api/admin/tokens', undefined, bearer);
    expect(listed.body.result.find((t) => t.id === id)).toMatchObject({ name: 'ERP link', last_used_at: expect.any(String) });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await admin('DELETE', `/api/admin/tokens/${id}`, undefined, bearer)).status).toBe(200);
    const refused = await admin('GET', '/api/admin/orders', undefined, bearer);
    expect(refused.body).toEqual({ code: 403, result: ADMIN_TOKEN_REFUSED });
    expect((await admin('DELETE', `/api/admin/tokens/${id}`)).status).toBe(404);
  });

  it('refuses no token (401), a customer token and a made-up one (403), before reading the body', async () => {
    expect((await admin('GET', '/api/admin/orders', undefined, {})).body).toEqual({ code: 401, result: ADMIN_TOKEN_MISSING });
    for (const headers of [customer.bearer, { authorization: 'Bearer fxa_not-a-real-token' }, { 'x-admin-token': 'guess' }]) {
      expect((await admin('POST', '/api/admin/orders/x/status', { status: 'nonsense' }, headers)).status).toBe(403);
    }
  });
});

describe('admin orders', () => {
  it('lists orders newest first, filtered by status, e-mail (any case) and creation time, paged', async () => {
    const first = await order();
    const second = await order();
    const mine = await admin<{ items: AdminOrder[]; total_count: number }>('GET', `/api/admin/orders?email=${encodeURIComponent(customer.email.toUpperCase())}&pageSize=1`);
    expect(mine.body.result.total_count).toBeGreaterThanOrEqual(2);
    expect(mine.body.result.items.map((o) => o.order_id)).toEqual([second.order_id]);
    const page2 = await admin<{ items: AdminOrder[] }>('GET', `/api/admin/orders?email=${encodeURIComponent(customer.email)}&pageSize=1&currentPage=2`);
    expect(page2.body.result.items.map((o) => o.order_id)).toEqual([first.order_id]);
    const future = await admin<{ items: AdminOrder[]; total_count: number }>('GET', '/api/admin/orders?created_since=2999-01-01');
    expect(future.body.result.total_count).toBe(0);
    await setStatus(first.order_id, { status: 'processing' });
    const processing = await admin<{ items: AdminOrder[] }>('GET', '/api/admin/orders?status=processing');
    expect(processing.body.result.items.map((o) => o.order_id)).toContain(first.order_id);
    expect(processing.body.result.items.every((o) => o.status === 'processing')).toBe(true);
  });

  it('filters by the customer reference (job or PO number), case-insensitive prefix, with LIKE wildcards taken literally', async () => {
    const tagged = await placeOrder(server, orderPayload(nextId('ref'), [skus[0]!], customer.email, { customer_reference: 'JOB-4411 Quay St' }), customer.bearer);
    const found = await admin<{ items: (AdminOrder & { customer_reference: string })[] }>('GET', '/api/admin/orders?reference=job-44');
    expect(found.body.result.items.map((o) => [o.order_id, o.customer_reference])).toEqual([[tagged.order_id, 'JOB-4411 Quay St']]);
    expect((await admin<{ total_count: number }>('GET', '/api/admin/orders?reference=JOB_%25')).body.result.total_count).toBe(0);
  });

  it('answers bad filters with 400 naming the field', async () => {
    for (const query of ['status=lost', 'created_since=yesterday', 'email=not-an-address', 'pageSize=0', 'colour=red']) {
      const reply = await admin<string>('GET', `/api/admin/orders?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.result, query).toContain(query.split('=')[0]);
    }
  });

  it('shows one order by id or number with lines, totals and status history; 404 for an unknown one', async () => {
    const placed = await order();
    const byNumber = await admin<AdminOrder>('GET', `/api/admin/orders/${placed.increment_id}`);
    expect(byNumber.body.result).toMatchObject({ order_id: placed.order_id, status: 'pending', items: [{ sku: skus[0] }], status_history: [{ status: 'pending' }] });
    expect((await admin('GET', `/api/admin/orders/${placed.order_id}`)).body).toEqual(byNumber.body);
    expect((await admin('GET', '/api/admin/orders/no-such-order')).status).toBe(404);
  });
});

describe('status changes', () => {
  it('moves pending → processing → shipped (carrier, tracking) → delivered; the shopper sees it and is mailed', async () => {
    const placed = await order();
    expect((await setStatus(placed.order_id, { status: 'processing', comment: 'Picking now' })).body).toMatchObject({ code: 200, result: { status: 'processing' }, meta: { changed: true } });
    const shipped = await setStatus(placed.increment_id, { status: 'shipped', carrier: 'DPD', tracking_number: '15501234567890' });
    expect(shipped.body.result.status).toBe('shipped');
    expect((await setStatus(placed.order_id, { status: 'delivered' })).status).toBe(200);

    const detail = (await admin<AdminOrder>('GET', `/api/admin/orders/${placed.order_id}`)).body.result;
    expect(detail.status_history!.map((h) => h.status)).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    const history = (await server.request<{ items: AdminOrder[] }>('GET', '/api/user/order-history', undefined, customer.bearer)).body.result.items;
    expect(history.find((o) => o.order_id === placed.order_id)?.status).toBe('delivered');
    const shipment = await server.ctx.db.query<{ carrier: string; tracking_number: string }>("select carrier, tracking_number from order_status_history where order_id = $1 and status = 'shipped'", [placed.order_id]);
    expect(shipment).toEqual([{ carrier: 'DPD', tracking_number: '15501234567890' }]);

    const mails = await admin<{ subject: string; text: string }[]>('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(customer.email)}`);
    const subjects = mails.body.result.map((m) => m.subject);
    for (const status of ['processing', 'shipped', 'delivered']) expect(subjects).toContain(`Your order ${placed.increment_id} is ${status}`);
    expect(mails.body.result.find((m) => m.subject.endsWith('shipped'))?.text).toContain('Tracking number: 15501234567890');
    const events = await server.ctx.db.query<{ type: string; status: string }>("select type, data->>'status' as status from webhook_events where data->'order'->>'order_id' = $1 order by created_at", [placed.order_id]);
    expect(events).toEqual([
      { type: 'order.placed', status: null },
      { type: 'order.status_changed', status: 'processing' },
      { type: 'order.status_changed', status: 'shipped' },
      { type: 'order.status_changed', status: 'delivered' },
    ]);
  });

  it('refuses a transition off the path, naming the allowed ones, and changes nothing', async () => {
    const placed = await order();
    const skip = await setStatus(placed.order_id, { status: 'delivered' });
    expect(skip.body).toEqual({ code: 409, result: 'An order that is "pending" cannot become "delivered". It can become: processing, cancelled.', meta: { status: 'pending', allowed: ['processing', 'cancelled'] } });
    expect((await setStatus(placed.order_id, { status: 'processing', tracking_number: 'X1' })).status).toBe(400);
    await setStatus(placed.order_id, { status: 'processing' });
    await setStatus(placed.order_id, { status: 'shipped', tracking_number: 'T-1' });
    const late = await setStatus(placed.order_id, { status: 'cancelled' });
    expect(late.status).toBe(409);
    expect(late.body.meta).toEqual({ status: 'shipped', allowed: ['delivered'] });
    const other = await setStatus(placed.order_id, { status: 'shipped', tracking_number: 'T-2' });
    expect(other.status).toBe(409);
    expect(await server.ctx.db.query('select status from order_status_history where order_id = $1 order by id', [placed.order_id])).toEqual([{ status: 'pending' }, { status: 'processing' }, { status: 'shipped' }]);
  });

  it('the same change twice is one change, also when sent in parallel', async () => {
    const placed = await order();
    const replies = await Promise.all([1, 2, 3].map(() => setStatus(placed.order_id, { status: 'processing', comment: 'Picking' })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.filter((r) => r.body.meta?.changed === true)).toHaveLength(1);
    const rows = await server.ctx.db.query("select 1 from order_status_history where order_id = $1 and status = 'processing'", [placed.order_id]);
    expect(rows).toHaveLength(1);
  });

  it('cancelling returns the stock the order took, once', async () => {
    const sku = skus[1]!;
    const before = await stockQty(server, sku);
    const placed = await order(customer.email, customer.bearer, sku);
    expect(await stockQty(server, sku)).toBe(before! - 1);
    expect((await setStatus(placed.order_id, { status: 'cancelled', comment: 'Customer rang to cancel' })).status).toBe(200);
    expect((await setStatus(placed.order_id, { status: 'cancelled' })).body.meta).toEqual({ changed: false });
    expect(await stockQty(server, sku)).toBe(before);
  });
});

describe('the order feed', () => {
  it('gives every new and changed order once per change, in change order, resuming from a checkpoint', async () => {
    let start = '0';
    for (;;) {
      const page = (await admin<{ checkpoint: string; has_more: boolean }>('GET', `/api/admin/orders/feed?after=${start}&limit=500`)).body.result;
      start = page.checkpoint;
      if (!page.has_more) break;
    }
    const a = await order();
    const b = await order();
    const first = (await admin<{ items: AdminOrder[]; checkpoint: string; has_more: boolean }>('GET', `/api/admin/orders/feed?after=${start}&limit=1`)).body.result;
    expect(first.items.map((o) => o.order_id)).toEqual([a.order_id]);
    expect(first.has_more).toBe(true);
    await setStatus(a.order_id, { status: 'processing' });
    const rest = (await admin<{ items: AdminOrder[]; checkpoint: string; has_more: boolean }>('GET', `/api/admin/orders/feed?after=${first.checkpoint}&limit=10`)).body.result;
    expect(rest.items.map((o) => [o.order_id, o.status])).toEqual([[b.order_id, 'pending'], [a.order_id, 'processing']]);
    expect(rest.has_more).toBe(false);
    const idle = (await admin<{ items: AdminOrder[]; checkpoint: string }>('GET', `/api/admin/orders/feed?after=${rest.checkpoint}`)).body.result;
    expect(idle).toEqual({ items: [], checkpoint: rest.checkpoint, has_more: false });
    expect((await admin('GET', '/api/admin/orders/feed?after=-1')).status).toBe(400);
  });
});
