import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethodReply, ShippingMethodReply, TotalsReply } from '../../schemas/api/cart';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { addItem, customerAuth, dbState, ensureCustomers, importProducts, newCart, productDoc, testProduct } from './cart-fixtures';

let server: TestServer;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString();

const totalsOf = async (cartId: string, headers: Record<string, string> = {}) => (await server.request<TotalsReply>('GET', `/api/cart/totals?cartId=${cartId}`, undefined, headers)).body.result;
const segments = (t: TotalsReply) => Object.fromEntries(t.total_segments.map((s) => [s.code, s.value]));

beforeAll(async () => {
  server = await startTestServer();
  await ensureCustomers(server, ['9300', '9301']);
  await importProducts(server, [
    testProduct(990_101, 'T-SPECIAL-NOW', { special_price: 8, special_from_date: day(-1), special_to_date: day(1) }),
    testProduct(990_102, 'T-SPECIAL-PAST', { special_price: 8, special_from_date: day(-10), special_to_date: day(-2) }),
    testProduct(990_103, 'T-SPECIAL-FUTURE', { special_price: 8, special_from_date: day(2), special_to_date: day(10) }),
    testProduct(990_104, 'T-SPECIAL-ABOVE', { special_price: 12, special_from_date: null, special_to_date: null }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('seeded fixtures the numbers below are computed from', () => {
  it('are as expected', async () => {
    const screws = await productDoc(server, 'WS-4-40-YP');
    expect(screws).toMatchObject({ price: 5.39, tax_class_id: 2, special_price: null });
    expect(screws.tier_prices).toEqual(expect.arrayContaining([{ customer_group_id: 0, qty: 10, value: 4.85 }, { customer_group_id: 1, qty: 10, value: 4.74 }]));
    const bits = await productDoc(server, 'DB-PZ2-25-10');
    expect(bits).toMatchObject({ price: 4.99, special_price: 4.16, tax_class_id: 2 });
    expect(Date.parse(String(bits.special_from_date))).toBeLessThan(Date.now());
    expect(Date.parse(String(bits.special_to_date))).toBeGreaterThan(Date.now());
    expect(await productDoc(server, 'GD-CHEM-INSTALL')).toMatchObject({ price: 3.99, tax_class_id: 5, type_id: 'downloadable' });
    expect(await productDoc(server, 'SRV-ANCHOR-DESIGN')).toMatchObject({ price: 95, tax_class_id: 2, type_id: 'virtual' });
    expect(await productDoc(server, 'CR-EP-585')).toMatchObject({ price: 31.99, tier_prices: expect.arrayContaining([{ customer_group_id: 0, qty: 5, value: 30.39 }]) });
  });
});

describe('GET /api/cart/totals', () => {
  async function mixedCart(headers: Record<string, string> = {}) {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 10 }, headers); // tier 10+: 4.85
    await addItem(server, cartId, { sku: 'DB-PZ2-25-10', qty: 2 }, headers); // special: 4.16
    await addItem(server, cartId, { sku: 'GD-CHEM-INSTALL', qty: 1 }, headers); // zero-rated 3.99
    return cartId;
  }

  it('adds tier and special prices, 20 % and 0 % VAT and the 4 / 5 courier fee', async () => {
    const t = await totalsOf(await mixedCart());
    // rows 48.50 + 8.32 + 3.99 = 60.81; VAT 9.70 + 1.66 (1.664) + 0 + shipping 1.00 = 12.36
    expect(t).toMatchObject({
      subtotal: 60.81, tax_amount: 12.36, shipping_amount: 4, shipping_incl_tax: 5, discount_amount: 0,
      subtotal_incl_tax: 72.17, grand_total: 77.17, items_qty: 13, base_currency_code: 'GBP', quote_currency_code: 'GBP',
    });
    expect(t.items.map((i) => [i.sku, i.price, i.row_total, i.tax_percent, i.tax_amount, i.price_incl_tax])).toEqual([
      ['WS-4-40-YP', 4.85, 48.5, 20, 9.7, 5.82],
      ['DB-PZ2-25-10', 4.16, 8.32, 20, 1.66, 4.99],
      ['GD-CHEM-INSTALL', 3.99, 3.99, 0, 0, 3.99],
    ]);
    expect(t.total_segments).toEqual([
      { code: 'subtotal', title: 'Subtotal', value: 60.81 },
      { code: 'shipping', title: 'Shipping & Handling (Courier flat rate)', value: 4 },
      { code: 'tax', title: 'Tax', value: 12.36, area: 'taxes' },
      { code: 'grand_total', title: 'Grand Total', value: 77.17, area: 'footer' },
    ]);
  });

  it('takes a percent coupon off the prices excluding tax, before VAT', async () => {
    const cartId = await mixedCart();
    expect((await server.request('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=welcome10`)).body).toEqual({ code: 200, result: true });
    expect((await server.request('GET', `/api/cart/coupon?cartId=${cartId}`)).body.result).toBe('WELCOME10');
    const t = await totalsOf(cartId);
    // discounts 4.85 + 0.83 + 0.40 = 6.08; VAT 8.73 + 1.50 + 0 + 1.00 = 11.23; 60.81 − 6.08 + 4 + 11.23
    expect(t).toMatchObject({ subtotal: 60.81, discount_amount: -6.08, subtotal_with_discount: 54.73, tax_amount: 11.23, grand_total: 69.96, coupon_code: 'WELCOME10' });
    expect(segments(t)).toEqual({ subtotal: 60.81, shipping: 4, discount: -6.08, tax: 11.23, grand_total: 69.96 });
    expect((await server.request('POST', `/api/cart/delete-coupon?cartId=${cartId}`)).body).toEqual({ code: 200, result: true });
    expect((await server.request('GET', `/api/cart/coupon?cartId=${cartId}`)).body).toEqual({ code: 200, result: null });
    expect((await totalsOf(cartId)).grand_total).toBe(77.17);
  });

  it("uses the customer group's tier prices from the token", async () => {
    const trade = customerAuth(server, '9300', 1);
    const cartId = await newCart(server, trade);
    await addItem(server, cartId, { sku: 'WS-4-40-YP', qty: 10 }, trade);
    const t = await totalsOf(cartId, trade);
    expect(t.items[0]).toMatchObject({ price: 4.74, row_total: 47.4, tax_amount: 9.48 });
    expect(t.grand_total).toBe(61.88); // 47.40 + 4 + 9.48 + 1.00
  });

  it('applies a special price only inside its window and only when below the price', async () => {
    const cartId = await newCart(server);
    for (const sku of ['T-SPECIAL-NOW', 'T-SPECIAL-PAST', 'T-SPECIAL-FUTURE', 'T-SPECIAL-ABOVE']) expect((await addItem(server, cartId, { sku, qty: 1 })).status).toBe(200);
    const t = await totalsOf(cartId);
    expect(t.items.map((i) => [i.sku, i.price])).toEqual([['T-SPECIAL-NOW', 8], ['T-SPECIAL-PAST', 10], ['T-SPECIAL-FUTURE', 10], ['T-SPECIAL-ABOVE', 10]]);
    expect(t.subtotal).toBe(38);
  });

  it('has no shipping and no cash on delivery for a virtual and downloadable cart', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'SRV-ANCHOR-DESIGN', qty: 1 });
    await addItem(server, cartId, { sku: 'GD-CHEM-INSTALL', qty: 1 });
    const t = await totalsOf(cartId);
    expect(t).toMatchObject({ subtotal: 98.99, shipping_amount: 0, shipping_incl_tax: 0, tax_amount: 19, grand_total: 117.99 });
    expect(t.total_segments.map((s) => s.code)).toEqual(['subtotal', 'tax', 'grand_total']);
    expect((await server.request('GET', `/api/cart/payment-methods?cartId=${cartId}`)).body).toEqual({ code: 200, result: [] });
    expect((await server.request('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'GB' } })).body).toEqual({ code: 200, result: [] });
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
    const methods = await server.request<PaymentMethodReply[]>('GET', `/api/cart/payment-methods?cartId=${cartId}`);
    expect(methods.body.result).toEqual([{ code: 'cashondelivery', title: 'Cash On Delivery', cost: 0, costInclTax: 0, cost_incl_tax: 0, default: true, offline: true, is_server_method: false }]);
  });
});

describe('shipping and methods', () => {
  it('lists the courier flat rate for an address', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
    const reply = await server.request<ShippingMethodReply[]>('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'GB', postcode: 'LS1 1AA', region_id: 0 } });
    expect(reply.body.result).toEqual([
      expect.objectContaining({ carrier_code: 'courier', method_code: 'flatrate', method_title: 'Courier flat rate', carrier_title: 'Parcel courier', amount: 4, price_incl_tax: 5, available: true, default: true, offline: false, is_server_method: true }),
    ]);
  });

  it('stores the destination: no VAT for the United States', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 2 });
    const reply = await server.request<{ totals: TotalsReply; payment_methods: PaymentMethodReply[] }>('POST', `/api/cart/shipping-information?cartId=${cartId}`, {
      addressInformation: { shippingAddress: { countryId: 'US', postcode: '10001' }, billingAddress: {}, shippingCarrierCode: 'courier', shippingMethodCode: 'flatrate' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.result.totals).toMatchObject({ subtotal: 63.98, tax_amount: 0, shipping_incl_tax: 4, grand_total: 67.98 });
    expect(reply.body.result.payment_methods.map((m) => m.code)).toEqual(['cashondelivery']);
    expect((await totalsOf(cartId)).grand_total).toBe(67.98);
    const collected = await server.request<TotalsReply>('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { paymentMethod: { method: 'cashondelivery' }, shippingCarrierCode: 'courier', shippingMethodCode: 'flatrate' } });
    expect(collected.body.result.grand_total).toBe(67.98);
  });

  it('refuses an unknown country, carrier or payment method and stores nothing', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
    const before = await server.ctx.db.query('select shipping from carts where id = $1', [cartId]);
    const badCountry = await server.request('POST', `/api/cart/shipping-methods?cartId=${cartId}`, { address: { country_id: 'XX' } });
    expect(badCountry.body).toEqual({ code: 400, result: 'country_id: Must be a two-letter country code.' });
    const badInfo = await server.request('POST', `/api/cart/shipping-information?cartId=${cartId}`, { addressInformation: { shippingAddress: { countryId: 'ZZ' } } });
    expect(badInfo.status).toBe(400);
    const badCarrier = await server.request('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { shippingCarrierCode: 'ups', shippingMethodCode: 'express' } });
    expect(badCarrier.body).toEqual({ code: 400, result: 'Carrier with such method not found: ups, express' });
    const badPayment = await server.request('POST', `/api/cart/collect-totals?cartId=${cartId}`, { methods: { paymentMethod: { method: 'bitcoin' } } });
    expect(badPayment.body).toEqual({ code: 400, result: 'The requested Payment Method is not available.' });
    expect((await server.request('POST', `/api/cart/collect-totals?cartId=${cartId}`, { nope: 1 })).status).toBe(400);
    expect(await server.ctx.db.query('select shipping from carts where id = $1', [cartId])).toEqual(before);
  });
});

describe('coupons', () => {
  const apply = (cartId: string, code: string, headers: Record<string, string> = {}) =>
    server.request('POST', `/api/cart/apply-coupon?cartId=${cartId}&coupon=${encodeURIComponent(code)}`, undefined, headers);

  it('refuses unknown, expired and other-group coupons and keeps the cart as it was', async () => {
    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 1 });
    const before = await dbState(server);
    for (const code of ['NOPE', 'EXPIRED20', 'TRADE5', 'SITE15']) {
      expect((await apply(cartId, code)).body, code).toEqual({ code: 400, result: "You've entered an incorrect coupon code" });
    }
    expect((await server.request('POST', `/api/cart/apply-coupon?cartId=${cartId}`)).status).toBe(400);
    expect(await dbState(server)).toEqual(before);
  });

  it('applies a group coupon for that group, and a fixed coupon above its minimum subtotal', async () => {
    const trade = customerAuth(server, '9301', 1);
    const tradeCart = await newCart(server, trade);
    await addItem(server, tradeCart, { sku: 'CR-EP-585', qty: 1 }, trade);
    expect((await apply(tradeCart, 'TRADE5', trade)).body.result).toBe(true);

    const cartId = await newCart(server);
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 5 }); // 5 × 30.39 = 151.95
    expect((await apply(cartId, 'SITE15')).body.result).toBe(true);
    // 151.95 − 15 = 136.95; VAT 27.39 + 1.00; grand 136.95 + 4 + 28.39
    expect(await totalsOf(cartId)).toMatchObject({ discount_amount: -15, tax_amount: 28.39, grand_total: 169.34, coupon_code: 'SITE15' });
    await addItem(server, cartId, { sku: 'CR-EP-585', qty: 4 });
    const below = await totalsOf(cartId);
    expect(below.discount_amount).toBe(0);
    expect(below.coupon_code).toBeUndefined();
  });
});
