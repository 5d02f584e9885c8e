import { expect } from 'vitest';
import { fixtureAccessToken } from '../helpers/fixture-access-token';
import type { TestServer } from '../helpers/test-server';

/** Shared helpers of the cart, order and stock suites. */

export const GB_ADDRESS = {
  firstname: 'Jo',
  lastname: 'Bloggs',
  street: ['1 High Street', 'Unit 4'],
  city: 'Leeds',
  postcode: 'LS1 1AA',
  country_id: 'GB',
  telephone: '0113 496 0000',
  email: 'jo.bloggs@example.com',
};

/** Bearer headers for a customer id and group, signed with the server's own secret (the account must exist: see `ensureCustomers`). */
export function customerAuth(server: TestServer, sub: string, groupId = 1): Record<string, string> {
  return { authorization: `Bearer ${fixtureAccessToken({ sub, groupId }, server.ctx.secrets.authSecret, 900)}` };
}

/** Account rows for the ids the suites sign tokens for: the server refuses a token of an account that does not exist. */
export async function ensureCustomers(server: TestServer, subs: readonly string[], groupId = 1): Promise<void> {
  for (const sub of subs) {
    await server.ctx.db.query(
      `insert into customers (id, email, password_hash, firstname, lastname, group_id) overriding system value
       values ($1, $2, 'not-a-hash', 'Test', 'Customer', $3) on conflict (id) do nothing`,
      [Number(sub), `customer-${sub}@example.com`, groupId],
    );
  }
}

export async function newCart(server: TestServer, headers: Record<string, string> = {}): Promise<string> {
  const reply = await server.request<string>('POST', '/api/cart/create', undefined, headers);
  expect(reply.status).toBe(200);
  return reply.body.result;
}

export async function addItem(server: TestServer, cartId: string, cartItem: Record<string, unknown>, headers: Record<string, string> = {}) {
  return server.request<Record<string, unknown>>('POST', `/api/cart/update?cartId=${cartId}`, { cartItem }, headers);
}

export async function productDoc(server: TestServer, sku: string): Promise<Record<string, unknown>> {
  const rows = await server.ctx.db.query<{ doc: Record<string, unknown> }>("select doc from catalog_documents where entity = 'product' and doc->>'sku' = $1", [sku]);
  expect(rows[0], `seeded product ${sku}`).toBeDefined();
  return rows[0]!.doc;
}

export async function stockQty(server: TestServer, sku: string): Promise<number | undefined> {
  const rows = await server.ctx.db.query<{ qty: number }>('select qty from stock where sku = $1', [sku]);
  return rows[0] === undefined ? undefined : Number(rows[0].qty);
}

export async function setStock(server: TestServer, sku: string, qty: number): Promise<void> {
  await server.ctx.db.query('update stock set qty = $2, is_in_stock = true where sku = $1', [sku, qty]);
}

/** Row counts and the total stock: a refused request must leave all of them as they were. */
export async function dbState(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.ctx.db.query<Record<string, number>>(
    `select (select count(*) from carts)::integer as carts, (select count(*) from cart_items)::integer as items,
            (select coalesce(sum(qty), 0) from cart_items)::integer as item_qty, (select count(*) from orders)::integer as orders,
            (select count(*) from order_status_history)::integer as history, (select coalesce(sum(qty), 0) from stock)::integer as stock,
            (select count(*) from carts where coupon_code is not null)::integer as coupons, (select count(*) from customers)::integer as customers`,
  );
  return rows[0]!;
}

/** Imports products through the shop owner's catalogue import and waits until the server has applied them. */
export async function importProducts(server: TestServer, products: Record<string, unknown>[]): Promise<void> {
  const reply = await server.request('POST', '/api/catalog/import', { products }, { 'x-admin-token': server.ctx.adminToken });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

/** A minimal valid product document for imports. */
export function testProduct(id: number, sku: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    sku,
    name: `Test product ${sku}`,
    slug: sku.toLowerCase(),
    type_id: 'simple',
    status: 1,
    visibility: 4,
    price: 10,
    tax_class_id: 2,
    stock: { is_in_stock: true, qty: 100, manage_stock: true },
    ...extra,
  };
}

export function orderBody(orderId: string, products: Record<string, unknown>[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: orderId,
    user_id: '',
    products,
    addressInformation: {
      shippingAddress: GB_ADDRESS,
      billingAddress: GB_ADDRESS,
      shipping_method_code: 'flatrate',
      shipping_carrier_code: 'courier',
      payment_method_code: 'cashondelivery',
    },
    ...extra,
  };
}
