import { describe, expect, it } from 'vitest';
import { addQuantityRefusal, checkQuantityForProduct, minimumOrderOf, parseQuantity, quantityToAdd } from './quantity-rules';

describe('parseQuantity', () => {
  it('accepts whole numbers and converts text', () => {
    expect(parseQuantity(3)).toEqual({ ok: true, qty: 3 });
    expect(parseQuantity(' 12 ')).toEqual({ ok: true, qty: 12 });
    expect(parseQuantity('2.0')).toEqual({ ok: true, qty: 2 });
  });

  it('refuses fractions and text with the SPEC wording', () => {
    expect(parseQuantity(1.5)).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
    expect(parseQuantity(0.5)).toEqual({ ok: false, message: 'Quantity must be above 0.' });
    expect(parseQuantity('abc')).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
    expect(parseQuantity(undefined)).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
    expect(parseQuantity(Number.NaN)).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
  });

  it('refuses zero and negatives', () => {
    expect(parseQuantity(0)).toEqual({ ok: false, message: 'Quantity must be above 0.' });
    expect(parseQuantity('-4')).toEqual({ ok: false, message: 'Quantity must be above 0.' });
  });

  it('refuses absurd quantities', () => {
    expect(parseQuantity(5_000_000)).toEqual({ ok: false, message: 'Quantity must be below 100000.' });
  });
});

describe('checkQuantityForProduct', () => {
  const product = { minimumOrder: 5, manageStock: true, isInStock: true, stockQty: 20 };
  it('applies minimum order, stock status and stock level', () => {
    const outOfStock = { message: 'The product is out of stock and cannot be added to the cart!', stock: true };
    expect(checkQuantityForProduct(4, product)).toEqual({ message: 'The minimum quantity for this product is 5.', stock: false });
    expect(checkQuantityForProduct(5, product)).toBeUndefined();
    expect(checkQuantityForProduct(21, product)).toEqual({ message: 'Only 20 products of this type are available.', stock: true });
    expect(checkQuantityForProduct(5, { ...product, isInStock: false })).toEqual(outOfStock);
    expect(checkQuantityForProduct(5, { ...product, stockQty: 0 })).toEqual(outOfStock);
    expect(checkQuantityForProduct(500, { ...product, manageStock: false })).toBeUndefined();
  });
});

describe('quantityToAdd (SPEC §5)', () => {
  it('defaults to 1, or to the minimum order of the product', () => {
    expect(quantityToAdd(undefined)).toEqual({ ok: true, qty: 1 });
    expect(quantityToAdd('', { minimum_order: 1 })).toEqual({ ok: true, qty: 1 });
    expect(quantityToAdd('', { minimum_order: 5 })).toEqual({ ok: true, qty: 5 });
  });

  it('converts text to whole numbers and refuses what is not one, with the spec wording', () => {
    expect(quantityToAdd('3')).toEqual({ ok: true, qty: 3 });
    expect(quantityToAdd('2.5')).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
    expect(quantityToAdd('0')).toEqual({ ok: false, message: 'Quantity must be above 0.' });
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
