import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiReply, type TestServer } from '../helpers/test-server';
import { INJECTION_STRINGS } from './fuzz/hostile-values';
import { digestTables, changedTables } from './helpers/db-digest';
import { clearThrottles, orderPayload, placeOrder, registerCustomer, saleableSkus, type Customer } from './helpers/shop-fixtures';

/**
 * SQL and HTML injection strings sent through every place a shopper writes text: each is stored
 * and returned byte for byte, as plain text in a JSON reply (never HTML), and no table is harmed.
 * How the storefront shows them inertly is for the browser suites.
 */
let server: TestServer;
let customer: Customer;
let productId: string;
let skus: string[];

const MUST_SURVIVE = ['customers', 'orders', 'carts', 'cart_items', 'reviews', 'form_submissions', 'newsletter_subscribers', 'stock', 'catalog_documents', 'mail_outbox', 'refresh_tokens'];

beforeAll(async () => {
  server = await startTestServer();
  customer = await registerCustomer(server, 'inject.owner@example.com', 'Ivy', 'Jection');
  skus = await saleableSkus(server, 2);
  const [row] = await server.ctx.db.query<{ id: string }>("select id from catalog_documents where entity = 'product' and doc->>'sku' = $1", [skus[0]]);
  productId = row!.id;
});
afterAll(async () => {
  await server?.close();
});

function expectJson(reply: ApiReply<unknown>): void {
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expect(reply.status).toBeLessThan(500);
}

