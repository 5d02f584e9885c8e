import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_REFERENCE_MESSAGES as R } from '../../schemas/forms/order-reference-field';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from '../reliability/helpers/shop-fixtures';

/**
 * The customer's own reference (job or PO number) on a real order: stored with it, part of what
 * makes a retry the same order, shown in order history (and filtered by it), in tracking and in
 * the order's invoice mail.
 */
let server: TestServer;
let customer: Customer;
let sku: string;
let seq = 0;
const nextId = (label: string) => `ref-${label}-${Date.now()}-${++seq}`;

interface HistoryReply {
  items: { order_id: string; customer_reference?: string | null }[];
  total_count: number;
}

const history = (query = '') => server.request<HistoryReply>('GET', `/api/user/order-history${query}`, undefined, customer.bearer);
const historyIds = async (query: string) => (await history(query)).body.result.items.map((o) => o.order_id);

beforeAll(async () => {
  server = await startTestServer();
  customer = await registerCustomer(server, `reference-${Date.now()}@example.com`);
  [sku] = (await saleableSkus(server, 1)) as [string];
});
afterAll(async () => {
  await server?.close();
});

describe('an order with the customer reference', () => {
  let first: { order_id: string; increment_id: string };
  let second: { order_id: string; increment_id: string };
  let plain: { order_id: string; increment_id: string };
  let firstBody: Record<string, unknown>;

  beforeAll(async () => {
    firstBody = orderPayload(nextId('po'), [sku], customer.email, { user_id: customer.id, customer_reference: '  PO-4471 / Leeds ' });
    first = await placeOrder(server, firstBody, customer.bearer);
    second = await placeOrder(server, orderPayload(nextId('job'), [sku], customer.email, { user_id: customer.id, customer_reference: 'Job 9 - Kirkstall' }), customer.bearer);
    plain = await placeOrder(server, orderPayload(nextId('plain'), [sku], customer.email, { user_id: customer.id }), customer.bearer);
  });

  it('is stored trimmed in the order document, and null when none was given', async () => {
    const rows = await server.ctx.db.query<{ order_id: string; reference: string | null; has_key: boolean }>(
      "select order_id, doc->>'customer_reference' as reference, doc ? 'customer_reference' as has_key from orders where order_id = any($1) order by order_id",
      [[first.order_id, plain.order_id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.order_id, [r.reference, r.has_key]]))).toEqual({ [first.order_id]: ['PO-4471 / Leeds', true], [plain.order_id]: [null, true] });
  });

  it('is part of the order: a retry with it is the same order, the same id with another reference is refused', async () => {
    const again = await server.request('POST', '/api/order', { ...firstBody, customer_reference: 'PO-4471 / Leeds', transmited: true }, customer.bearer);
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ order_id: first.order_id, increment_id: first.increment_id });
    const other = await server.request('POST', '/api/order', { ...firstBody, customer_reference: 'PO-9999' }, customer.bearer);
    expect(other.body).toEqual({ code: 409, result: 'This order id was already used for a different order' });
  });

  it('is refused over 40 characters or with control characters, and nothing is stored', async () => {
    const long = orderPayload(nextId('long'), [sku], customer.email, { user_id: customer.id, customer_reference: 'x'.repeat(41) });
    expect((await server.request('POST', '/api/order', long, customer.bearer)).body).toEqual({ code: 400, result: `customer_reference: ${R.tooLong}` });
    const control = orderPayload(nextId('ctl'), [sku], customer.email, { user_id: customer.id, customer_reference: 'PO\r\nBcc: x@example.com' });
    expect((await server.request('POST', '/api/order', control, customer.bearer)).body).toEqual({ code: 400, result: `customer_reference: ${R.printable}` });
    expect(await server.ctx.db.query('select 1 from orders where order_id = any($1)', [[long.order_id, control.order_id]])).toHaveLength(0);
  });

  it('shows in order history, which filters by a case-insensitive prefix of it', async () => {
    const all = (await history()).body.result.items;
    expect(all.find((o) => o.order_id === first.order_id)?.customer_reference).toBe('PO-4471 / Leeds');
    expect(all.find((o) => o.order_id === plain.order_id)?.customer_reference).toBeNull();
    expect(await historyIds('?reference=PO-4471%20%2F%20Leeds')).toEqual([first.order_id]);
    expect(await historyIds('?reference=po-44')).toEqual([first.order_id]);
    expect(await historyIds('?reference=%20JOB%209%20')).toEqual([second.order_id]);
    // A prefix, not a substring; LIKE wildcards are plain characters.
    expect(await historyIds('?reference=Leeds')).toEqual([]);
    expect(await historyIds('?reference=%25')).toEqual([]);
    expect(await historyIds('?reference=PO_4471')).toEqual([]);
    const filtered = await history('?reference=po&pageSize=1');
    expect(filtered.body.result.total_count).toBe(1);
    // A blank filter is no filter.
    expect((await history('?reference=')).body.result.total_count).toBe(3);
    expect((await history(`?reference=${'x'.repeat(41)}`)).body).toEqual({ code: 400, result: `reference: ${R.tooLong}` });
  });

  it("never finds another customer's order by its reference", async () => {
    const other = await registerCustomer(server, `reference-other-${Date.now()}@example.com`);
    const reply = await server.request<HistoryReply>('GET', '/api/user/order-history?reference=PO', undefined, other.bearer);
    expect(reply.body.result).toMatchObject({ items: [], total_count: 0 });
  });

  it('shows in order tracking', async () => {
    const track = async (number: string) =>
      (await server.request<{ order: Record<string, unknown> }>('GET', `/api/ext/order-tracking?orderNumber=${number}&email=${encodeURIComponent(customer.email)}`)).body.result.order;
    expect(await track(first.increment_id)).toMatchObject({ increment_id: first.increment_id, customer_reference: 'PO-4471 / Leeds' });
    expect((await track(plain.increment_id)).customer_reference).toBeNull();
  });

  it("is in the shop's admin view of the order and in its list filter", async () => {
    const owner = { authorization: `Bearer ${server.ctx.adminToken}` };
    const one = await server.request<Record<string, unknown>>('GET', `/api/admin/orders/${first.order_id}`, undefined, owner);
    expect(one.body.result).toMatchObject({ order_id: first.order_id, customer_reference: 'PO-4471 / Leeds' });
    const listed = await server.request<{ items: { order_id: string }[] }>('GET', '/api/admin/orders?reference=po-4471', undefined, owner);
    expect(listed.body.result.items.map((o) => o.order_id)).toEqual([first.order_id]);
  });

  it("is in the order's status mail", async () => {
    const owner = { authorization: `Bearer ${server.ctx.adminToken}` };
    expect((await server.request('POST', `/api/admin/orders/${first.order_id}/status`, { status: 'processing' }, owner)).status).toBe(200);
    expect((await server.request('POST', `/api/admin/orders/${plain.order_id}/status`, { status: 'processing' }, owner)).status).toBe(200);
    const mails = await server.request<{ subject: string; text: string }[]>('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(customer.email)}`, undefined, { 'x-admin-token': server.ctx.adminToken });
    const statusMail = (number: string) => mails.body.result.find((m) => m.subject === `Your order ${number} is processing`)?.text;
    expect(statusMail(first.increment_id)).toContain('\nYour reference: PO-4471 / Leeds\n');
    expect(statusMail(plain.increment_id)).not.toContain('Your reference');
  });

  it("is in the order's invoice mail", async () => {
    expect((await server.request('POST', '/api/ext/mail-service/send-invoice', { orderId: first.order_id }, customer.bearer)).body).toEqual({ code: 200, result: true });
    const mails = await server.request<{ subject: string; text: string }[]>('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(customer.email)}`, undefined, { 'x-admin-token': server.ctx.adminToken });
    const invoice = mails.body.result.find((m) => m.subject.startsWith(`Invoice for order ${first.increment_id}`));
    expect(invoice?.subject).toBe(`Invoice for order ${first.increment_id} (your reference PO-4471 / Leeds)`);
    expect(invoice?.text.split('\n').slice(0, 2)).toEqual([`Invoice for order ${first.increment_id}`, 'Your reference: PO-4471 / Leeds']);
  });
});
