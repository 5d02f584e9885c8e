import { describe, expect, it } from 'vitest';
import type { OrderBody } from '../../schemas/api/order';
import { accountRequest, orderRequestHash } from './order-request';

const address = { firstname: 'Jo', lastname: 'Bloggs', street: ['1 High St'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB' };
const base: OrderBody = {
  order_id: '1700000000000-abc',
  products: [{ sku: 'A', qty: 2, product_option: { extension_attributes: { custom_options: [{ option_id: 1, option_value: 'x' }] } } }],
  addressInformation: { shippingAddress: address, billingAddress: address, payment_method_code: 'cashondelivery' },
};

/** orderRequestHash(base) as computed before orders had a reference. */
const HASH_WITHOUT_REFERENCE = '7b8cf77146c6e2756b705316fe90f5949ef227f79c6b4c11eab36542acc590d8';

describe('orderRequestHash', () => {
  it('ignores bookkeeping fields, client prices and key order', () => {
    const retry: OrderBody = {
      ...base,
      transmited: true,
      updated_at: 1700000000999,
      task_id: 't-2',
      products: [{ qty: '2', price: 0.01, name: 'A cheaper name', product_option: { extension_attributes: { custom_options: [{ option_value: 'x', option_id: '1' }] } }, sku: 'A' }],
    };
    expect(orderRequestHash(retry)).toBe(orderRequestHash(base));
  });

  it('ignores the confirmed grand total: an order re-confirmed at a new price is the same order, sent again under its id', () => {
    expect(orderRequestHash({ ...base, grand_total: 8.95 })).toBe(orderRequestHash(base));
    expect(orderRequestHash({ ...base, grand_total: 16.94 })).toBe(orderRequestHash({ ...base, grand_total: 8.95 }));
  });

  it('is the same without the password of the account to create (a queued order is stored without it)', () => {
    const details = { email: 'a@b.co', password: 'Secret123', createAccount: true, firstname: 'Jo' };
    const withPassword: OrderBody = { ...base, personalDetails: details, createAccount: { email: 'a@b.co', password: 'Secret123' } };
    const withoutPassword: OrderBody = { ...base, personalDetails: { ...details, password: undefined }, createAccount: { email: 'a@b.co' } };
    expect(orderRequestHash(withoutPassword)).toBe(orderRequestHash(withPassword));
    expect(orderRequestHash({ ...base, personalDetails: { ...details, password: 'Other456' } })).toBe(orderRequestHash(withPassword));
  });

  it('changes with the lines, the addresses or the customer', () => {
    const hash = orderRequestHash(base);
    expect(orderRequestHash({ ...base, products: [{ sku: 'A', qty: 3 }] })).not.toBe(hash);
    expect(orderRequestHash({ ...base, addressInformation: { ...base.addressInformation, shippingAddress: { ...address, postcode: 'LS2 2BB' } } })).not.toBe(hash);
    expect(orderRequestHash({ ...base, user_id: '7' })).not.toBe(hash);
  });

  it("changes with the customer's reference; an order without one keeps the hash it had before references existed", () => {
    const hash = orderRequestHash(base);
    expect(orderRequestHash({ ...base, customer_reference: undefined })).toBe(hash);
    expect(orderRequestHash({ ...base, customer_reference: 'PO-1' })).not.toBe(hash);
    expect(orderRequestHash({ ...base, customer_reference: 'PO-1', transmited: true })).toBe(orderRequestHash({ ...base, customer_reference: 'PO-1' }));
    expect(orderRequestHash({ ...base, customer_reference: 'PO-2' })).not.toBe(orderRequestHash({ ...base, customer_reference: 'PO-1' }));
    // The hash of this body before the reference was added (stored orders are retried against it).
    expect(hash).toBe(HASH_WITHOUT_REFERENCE);
  });
});

describe('accountRequest', () => {
  it('reads "I want to create an account" from personal details or createAccount', () => {
    expect(accountRequest(base)).toBeNull();
    expect(accountRequest({ ...base, personalDetails: { email: 'a@b.co', password: 'Secret123', createAccount: true, firstName: 'Jo' } })).toEqual({ password: 'Secret123', firstname: 'Jo' });
    expect(accountRequest({ ...base, createAccount: { email: 'a@b.co', password: 'Secret123' } })).toEqual({ password: 'Secret123' });
    expect(accountRequest({ ...base, personalDetails: { email: 'a@b.co', password: 'Secret123' } })).toBeNull();
  });
});