describe('injection strings are stored and returned as plain text', () => {
  it('reviews: nickname, title and detail, in the reply, the table and the approved list', async () => {
    for (const text of INJECTION_STRINGS) {
      await clearThrottles(server);
      const reply = await server.request<{ id: number; title: string; detail: string; nickname: string }>('POST', '/api/review/create', {
        review: { product_id: productId, title: text, detail: text, nickname: text.slice(0, 64), review_entity: 'product' },
      });
      expectJson(reply);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.result).toMatchObject({ title: text, detail: text, nickname: text.slice(0, 64) });
      const [row] = await server.ctx.db.query<{ title: string; detail: string; nickname: string }>('select title, detail, nickname from reviews where id = $1', [reply.body.result.id]);
      expect(row).toEqual({ title: text, detail: text, nickname: text.slice(0, 64) });
    }
    await server.ctx.db.query("update reviews set status = 'approved' where product_id = $1", [productId]);
    const list = await server.request<{ items: { title: string; detail: string }[] }>('GET', `/api/review/list?productId=${productId}&pageSize=50`);
    expectJson(list);
    expect(list.body.result.items.map((r) => r.title).sort()).toEqual([...INJECTION_STRINGS].sort());
    expect(list.body.result.items.map((r) => r.detail).sort()).toEqual([...INJECTION_STRINGS].sort());
  });

  it('profile names and address lines, in the reply, GET /api/user/me and the tables', async () => {
    for (const text of INJECTION_STRINGS) {
      const address = { firstname: text, lastname: text, street: [text], city: text, postcode: 'LS1 1AA', country_id: 'GB', company: text };
      const reply = await server.request<{ firstname: string }>('POST', '/api/user/me', { customer: { firstname: text, lastname: text, addresses: [address] } }, customer.bearer);
      expectJson(reply);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const me = await server.request<{ firstname: string; lastname: string; addresses: { street: string[]; city: string; company: string }[] }>('GET', '/api/user/me', undefined, customer.bearer);
      expect(me.body.result).toMatchObject({ firstname: text, lastname: text, addresses: [{ street: [text], city: text, company: text }] });
      const [row] = await server.ctx.db.query<{ firstname: string; lastname: string }>('select firstname, lastname from customers where id = $1', [customer.id]);
      expect(row).toEqual({ firstname: text, lastname: text });
    }
  });

  it('form fields, in the stored submission and the plain-text mail (no HTML part carries them)', async () => {
    for (const text of INJECTION_STRINGS) {
      await clearThrottles(server);
      const reply = await server.request('POST', '/api/ext/forms/contact', { firstName: text, lastName: text, emailAddress: 'inject.form@example.com', subject: text, message: text });
      expectJson(reply);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const [row] = await server.ctx.db.query<{ payload: Record<string, unknown> }>("select payload from form_submissions where kind = 'contact' order by id desc limit 1");
      expect(row?.payload).toMatchObject({ firstName: text, lastName: text, subject: text, message: text });
      const mails = await server.ctx.db.query<{ text: string; html: string | null }>('select text, html from mail_outbox order by id desc limit 2');
      expect(mails.some((m) => m.text.includes(text)), 'the shop mail quotes the message as written').toBe(true);
      for (const mail of mails) expect(mail.html ?? '').not.toMatch(/<script|onerror=/i);
    }
  });

  it('the newsletter refuses them as e-mail addresses and stores nothing', async () => {
    for (const text of INJECTION_STRINGS) {
      await clearThrottles(server);
      const before = await digestTables(server.ctx.db);
      for (const email of [text, `${text}@example.com`]) {
        const reply = await server.request('POST', '/api/ext/newsletter', { email });
        expectJson(reply);
        expect(reply.status).toBe(400);
        expect(reply.body.result).toMatch(/Please provide valid e-mail address/);
      }
      expect(changedTables(before, await digestTables(server.ctx.db))).toEqual([]);
    }
  });

  it('order addresses, in the stored order and the order history', async () => {
    let n = 0;
    for (const text of INJECTION_STRINGS) {
      const orderId = `inject-order-${++n}-${Date.now()}`;
      const address = { firstname: text, lastname: text, street: [text], city: text, company: text };
      await placeOrder(server, orderPayload(orderId, [skus[1]!], customer.email, {}, address), customer.bearer);
      const [row] = await server.ctx.db.query<{ doc: Record<string, unknown> }>('select doc from orders where order_id = $1', [orderId]);
      expect(JSON.stringify(row?.doc)).toContain(JSON.stringify(text));
      const history = await server.request<{ items: unknown[] }>('GET', '/api/user/order-history?pageSize=1', undefined, customer.bearer);
      expectJson(history);
      const latest = JSON.stringify(history.body.result.items[0]);
      expect(latest).toContain(orderId);
      expect(latest).toContain(JSON.stringify(text).slice(1, -1));
    }
  });

  it('searches and look-ups treat them as text: no error, JSON replies', async () => {
    for (const text of INJECTION_STRINGS) {
      const q = encodeURIComponent(text);
      const replies = [
        await server.request('POST', '/api/catalog', { type: 'product', searchQuery: { _searchText: text }, size: 5 }),
        await server.request('POST', '/api/url/map', { url: `/${text}` }),
        await server.request('GET', `/api/stock/check?sku=${q}`),
        await server.request('GET', `/api/review/list?productId=${q}`),
        await server.request('GET', `/api/ext/order-tracking?orderNumber=${q}&email=a%40example.com`),
        await server.request('POST', '/api/user/login', { username: text, password: text }),
      ];
      for (const reply of replies) expectJson(reply);
    }
  });

  it('leaves every table in place', async () => {
    const rows = await server.ctx.db.query<{ name: string; present: boolean }>(
      'select name, to_regclass(name) is not null as present from unnest($1::text[]) as name',
      [MUST_SURVIVE],
    );
    expect(rows.filter((r) => !r.present).map((r) => r.name)).toEqual([]);
    const [counts] = await server.ctx.db.query<{ customers: number; products: number }>(
      "select (select count(*) from customers)::int as customers, (select count(*) from catalog_documents where entity = 'product')::int as products",
    );
    expect(counts!.customers).toBeGreaterThanOrEqual(1);
    expect(counts!.products).toBeGreaterThan(100);
  });
});
