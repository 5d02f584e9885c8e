import { describe, expect, it } from 'vitest';
import { checkQuantityForProduct, parseQuantity } from './quantity';

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
