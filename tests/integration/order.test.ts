import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import type { OrderReply } from '../../schemas/api/order';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, dbState, ensureCustomers, GB_ADDRESS, newCart, orderBody, setStock, stockQty } from './cart-fixtures';

let server: TestServer;
let seq = 0;
const nextId = (label: string) => `test-${label}-${Date.now()}-${++seq}`;
const place = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.request<OrderReply>('POST', '/api/order', body, headers);

interface StoredOrderRow {
  order_id: string;
  customer_id: string | null;
  email: string;
  increment_id: string;
  status: string;
  doc: { items: { sku: string; qty_ordered: number; price: number }[] } & Record<string, unknown>;
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9401', '9402'], 0);
});
afterAll(async () => {
  await server?.close();
});

describe('placing an order', () => {
  it('places a guest order from the cart, priced on the server, and converts the cart', async () => {
    await setStock(server, 'CR-EP-585', 40);
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 10 });
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 2 });
    const cartTotals = (await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${cartId}`)).body.result;
    const screwsBefore = await stockQty(server, 'WS-4-40-YP');
    const orderId = nextId('guest');
    const reply = await place(orderBody(orderId, [{ sku: 'WS-4-40-YP', qty: 10, price: 0.01, name: 'cheap' }, { sku: 'CR-EP-585', qty: 2, price: 0.01 }], { cart_id: cartId, created_at: '2026-01-01T10:00:00Z', transmited: false }));
    expect(reply.status).toBe(200);
    // 48.50 + 63.98 = 112.48; VAT 9.70 + 12.80 + 1.00; 112.48 + 4 + 23.50
    expect(reply.body.result).toEqual({ order_id: orderId, increment_id: expect.stringMatching(/^\d{9}$/), status: 'pending', created_at: expect.any(String), grand_total: 139.98, backendOrderId: reply.body.result.increment_id });
    expect(cartTotals.grand_total).toBe(139.98);
    expect(await stockQty(server, 'WS-4-40-YP')).toBe(screwsBefore! - 10);
    expect(await stockQty(server, 'CR-EP-585')).toBe(38);
    const [row] = await server.ctx.db.query<StoredOrderRow>('select order_id, customer_id, email, increment_id, status, doc from orders where order_id = $1', [orderId]);
    expect(row).toMatchObject({ customer_id: null, email: 'jo.bloggs@example.com', status: 'pending', increment_id: reply.body.result.increment_id });
    expect(row!.doc).toMatchObject({ grand_total: 139.98, subtotal: 112.48, tax_amount: 23.5, shipping_amount: 4, payment: { method: 'cashondelivery' }, shipping_method: 'courier_flatrate' });
    expect(row!.doc.items.map((i) => [i.sku, i.qty_ordered, i.price])).toEqual([['WS-4-40-YP', 10, 4.85], ['CR-EP-585', 2, 31.99]]);
    expect(row!.doc.shipping_address).toMatchObject({ firstname: 'Jo', street: ['1 High Street', 'Unit 4'], postcode: 'LS1 1AA', country_id: 'GB' });
    const history = await server.ctx.db.query('select status, comment from order_status_history where order_id = $1', [orderId]);
    expect(history).toEqual([{ status: 'pending', comment: 'Order placed' }]);
    expect((await server.request('GET', `/api/cart/pull?cartId=${cartId}`)).body).toEqual({ code: 404, result: `No such entity with cartId = ${cartId}` });
  });

  it('gives a retry the same reply and never a second order, even days later', async () => {
    const body = orderBody(nextId('retry'), [{ sku: 'CR-EP-585', qty: 1 }]);
    const first = await place(body);
    const stockAfter = await stockQty(server, 'CR-EP-585');
    const state = await dbState(server);
    const again = await place({ ...body, transmited: true, updated_at: Date.now(), task_id: 'x1' });
    expect(again.body).toEqual(first.body);
    expect(await dbState(server)).toEqual(state);
    expect(await stockQty(server, 'CR-EP-585')).toBe(stockAfter);
  });

  it('refuses the same order_id with a different order (409) and creates nothing', async () => {
    const body = orderBody(nextId('reuse'), [{ sku: 'CR-EP-585', qty: 1 }]);
    expect((await place(body)).status).toBe(200);
    const state = await dbState(server);
    const other = await place({ ...body, products: [{ sku: 'CR-EP-585', qty: 2 }] });
    expect(other.body).toEqual({ code: 409, result: 'This order id was already used for a different order' });
    expect(await dbState(server)).toEqual(state);
  });

  it('creates the account asked for at checkout together with the order', async () => {
    const email = `new.${Date.now()}@example.com`;
    const address = { ...GB_ADDRESS, email };
    const details = { email, password: 'Sup3r-secret', createAccount: true, firstname: 'Nia', lastname: 'Jones' };
    const body = orderBody(nextId('account'), [{ sku: 'CR-EP-585', qty: 1 }], { personalDetails: details, addressInformation: { ...orderBody('x', []).addressInformation as object, shippingAddress: address, billingAddress: address } });
    const reply = await place(body);
    expect(reply.status).toBe(200);
    const [customer] = await server.ctx.db.query<{ id: number; firstname: string }>('select id, firstname from customers where email = $1', [email]);
    expect(customer?.firstname).toBe('Nia');
    const [order] = await server.ctx.db.query<{ customer_id: string; doc: Record<string, unknown> }>('select customer_id, doc from orders where order_id = $1', [body.order_id]);
    expect(order?.customer_id).toBe(String(customer!.id));
    expect(JSON.stringify(order?.doc)).not.toContain('Sup3r-secret');
    expect((await place(body)).body).toEqual(reply.body);
    const login = await server.request('POST', '/api/user/login', { username: email, password: 'Sup3r-secret' });
    expect(login.status).toBe(200);
    const state = await dbState(server);
    const second = await place({ ...body, order_id: nextId('account2') });
    expect(second.body).toEqual({ code: 400, result: 'A customer with the same email already exists in an associated website', meta: { field: 'email' } });
    expect(await dbState(server)).toEqual(state);
  });

  it('lets the welcome coupon be used once per e-mail', async () => {
    const email = `coupon.${Date.now()}@example.com`;
    const address = { ...GB_ADDRESS, email };
    const info = { ...(orderBody('x', []).addressInformation as object), shippingAddress: address, billingAddress: address };
    const orderWithCoupon = async (label: string) => {
      const cartId = await newCart(server);
      await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
      expect((await server.request('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=WELCOME10`)).body.result).toBe(true);
      return place(orderBody(nextId(label), [{ sku: 'CR-EP-585', qty: 1 }], { cart_id: cartId, addressInformation: info }));
    };
    const first = await orderWithCoupon('coupon1');
    // 31.99 − 3.20 = 28.79; VAT 5.76 + 1.00; 28.79 + 4 + 6.76
    expect(first.body.result.grand_total).toBe(39.55);
    const state = await dbState(server);
    const second = await orderWithCoupon('coupon2');
    expect(second.body).toMatchObject({ code: 400, result: "You've entered an incorrect coupon code" });
    const after = await dbState(server);
    expect({ ...after, carts: 0, items: 0, item_qty: 0, coupons: 0 }).toEqual({ ...state, carts: 0, items: 0, item_qty: 0, coupons: 0 });
  });
});

