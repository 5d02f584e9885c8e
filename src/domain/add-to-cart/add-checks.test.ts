import { describe, expect, it } from 'vitest';
import { checkAddRequest } from './add-checks';

const sellable = { optionsAnswered: true, pricePence: 1249, inStock: true };

describe('checkAddRequest (SPEC §4, §5)', () => {
  it('takes the quantity as a whole number, or the minimum order when none is typed', () => {
    expect(checkAddRequest(sellable, '3')).toEqual({ ok: true, qty: 3 });
    expect(checkAddRequest(sellable, 4)).toEqual({ ok: true, qty: 4 });
    expect(checkAddRequest(sellable, '', { minimum_order: 5 })).toEqual({ ok: true, qty: 5 });
    expect(checkAddRequest(sellable, '2.5')).toEqual({ ok: false, type: 'error', message: 'Quantity must be positive integer.' });
    expect(checkAddRequest(sellable, '0')).toEqual({ ok: false, type: 'error', message: 'Quantity must be above 0.' });
    expect(checkAddRequest(sellable, 'two')).toEqual({ ok: false, type: 'error', message: 'Quantity must be positive integer.' });
  });

  it('refuses in the product page order: blocked variant, options, price, stock, quantity', () => {
    const all = { blocked: 'No available product variants', optionsAnswered: false, pricePence: 0, inStock: false };
    expect(checkAddRequest(all, 'x')).toEqual({ ok: false, type: 'warning', message: 'No available product variants' });
    expect(checkAddRequest({ ...all, blocked: undefined }, 'x')).toMatchObject({ message: 'Please configure product bundle/custom options and fix the validation errors.' });
    expect(checkAddRequest({ ...all, blocked: undefined, optionsAnswered: true }, 'x')).toMatchObject({ message: 'Product price is unknown, product cannot be added to the cart!' });
    expect(checkAddRequest({ ...sellable, pricePence: null }, '1')).toMatchObject({ message: 'Product price is unknown, product cannot be added to the cart!' });
    expect(checkAddRequest({ ...sellable, inStock: false }, 'x')).toMatchObject({ message: 'The product is out of stock and cannot be added to the cart!' });
  });
});
