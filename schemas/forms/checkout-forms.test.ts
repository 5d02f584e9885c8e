import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkoutPaymentSchema, checkoutShippingSchema } from './checkout-address-form';
import { checkoutPersonalSchema } from './checkout-personal-form';
import { checkoutReviewSchema } from './checkout-review-form';
import { FORM_MESSAGES as M } from './form-messages';

/** Every message per field path, as the checkout form shows them (first per field). */
function messages(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    out[key] ??= issue.message;
  }
  return out;
}

const person = { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@example.com' };
const address = { firstName: 'Ann', lastName: 'Lee', streetAddress: '1 High Street', apartmentNumber: '', city: 'Stoke-on-Trent', state: '', zipCode: 'LS1 4AP', country: 'gb', phoneNumber: '' };

describe('checkout personal details', () => {
  it('a guest needs names and an e-mail, not a password', () => {
    expect(messages(checkoutPersonalSchema(false), { ...person, createAccount: false })).toEqual({});
    expect(messages(checkoutPersonalSchema(false), { firstName: '', lastName: 'L', emailAddress: 'ann@', createAccount: false })).toEqual({
      firstName: M.required,
      lastName: M.name,
      emailAddress: M.email,
    });
  });

  it('an account needs a password of 8 or more, typed twice the same', () => {
    const schema = checkoutPersonalSchema(true);
    expect(messages(schema, { ...person, createAccount: true, password: '', repeatPassword: '' })).toEqual({ password: M.password, repeatPassword: M.required });
    expect(messages(schema, { ...person, createAccount: true, password: 'short', repeatPassword: 'short' })).toEqual({ password: M.password });
    expect(messages(schema, { ...person, createAccount: true, password: 'long enough', repeatPassword: 'long enougH' })).toEqual({ repeatPassword: M.passwordsIdentical });
    expect(messages(schema, { ...person, createAccount: true, password: 'long enough', repeatPassword: 'long enough' })).toEqual({});
  });
});

describe('checkout shipping', () => {
  it('accepts a full address with the courier flat rate and upper-cases the country', () => {
    const out = v.parse(checkoutShippingSchema, { ...address, shippingMethod: 'flatrate' });
    expect(out.country).toBe('GB');
    expect(out.apartmentNumber).toBeUndefined();
  });

  it('gives the SPEC §5 message of each field', () => {
    expect(messages(checkoutShippingSchema, { ...address, firstName: 'A', lastName: '', streetAddress: ' ', city: 'Leeds 2', state: 'N0rth', zipCode: 'L1', shippingMethod: '' })).toEqual({
      firstName: M.name,
      lastName: M.required,
      streetAddress: M.required,
      city: M.alphabet,
      state: M.alphabet,
      zipCode: M.zipCode,
      shippingMethod: M.required,
    });
    expect(messages(checkoutShippingSchema, { ...address, city: '', zipCode: '', shippingMethod: 'flatrate' })).toEqual({ city: M.required, zipCode: M.required });
  });
});

describe('checkout payment', () => {
  const method = { paymentMethod: 'cashondelivery' };
  it('same as shipping: only the method, unless an invoice is wanted', () => {
    expect(messages(checkoutPaymentSchema({ sameAsShipping: true, generateInvoice: false }), { sameAsShipping: true, generateInvoice: false, ...method })).toEqual({});
    expect(messages(checkoutPaymentSchema({ sameAsShipping: true, generateInvoice: true }), { sameAsShipping: true, generateInvoice: true, ...method, company: 'AB', taxId: '' })).toEqual({
      company: M.companyName,
      taxId: M.required,
    });
    expect(messages(checkoutPaymentSchema({ sameAsShipping: true, generateInvoice: true }), { sameAsShipping: true, generateInvoice: true, ...method, company: 'ABC Ltd', taxId: 'G1' })).toEqual({ taxId: M.taxId });
  });

  it('a different billing address is checked like the shipping one', () => {
    const schema = checkoutPaymentSchema({ sameAsShipping: false, generateInvoice: false });
    expect(messages(schema, { sameAsShipping: false, generateInvoice: false, ...method, ...address })).toEqual({});
    expect(messages(schema, { sameAsShipping: false, generateInvoice: false, ...method, ...address, firstName: '', zipCode: 'AB' })).toEqual({ firstName: M.required, zipCode: M.zipCode });
  });

  it('needs a payment method', () => {
    expect(messages(checkoutPaymentSchema({ sameAsShipping: true, generateInvoice: false }), { sameAsShipping: true, generateInvoice: false, paymentMethod: '' })).toEqual({ paymentMethod: M.required });
  });
});

describe('checkout order summary', () => {
  it('needs the terms accepted', () => {
    expect(messages(checkoutReviewSchema, { acceptTerms: false })).toEqual({ acceptTerms: M.terms });
    expect(messages(checkoutReviewSchema, { acceptTerms: true })).toEqual({});
  });
});