describe('refused orders change nothing', () => {
  const info = orderBody('x', []).addressInformation as Record<string, unknown>;
  const cases: [string, () => Record<string, unknown>, number, string, Record<string, unknown>?][] = [
    ['an unknown top-level field', () => ({ ...orderBody(nextId('f'), [{ sku: 'CR-EP-585', qty: 1 }]), discount: 100 }), 400, 'discount: unknown field'],
    ['a short order_id', () => orderBody('short', [{ sku: 'CR-EP-585', qty: 1 }]), 400, 'order_id: Must have 8 to 100 characters.'],
    ['no lines', () => orderBody(nextId('e'), []), 400, 'products: Field is required.'],
    ['a short postcode', () => orderBody(nextId('a'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shippingAddress: { ...GB_ADDRESS, postcode: 'L1' } } }), 400, 'Address invalid: order canceled', { field: 'shippingAddress.postcode', message: 'Zip-code must have at least 3 letters.' }],
    ['a one-letter name', () => orderBody(nextId('a'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, billingAddress: { ...GB_ADDRESS, firstname: 'J' } } }), 400, 'Address invalid: order canceled', { field: 'billingAddress.firstname', message: 'Name must have at least 2 letters.' }],
    ['an unknown country', () => orderBody(nextId('a'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shippingAddress: { ...GB_ADDRESS, country_id: 'XX' } } }), 400, 'Address invalid: order canceled', { field: 'shippingAddress.country_id', message: 'Must be a two-letter country code.' }],
    ['no street', () => orderBody(nextId('a'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shippingAddress: { ...GB_ADDRESS, street: ['', ''] } } }), 400, 'Address invalid: order canceled', { field: 'shippingAddress.street', message: 'Field is required.' }],
    ['no shipping address', () => orderBody(nextId('a'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shippingAddress: undefined } }), 400, 'Address invalid: order canceled', { field: 'shippingAddress', message: 'Field is required.' }],
    ['an out-of-stock line', () => orderBody(nextId('s'), [{ sku: 'CR-EP-585', qty: 1 }, { sku: 'TEK-55-100-HS', qty: 1 }]), 409, 'Some of the ordered products are not available!', { skus: ['TEK-55-100-HS'] }],
    ['more than in stock', () => orderBody(nextId('s'), [{ sku: 'PPE-BT-S3-12', qty: 3 }]), 409, 'Some of the ordered products are not available!', { skus: ['PPE-BT-S3-12'] }],
    ['a disabled and an unknown product', () => orderBody(nextId('s'), [{ sku: 'SDS-26-1000', qty: 1 }, { sku: 'NOPE-1', qty: 1 }]), 409, 'Some of the ordered products are not available!', { skus: ['SDS-26-1000', 'NOPE-1'] }],
    ['a zero quantity', () => orderBody(nextId('q'), [{ sku: 'CR-EP-585', qty: 0 }]), 400, 'Internal validation error'],
    ['a trade-only line from a guest', () => orderBody(nextId('q'), [{ sku: 'TB-M10-100-Z-TP', qty: 5 }]), 409, 'Some of the ordered products are not available!', { skus: ['TB-M10-100-Z-TP'] }],
    ['a zero-price product', () => orderBody(nextId('q'), [{ sku: 'WP-SAMPLE-CARD', qty: 1 }]), 400, 'Internal validation error'],
    ['an unknown payment method', () => orderBody(nextId('p'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, payment_method_code: 'bitcoin' } }), 400, 'Internal validation error', { reason: 'The requested Payment Method is not available.' }],
    ['cash on delivery for a virtual-only order', () => orderBody(nextId('p'), [{ sku: 'SRV-ANCHOR-DESIGN', qty: 1 }]), 400, 'Internal validation error', { reason: 'The requested Payment Method is not available.' }],
    ['an unknown shipping method', () => orderBody(nextId('p'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shipping_carrier_code: 'ups' } }), 400, 'Internal validation error'],
    ['no e-mail anywhere', () => orderBody(nextId('m'), [{ sku: 'CR-EP-585', qty: 1 }], { addressInformation: { ...info, shippingAddress: { ...GB_ADDRESS, email: undefined }, billingAddress: { ...GB_ADDRESS, email: undefined } } }), 400, 'Address invalid: order canceled', { field: 'email', message: 'Field is required.' }],
    ['a short checkout password', () => orderBody(nextId('m'), [{ sku: 'CR-EP-585', qty: 1 }], { personalDetails: { email: 'short.pw@example.com', password: 'abc', createAccount: true } }), 400, 'Password must have at least 8 letters.'],
  ];

  it.each(cases)('%s', async (_name, build, status, message, meta) => {
    await setStock(server, 'CR-EP-585', 40);
    const before = await dbState(server);
    const reply = await place(build());
    expect(reply.status).toBe(status);
    expect(reply.body.result).toBe(message);
    if (meta) expect(reply.body.meta).toMatchObject(meta);
    expect(await dbState(server)).toEqual(before);
  });
});

