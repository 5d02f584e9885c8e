import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { orderBody } from '../../../schemas/api/order';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import { buildOrderBody, type OrderBodyInput } from './checkout-order-body';

const line = (sku: string, qty: number, extra: Partial<CartLine> = {}): CartLine => ({
  id: `${sku}|x`,
  sku,
  name: `Product ${sku}`,
  type_id: 'simple',
  qty,
  checksum: 'x',
  product_option: {},
  price_pence: 1250,
  price_incl_tax_pence: 1500,
  errors: {},
  info: {},
  added_at: 1,
  updated_at: 1,
  ...extra,
});

const shipping = { firstName: ' Ann ', lastName: 'Lee', streetAddress: '1 High Street', apartmentNumber: 'Flat 2', city: 'Leeds', state: '', zipCode: 'LS1 4AP', country: 'gb', phoneNumber: '', shippingMethod: 'flatrate' as const };

const input = (over: Partial<OrderBodyInput> = {}): OrderBodyInput => ({
  lines: [line('ST-M4-50', 3), line('TB-M8-75-Z', 1, { parentSku: 'TB-Z-RANGE', product_option: { extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: 5 }] } } })],
  personal: { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com ', createAccount: false },
  shipping,
  payment: { sameAsShipping: true, generateInvoice: false, paymentMethod: 'cashondelivery' },
  userId: null,
  cartId: 'cart-1',
  storeCode: null,
  now: Date.UTC(2026, 0, 2),
  ...over,
});

describe('buildOrderBody', () => {
  it('carries the grand total the review step showed, in pounds, and none when no total was shown', () => {
    const body = buildOrderBody(input({ grandTotal: 16.94 }));
    expect(body.grand_total).toBe(16.94);
    expect(v.safeParse(orderBody, { ...body, order_id: '1767312000000-abcdef12' }).success).toBe(true);
    expect(buildOrderBody(input())).not.toHaveProperty('grand_total');
    expect(buildOrderBody(input({ grandTotal: Number.NaN }))).not.toHaveProperty('grand_total');
  });

  it('makes a body the server schema accepts, with the lines, the courier flat rate and cash on delivery', () => {
    const body = buildOrderBody(input());
    const parsed = v.safeParse(orderBody, { ...body, order_id: '1767312000000-abcdef12' });
    expect(parsed.success).toBe(true);
    expect(body.cart_id).toBe('cart-1');
    expect(body.user_id).toBe('');
    const products = body.products as Record<string, unknown>[];
    expect(products.map((p) => [p.sku, p.qty, p.parentSku])).toEqual([
      ['ST-M4-50', 3, null],
      ['TB-M8-75-Z', 1, 'TB-Z-RANGE'],
    ]);
    expect(products[1]!.product_option).toEqual({ extension_attributes: { configurable_item_options: [{ option_id: '93', option_value: 5 }] } });
    const info = body.addressInformation as Record<string, Record<string, unknown>>;
    expect(info.shipping_carrier_code).toBe('courier');
    expect(info.shipping_method_code).toBe('flatrate');
    expect(info.payment_method_code).toBe('cashondelivery');
    expect(info.shippingAddress).toMatchObject({ firstname: 'Ann', lastname: 'Lee', street: ['1 High Street', 'Flat 2'], city: 'Leeds', postcode: 'LS1 4AP', country_id: 'GB', telephone: null, email: 'ann@example.com' });
    expect(info.billingAddress).toEqual(info.shippingAddress);
    expect(body.personalDetails).toEqual({ firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', createAccount: false });
  });

  it('a different billing address with company and tax ID when an invoice is wanted', () => {
    const body = buildOrderBody(
      input({
        payment: { sameAsShipping: false, generateInvoice: true, paymentMethod: 'cashondelivery', company: 'Lee Builders Ltd', taxId: 'GB123456789', ...shipping, firstName: 'Bob', city: 'York', apartmentNumber: '' },
      }),
    );
    const info = body.addressInformation as Record<string, Record<string, unknown>>;
    expect(info.billingAddress).toMatchObject({ firstname: 'Bob', city: 'York', street: ['1 High Street'], company: 'Lee Builders Ltd', vat_id: 'GB123456789' });
    expect(info.shippingAddress).not.toHaveProperty('company');
  });

  it('carries the password only for a guest who asked for an account', () => {
    const wanted = buildOrderBody(input({ personal: { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', createAccount: true }, password: 'long enough' }));
    expect(wanted.personalDetails).toMatchObject({ createAccount: true, password: 'long enough' });
    const signedIn = buildOrderBody(input({ userId: '7', personal: { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', createAccount: true }, password: 'long enough' }));
    expect(signedIn.personalDetails).not.toHaveProperty('password');
    expect(signedIn.user_id).toBe('7');
  });

  it("carries the shopper's own reference (trimmed) as part of the order, and nothing when it is blank", () => {
    const body = buildOrderBody(input({ reference: '  PO-4471 ' }));
    expect(body.customer_reference).toBe('PO-4471');
    expect(v.parse(orderBody, { ...body, order_id: '1767312000000-abcdef12' }).customer_reference).toBe('PO-4471');
    expect(buildOrderBody(input({ reference: '  ' }))).not.toHaveProperty('customer_reference');
    expect(buildOrderBody(input())).not.toHaveProperty('customer_reference');
  });
});
