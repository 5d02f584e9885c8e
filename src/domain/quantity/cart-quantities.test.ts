import { describe, expect, it } from 'vitest';
import { defaultQuantity, normaliseCartItems, quantityToAdd } from './cart-quantities';

describe('cart quantities (SPEC §5)', () => {
  it('default to 1, or to the minimum order of the product', () => {
    expect(defaultQuantity()).toBe(1);
    expect(defaultQuantity({ minimum_order: 1 })).toBe(1);
    expect(defaultQuantity({ minimum_order: 10 })).toBe(10);
    expect(quantityToAdd(undefined)).toEqual({ ok: true, qty: 1 });
    expect(quantityToAdd('', { minimum_order: 5 })).toEqual({ ok: true, qty: 5 });
  });

  it('convert text to whole numbers and refuse what is not one, with the spec wording', () => {
    expect(quantityToAdd('3')).toEqual({ ok: true, qty: 3 });
    expect(quantityToAdd('2.5')).toEqual({ ok: false, message: 'Quantity must be positive integer.' });
    expect(quantityToAdd('0')).toEqual({ ok: false, message: 'Quantity must be above 0.' });
  });

  it('drop restored items without a quantity and turn text quantities into numbers', () => {
    const items = [{ sku: 'A', qty: '2' }, { sku: 'B' }, { sku: 'C', qty: null }, { sku: 'D', qty: 4 }, { sku: 'E', qty: 'lots' }, { sku: 'F', qty: '' }];
    expect(normaliseCartItems(items)).toEqual([{ sku: 'A', qty: 2 }, { sku: 'D', qty: 4 }]);
  });
});