describe('who may place and replay an order', () => {
  const alice = () => customerAuth(server, '9401', 0);
  const bob = () => customerAuth(server, '9402', 0);

  it('ties a customer order to the token and refuses another user_id', async () => {
    const body = orderBody(nextId('alice'), [{ sku: 'CR-EP-585', qty: 1 }], { user_id: '9401' });
    expect((await place(body, alice())).status).toBe(200);
    const [row] = await server.ctx.db.query<{ customer_id: string }>('select customer_id from orders where order_id = $1', [body.order_id]);
    expect(row?.customer_id).toBe('9401');
    const state = await dbState(server);
    expect((await place(body, bob())).body).toEqual({ code: 403, result: 'You do not have access to this order' });
    expect((await place({ ...body, order_id: nextId('spoof') }, bob())).body).toEqual({ code: 403, result: 'You do not have access to this order' });
    expect((await place({ ...body, order_id: nextId('spoof') })).status).toBe(401);
    expect(await dbState(server)).toEqual(state);
  });

  it("refuses an order on another customer's cart", async () => {
    const cartId = await newCart(server, alice());
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 }, alice());
    const state = await dbState(server);
    const reply = await place(orderBody(nextId('cart'), [{ sku: 'CR-EP-585', qty: 1 }], { cart_id: cartId }), bob());
    expect(reply.body).toEqual({ code: 403, result: 'You do not have access to this cart' });
    expect(await dbState(server)).toEqual(state);
    expect((await server.request('GET', `/api/cart/pull?cartId=${cartId}`, undefined, alice())).status).toBe(200);
  });
});
