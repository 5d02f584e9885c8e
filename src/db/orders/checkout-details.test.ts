import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKOUT } from '../../../schemas/rx/local-documents';
import { prefillFromProfile } from './checkout-details';

const user = {
  id: 7,
  firstname: 'Ann',
  lastname: 'Lee',
  email: 'ann@example.com',
  addresses: [
    { firstname: 'Ann', lastname: 'Lee', street: ['9 Old Road'], city: 'York', postcode: 'YO1 7HH', country_id: 'GB', default_shipping: false },
    { firstname: 'Ann', lastname: 'Lee', street: ['1 High Street', 'Unit 4'], city: 'Leeds', postcode: 'LS1 4AP', country_id: 'GB', telephone: '0113 000 000', default_shipping: true },
  ],
};

describe('prefillFromProfile', () => {
  it('fills empty steps from the profile and its default shipping address', () => {
    const out = prefillFromProfile(DEFAULT_CHECKOUT, user);
    expect(out.personalDetails).toEqual({ firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com', createAccount: false });
    expect(out.shippingDetails).toMatchObject({ streetAddress: '1 High Street', apartmentNumber: 'Unit 4', city: 'Leeds', zipCode: 'LS1 4AP', country: 'GB', phoneNumber: '0113 000 000' });
  });

  it('keeps what the shopper already typed, and leaves a guest alone', () => {
    const typed = { ...DEFAULT_CHECKOUT, shippingDetails: { city: 'Hull' } };
    expect(prefillFromProfile(typed, user).shippingDetails).toEqual({ city: 'Hull' });
    expect(prefillFromProfile(typed, null)).toBe(typed);
  });
});
