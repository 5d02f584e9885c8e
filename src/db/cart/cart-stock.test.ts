import { describe, expect, it } from 'vitest';
import { lineStockFigure, stockFigure, stockStatusOf } from './cart-stock';

describe('the add-to-cart stock status', () => {
  it('reads stock items from the API and the catalogue alike', () => {
    expect(stockFigure({ is_in_stock: true, qty: '5', manage_stock: true }, 'server')).toEqual({ isInStock: true, manageStock: true, qty: 5, source: 'server' });
    expect(stockFigure({ is_in_stock: 1 }, 'local')).toEqual({ isInStock: true, manageStock: true, qty: 0, source: 'local' });
    expect(stockFigure(null, 'local')).toBeNull();
  });

  it('is ok or out of stock after a live check, volatile without one (SPEC §4, §5)', () => {
    expect(stockStatusOf({ isInStock: true, manageStock: true, qty: 3, source: 'server' })).toBe('ok');
    expect(stockStatusOf({ isInStock: true, manageStock: true, qty: 0, source: 'server' })).toBe('out_of_stock');
    expect(stockStatusOf({ isInStock: false, manageStock: false, qty: 10, source: 'server' })).toBe('out_of_stock');
    expect(stockStatusOf({ isInStock: true, manageStock: false, qty: 0, source: 'server' })).toBe('ok');
    expect(stockStatusOf({ isInStock: true, manageStock: true, qty: 3, source: 'local' })).toBe('volatile');
    expect(stockStatusOf({ isInStock: false, manageStock: true, qty: 0, source: 'local' })).toBe('out_of_stock');
    expect(stockStatusOf(null)).toBe('volatile');
  });
});

describe("a cart line's stock figure", () => {
  const live = { isInStock: true, manageStock: true, qty: 4, source: 'server' } as const;
  it('is the live one, unless the replicated catalogue already took the product out of stock', () => {
    expect(lineStockFigure(live, { isInStock: true, manageStock: true, qty: 9, source: 'local' })).toBe(live);
    expect(lineStockFigure(live, null)).toBe(live);
    const out = { isInStock: false, manageStock: true, qty: 0, source: 'local' } as const;
    expect(lineStockFigure(live, out)).toBe(out);
    expect(lineStockFigure(null, null)).toBeNull();
  });
});
