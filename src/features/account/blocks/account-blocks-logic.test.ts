import { describe, expect, it } from 'vitest';
import type { ApiAddress } from '../../../../schemas/api/user';
import { findOrder, type AccountOrder } from './account-orders';
import { loyaltyCardNumber, luhnDigit } from './loyalty-card';
import { shippingAddressFrom, toShippingForm } from './shipping-address';

const address = (id: number, extra: Partial<ApiAddress> = {}): ApiAddress => ({
  id,
  customer_id: 7,
  firstname: 'Ann',
  lastname: 'Lee',
  street: ['1 High St', 'Unit 2'],
  city: 'Leeds',
  postcode: 'LS1 4AP',
  country_id: 'GB',
  region: null,
  telephone: null,
  company: null,
  vat_id: null,
  default_shipping: false,
  default_billing: false,
  ...extra,
});
const values = { firstName: 'Bo', lastName: 'Ray', streetAddress: '9 Low Rd', city: 'York', zipCode: 'YO1 7HH', country: 'GB', company: undefined, apartmentNumber: undefined, phoneNumber: undefined };

describe('shipping details', () => {
  it('starts from the default shipping address, else the account name and GB', () => {
    expect(toShippingForm(address(1), { firstname: 'X', lastname: 'Y' })).toMatchObject({ firstName: 'Ann', streetAddress: '1 High St', apartmentNumber: 'Unit 2', zipCode: 'LS1 4AP' });
    expect(toShippingForm(undefined, { firstname: 'X', lastname: 'Y' })).toMatchObject({ firstName: 'X', lastName: 'Y', country: 'GB', streetAddress: '' });
  });

  it('updates the default shipping address in place and keeps the others (never their owner id)', () => {
    const list = shippingAddressFrom(values, [address(1, { default_billing: true }), address(2, { default_shipping: true })]);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: 2, firstname: 'Bo', street: ['9 Low Rd'], default_shipping: true, default_billing: false });
    expect(list[1]).toMatchObject({ id: 1, default_shipping: false, default_billing: true });
    expect(list[1]).not.toHaveProperty('customer_id');
  });

  it('adds a first address as default shipping and billing', () => {
    expect(shippingAddressFrom(values, [])).toEqual([expect.objectContaining({ default_shipping: true, default_billing: true, city: 'York' })]);
    expect(shippingAddressFrom(values, [])[0]).not.toHaveProperty('id');
  });
});

describe('orders and loyalty card', () => {
  const orders = [{ order_id: 'abc', increment_id: '000000005' }, { order_id: 'def', increment_id: '000000006' }] as AccountOrder[];
  it('finds an order by its id or its number, nothing else', () => {
    expect(findOrder(orders, 'def')?.increment_id).toBe('000000006');
    expect(findOrder(orders, '000000005')?.order_id).toBe('abc');
    expect(findOrder(orders, 'zzz')).toBeUndefined();
  });

  it('card numbers carry a Luhn check digit', () => {
    expect(luhnDigit('7992739871')).toBe(3);
    expect(loyaltyCardNumber(42)).toBe(`FD0000000042${luhnDigit('0000000042')}`);
    expect(loyaltyCardNumber(42)).not.toBe(loyaltyCardNumber(24));
  });
});
