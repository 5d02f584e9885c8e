import { describe, expect, it } from 'vitest';
import { addQuantityRefusal, checkAddRequest, minimumOrderOf } from './add-checks';

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

describe('minimumOrderOf', () => {
  it("is the variant's own minimum, else the product's, at least 1", () => {
    expect(minimumOrderOf({ minimum_order: 5 })).toBe(5);
    expect(minimumOrderOf({ minimum_order: 5 }, { minimum_order: 10 })).toBe(10);
    expect(minimumOrderOf({ minimum_order: 5 }, {})).toBe(5);
    expect(minimumOrderOf({})).toBe(1);
    expect(minimumOrderOf({ minimum_order: 0 })).toBe(1);
    expect(minimumOrderOf(undefined)).toBe(1);
  });
});

describe('addQuantityRefusal', () => {
  const stock = { isInStock: true, manageStock: true, qty: 8 };
  it('wants the line to reach the minimum order, counting what the cart already holds', () => {
    expect(addQuantityRefusal(4, 5, stock, 'ok')).toBe('The minimum quantity for this product is 5.');
    expect(addQuantityRefusal(5, 5, stock, 'ok')).toBeNull();
    expect(addQuantityRefusal(2, 5, null, 'volatile')).toBe('The minimum quantity for this product is 5.');
  });

  it('keeps a managed stock line within the stock, and leaves out of stock to the add decision', () => {
    expect(addQuantityRefusal(9, 1, stock, 'ok')).toBe('Only 8 products of this type are available.');
    expect(addQuantityRefusal(9, 1, { ...stock, manageStock: false }, 'ok')).toBeNull();
    expect(addQuantityRefusal(9, 1, null, 'volatile')).toBeNull();
    expect(addQuantityRefusal(9, 1, { ...stock, qty: 0 }, 'out_of_stock')).toBeNull();
  });
});
