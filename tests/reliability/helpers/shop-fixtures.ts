import { createHmac } from 'node:crypto';
import { fixtureAccessToken } from '../../helpers/fixture-access-token';
import type { TestServer } from '../../helpers/test-server';

/** Customers, carts and orders the hostile-input and authorization suites act on and against. */
export interface Customer {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  token: string;
  refreshToken: string;
  bearer: Record<string, string>;
}

export const PASSWORD = 'Corr3ct-Horse-Battery';

function ok<T>(reply: { status: number; body: { result: T } }, what: string): T {
  if (reply.status !== 200) throw new Error(`${what} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body.result;
}

export async function registerCustomer(server: TestServer, email: string, firstname = 'Vicky', lastname = 'Tim-Owner'): Promise<Customer> {
  const created = ok(await server.request<{ id: number }>('POST', '/api/user/create', { customer: { email, firstname, lastname }, password: PASSWORD }), `create ${email}`);
  const login = await server.request<string>('POST', '/api/user/login', { username: email, password: PASSWORD });
  const token = ok(login, `login ${email}`);
  return { id: String(created.id), email, firstname, lastname, password: PASSWORD, token, refreshToken: String(login.body.meta?.refreshToken), bearer: { authorization: `Bearer ${token}` } };
}

/** Access tokens that must all be refused, for the customer `sub`. */
export function badTokens(server: TestServer, sub: string): Record<string, string> {
  const secret = server.ctx.secrets.authSecret;
  const genuine = fixtureAccessToken({ sub, groupId: 1 }, secret, 900);
  const [header, payload, signature] = genuine.split('.') as [string, string, string];
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const hs256 = (data: string, key: string) => createHmac('sha256', key).update(data).digest('base64url');
  const noneHeader = b64({ alg: 'none', typ: 'JWT' });
  const longLived = b64({ ...claims, exp: Number(claims.exp) + 10 * 365 * 86_400 });
  return {
    expired: fixtureAccessToken({ sub, groupId: 1 }, secret, 900, Date.now() - 3_600_000),
    'expired a second ago': fixtureAccessToken({ sub, groupId: 1 }, secret, 1, Date.now() - 2_000),
    'wrong secret': fixtureAccessToken({ sub, groupId: 1 }, 'not-the-shop-secret', 900),
    'alg none': `${noneHeader}.${payload}.`,
    'alg none with signature': `${noneHeader}.${payload}.${signature}`,
    'tampered payload (longer expiry)': `${header}.${longLived}.${signature}`,
    'tampered payload (group 1 → 99)': `${header}.${b64({ ...claims, groupId: 99 })}.${signature}`,
    'payload re-signed with the empty secret': `${header}.${longLived}.${hs256(`${header}.${longLived}`, '')}`,
    'signature stripped': `${header}.${payload}.`,
    'not a token': 'definitely-not-a-token',
  };
}

/** In-stock simple products of the seeded catalogue (status 1, visible), with plenty of stock. */
export async function saleableSkus(server: TestServer, count = 3): Promise<string[]> {
  const rows = await server.ctx.db.query<{ sku: string }>(
    `select d.doc->>'sku' as sku from catalog_documents d join stock s on s.sku = d.doc->>'sku'
     where d.entity = 'product' and not d.deleted and d.doc->>'type_id' = 'simple' and (d.doc->>'status')::int = 1
       and (d.doc->>'visibility')::int = 4 and s.qty >= 1000 and s.is_in_stock
       and coalesce((d.doc->>'minimum_order')::numeric, 1) <= 1 and coalesce(d.doc->>'product_price_multiplier', '1') in ('1', '1.0')
       and d.doc->'custom_options' is null
     order by d.id limit $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} saleable skus in the seeded catalogue`);
  return rows.map((r) => r.sku);
}

export async function newCart(server: TestServer, headers: Record<string, string> = {}): Promise<string> {
  return ok(await server.request<string>('POST', '/api/cart/create', undefined, headers), 'cart create');
}

export async function addLine(server: TestServer, cartId: string, sku: string, qty: number, headers: Record<string, string> = {}): Promise<number> {
  const reply = await server.request<{ item_id: number }>('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku, qty } }, headers);
  return ok(reply, `add ${sku}`).item_id;
}

export const GB_ADDRESS = {
  firstname: 'Vicky',
  lastname: 'Tim-Owner',
  street: ['1 High Street'],
  city: 'Leeds',
  postcode: 'LS1 1AA',
  country_id: 'GB',
  telephone: '0113 496 0000',
};

export function orderPayload(orderId: string, skus: readonly string[], email: string, extra: Record<string, unknown> = {}, address: Record<string, unknown> = {}): Record<string, unknown> {
  const full = { ...GB_ADDRESS, email, ...address };
  return {
    order_id: orderId,
    products: skus.map((sku) => ({ sku, qty: 1 })),
    addressInformation: { shippingAddress: full, billingAddress: full, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    ...extra,
  };
}

export async function placeOrder(server: TestServer, payload: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ order_id: string; increment_id: string }> {
  return ok(await server.request<{ order_id: string; increment_id: string }>('POST', '/api/order', payload, headers), `order ${String(payload.order_id)}`);
}

/** Counters of refused attempts are the one thing a refused request may change; clearing them keeps limits from hiding deeper code. */
export async function clearThrottles(server: TestServer): Promise<void> {
  await server.ctx.db.query('delete from attempt_throttle');
}
