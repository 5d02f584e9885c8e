import { describe, expect, it } from 'vitest';
import { LOW_STOCK_SHOWN_AT, stockDisplay } from './stock-display';

describe('stockDisplay', () => {
  it('tells how many are left when managed stock is low', () => {
    expect(stockDisplay({ is_in_stock: true, manage_stock: true, qty: 2 })).toEqual({ kind: 'low', left: 2 });
    expect(stockDisplay({ is_in_stock: true, manage_stock: true, qty: LOW_STOCK_SHOWN_AT })).toEqual({ kind: 'low', left: LOW_STOCK_SHOWN_AT });
    expect(stockDisplay({ is_in_stock: true, manage_stock: true, qty: LOW_STOCK_SHOWN_AT + 1 })).toEqual({ kind: 'in' });
  });

  it('is out when the product cannot be added: flagged out, or managed with none left', () => {
    expect(stockDisplay({ is_in_stock: false, qty: 40 })).toEqual({ kind: 'out' });
    expect(stockDisplay({ is_in_stock: true, manage_stock: true, qty: 0 })).toEqual({ kind: 'out' });
  });

  it('is simply in stock when the stock is not managed or not known', () => {
    expect(stockDisplay({ is_in_stock: true, manage_stock: false, qty: 0 })).toEqual({ kind: 'in' });
    expect(stockDisplay(undefined)).toEqual({ kind: 'in' });
    expect(stockDisplay({ qty: 0 })).toEqual({ kind: 'in' });
  });
});
