import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Order history, order tracking and invoices read the order module's tables (see
 * server/user/order-history-query.ts for the columns relied on). The tests that need orders insert
 * rows directly (with the order module's own not-null columns request_hash and reply) and are
 * skipped while no migration creates the `orders` table.
 */
const MIGRATIONS = path.join(REPO_ROOT, 'server/db/migrations');
const hasOrdersTable = readdirSync(MIGRATIONS).some((f) => /create table (if not exists )?orders\s*\(/i.test(readFileSync(path.join(MIGRATIONS, f), 'utf8')));

let server: TestServer;
const PASSWORD = 'Sup3r-secret';

async function customer(email: string): Promise<{ id: number; auth: Record<string, string> }> {
  const created = await server.request<{ id: number }>('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: PASSWORD });
  const token = (await server.request<string>('POST', '/api/user/login', { username: email, password: PASSWORD })).body.result;
  return { id: created.body.result.id, auth: { authorization: `Bearer ${token}` } };
}

async function insertOrder(order: { orderId: string; increment: string; customerId: number | null; email: string; createdAt: string; status?: string }) {
  const doc = { order_id: order.orderId, products: [{ sku: 'TB-M10', name: 'Anchor M10', qty: 2, price_incl_tax: 3.6 }], totals: { grand_total: 12.2 } };
  await server.ctx.db.query(
    `insert into orders (order_id, customer_id, email, increment_id, status, created_at, doc, request_hash, reply)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, 'test', '{}'::jsonb)`,
    [order.orderId, order.customerId === null ? null : String(order.customerId), order.email, order.increment, order.status ?? 'pending', order.createdAt, JSON.stringify(doc)],
  );
  await server.ctx.db.query("insert into order_status_history (order_id, status, comment, created_at) values ($1, 'pending', 'Order placed', $2)", [order.orderId, order.createdAt]);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('without orders', () => {
  it('order history is an empty page with the default paging (20, 1)', async () => {
    const { auth } = await customer('history.empty@example.com');
    const reply = await server.request('GET', '/api/user/order-history', undefined, auth);
    expect(reply.body).toEqual({ code: 200, result: { items: [], total_count: 0, search_criteria: { page_size: 20, current_page: 1 } } });
  });

  it('order history needs a token and sane paging', async () => {
    expect((await server.request('GET', '/api/user/order-history')).status).toBe(401);
    const { auth } = await customer('history.paging@example.com');
    const reply = await server.request('GET', '/api/user/order-history?pageSize=0', undefined, auth);
    expect(reply.status).toBe(400);
    expect(reply.body.result).toContain('pageSize');
  });

  it('tracking an unknown order is a 404; bad input is a 400', async () => {
    const reply = await server.request('GET', '/api/ext/order-tracking?orderNumber=000000001&email=a@example.com');
    expect(reply.body).toEqual({ code: 404, result: 'Order not found' });
    expect((await server.request('GET', '/api/ext/order-tracking?orderNumber=1&email=nope')).status).toBe(400);
  });

  it('an invoice for an unknown order is a 404', async () => {
    const { auth } = await customer('invoice.none@example.com');
    expect((await server.request('POST', '/api/ext/mail-service/send-invoice', { orderId: 'no-such-order' }, auth)).status).toBe(404);
  });
});

describe.skipIf(!hasOrdersTable)('with orders (needs the orders migration)', () => {
  it("lists only the customer's own orders, newest first, paged", async () => {
    const a = await customer('history.a@example.com');
    const b = await customer('history.b@example.com');
    await insertOrder({ orderId: 'oh-a-1', increment: '100000101', customerId: a.id, email: 'history.a@example.com', createdAt: '2025-01-01T10:00:00Z' });
    await insertOrder({ orderId: 'oh-a-2', increment: '100000102', customerId: a.id, email: 'history.a@example.com', createdAt: '2025-02-01T10:00:00Z' });
    await insertOrder({ orderId: 'oh-b-1', increment: '100000103', customerId: b.id, email: 'history.b@example.com', createdAt: '2025-03-01T10:00:00Z' });
    const all = await server.request<{ items: Array<{ increment_id: string }>; total_count: number }>('GET', '/api/user/order-history', undefined, a.auth);
    expect(all.body.result.items.map((o) => o.increment_id)).toEqual(['100000102', '100000101']);
    expect(all.body.result.total_count).toBe(2);
    const page2 = await server.request<{ items: Array<{ increment_id: string }> }>('GET', '/api/user/order-history?pageSize=1&currentPage=2', undefined, a.auth);
    expect(page2.body.result.items.map((o) => o.increment_id)).toEqual(['100000101']);
  });

  it('tracks an order by number and e-mail (any case); a wrong e-mail is the same 404', async () => {
    await insertOrder({ orderId: 'ot-1', increment: '100000201', customerId: null, email: 'Guest@Example.com', createdAt: '2025-04-01T10:00:00Z' });
    const ok = await server.request<{ order: { status: string }; items: Array<{ status: string; comment: string }> }>('GET', '/api/ext/order-tracking?orderNumber=100000201&email=guest@example.COM');
    expect(ok.status).toBe(200);
    expect(ok.body.result.order.status).toBe('pending');
    expect(ok.body.result.items).toEqual([expect.objectContaining({ status: 'pending', comment: 'Order placed' })]);
    const wrong = await server.request('GET', '/api/ext/order-tracking?orderNumber=100000201&email=other@example.com');
    expect(wrong.body).toEqual({ code: 404, result: 'Order not found' });
  });

  it("mails the invoice of one's own order to the order e-mail, and refuses another customer's", async () => {
    const a = await customer('invoice.a@example.com');
    const b = await customer('invoice.b@example.com');
    await insertOrder({ orderId: 'inv-a-1', increment: '100000301', customerId: a.id, email: 'invoice.a@example.com', createdAt: '2025-05-01T10:00:00Z' });
    const own = await server.request('POST', '/api/ext/mail-service/send-invoice', { orderId: 'inv-a-1' }, a.auth);
    expect(own.body).toEqual({ code: 200, result: true });
    const mails = await server.ctx.db.query<{ subject: string; text: string }>('select subject, text from mail_outbox where to_address = $1', ['invoice.a@example.com']);
    expect(mails[0]!.subject).toBe('Invoice for order 100000301');
    expect(mails[0]!.text).toContain('2 x TB-M10 Anchor M10');
    const other = await server.request('POST', '/api/ext/mail-service/send-invoice', { orderId: 'inv-a-1' }, b.auth);
    expect(other.status).toBe(403);
    expect(await server.ctx.db.query('select 1 from mail_outbox where to_address = $1', ['invoice.b@example.com'])).toHaveLength(0);
  });
});
