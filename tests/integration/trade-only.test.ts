import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, registerCustomer, type Customer } from '../reliability/helpers/shop-fixtures';
import { addItem, newCart, setStock } from './cart-fixtures';

/**
 * "Trade only" (categories whose restricted_customer_groups name the guests' group 0) is a rule of
 * the server, not only of the menu: a guest cannot find, open, cart or order such a product, and a
 * signed-in customer can.
 */
type Doc = Record<string, unknown>;

let server: TestServer;
let customer: Customer;
let tradeCategory: Doc;
let tradeProduct: Doc;

beforeAll(async () => {
  server = await startTestServer();
  const categories = server.ctx.catalog.index('category').documents().docs as Doc[];
  tradeCategory = categories.find((c) => Array.isArray(c?.restricted_customer_groups) && (c.restricted_customer_groups as number[]).includes(0))!;
  expect(tradeCategory, 'the seeded catalogue has a trade-only category').toBeDefined();
  const under = new Set(categories.filter((c) => c && String(c.path).split('/').includes(String(tradeCategory.id))).map((c) => Number(c.id)));
  const products = server.ctx.catalog.index('product').documents().docs as Doc[];
  tradeProduct = products.find(
    (p) => p && p.type_id === 'simple' && Number(p.status) < 2 && [2, 4].includes(Number(p.visibility)) && (p.category_ids as number[]).some((id) => under.has(id)),
  )!;
  expect(tradeProduct, 'a trade-only simple product').toBeDefined();
  await setStock(server, String(tradeProduct.sku), 1000);
  customer = await registerCustomer(server, 'trade.buyer@example.com');
});
afterAll(async () => {
  await server?.close();
});

/** Trade packs may have a minimum order above 1. */
const minimumOrder = () => Math.max(1, Number(tradeProduct.minimum_order ?? 1));

const skuQuery = (sku: string) => ({ type: 'product', searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { eq: sku } }] } });

describe('trade-only products', () => {
  it('are not found by a guest search, by sku, by text or by their category, and are found with a customer token', async () => {
    const sku = String(tradeProduct.sku);
    const guest = await server.request<{ total: number }>('POST', '/api/catalog', skuQuery(sku));
    expect(guest.status).toBe(200);
    expect(guest.body.result.total).toBe(0);
    const byText = await server.request<{ items: Doc[] }>('POST', '/api/catalog', { type: 'product', size: 100, searchQuery: { _searchText: String(tradeProduct.name) } });
    expect(byText.body.result.items.map((i) => i.sku)).not.toContain(sku);
    const byCategory = await server.request<{ total: number }>('POST', '/api/catalog', {
      type: 'product',
      searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [Number(tradeCategory.id)] } }] },
    });
    expect(byCategory.body.result.total).toBe(0);
    const customers = await server.request<{ total: number }>('POST', '/api/catalog', skuQuery(sku), customer.bearer);
    expect(customers.body.result.total).toBe(1);
  });

  it('hides the trade-only categories from a guest category query', async () => {
    const query = { type: 'category', size: 4000 };
    const guest = await server.request<{ items: Doc[] }>('POST', '/api/catalog', query);
    expect(guest.body.result.items.map((c) => c.id)).not.toContain(tradeCategory.id);
    const signedIn = await server.request<{ items: Doc[] }>('POST', '/api/catalog', query, customer.bearer);
    expect(signedIn.body.result.items.map((c) => c.id)).toContain(tradeCategory.id);
  });

  it('maps the url of a trade-only product or category to 404 for a guest, with a message that says why, and renders its page as 404', async () => {
    for (const url of [String(tradeProduct.url_path), String(tradeCategory.url_path)]) {
      const guest = await server.request('POST', '/api/url/map', { url });
      expect(guest.status, url).toBe(404);
      expect(guest.body.result).toMatch(/trade accounts only/);
      expect((await server.request('POST', '/api/url/map', { url }, customer.bearer)).status, url).toBe(200);
    }
    const page = await fetch(`${server.url}/${String(tradeProduct.url_path)}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(String(tradeProduct.name));
  });

  it('refuses to put a trade-only product in a guest cart, and lets a customer add it', async () => {
    const sku = String(tradeProduct.sku);
    const guestCart = await newCart(server);
    const refused = await addItem(server, guestCart, { sku, qty: 1 });
    expect(refused.status).toBe(404);
    expect(refused.body.result).toBe(`The product ${sku} is sold to trade accounts only: sign in with your trade account to see and buy it.`);
    const customerCart = await newCart(server, customer.bearer);
    const added = await addItem(server, customerCart, { sku, qty: minimumOrder() }, customer.bearer);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });

  it('refuses a guest order with a trade-only line, naming the sku, and takes the same order from a customer', async () => {
    const sku = String(tradeProduct.sku);
    const guest = await server.request('POST', '/api/order', orderPayload(`trade-guest-${Date.now()}`, [sku], 'guest@example.com'));
    expect(guest.status).toBe(409);
    expect(guest.body.meta).toMatchObject({ skus: [sku] });
    const payload = orderPayload(`trade-customer-${Date.now()}`, [sku], customer.email);
    payload.products = [{ sku, qty: minimumOrder() }];
    const signedIn = await server.request('POST', '/api/order', payload, customer.bearer);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});
