import { describe, expect, it } from 'vitest';
import { activeSpecialPricePence, isInsideWindow, nextSpecialPriceEdge } from './special-price';

const now = new Date('2025-03-10T12:00:00.000Z');

describe('activeSpecialPricePence', () => {
  it('applies a lower special price inside its window', () => {
    const product = { price: 20, special_price: 15.5, special_from_date: '2025-03-01T00:00:00.000Z', special_to_date: '2025-03-31T00:00:00.000Z' };
    expect(activeSpecialPricePence(product, now)).toBe(1550);
  });

  it('ignores it before the window opens and after it closes', () => {
    expect(activeSpecialPricePence({ price: 20, special_price: 15, special_from_date: '2025-03-11T00:00:00Z' }, now)).toBeNull();
    expect(activeSpecialPricePence({ price: 20, special_price: 15, special_to_date: '2025-03-10T11:59:59Z' }, now)).toBeNull();
  });

  it('treats open bounds as open and both bounds as inclusive', () => {
    expect(activeSpecialPricePence({ price: 20, special_price: 15 }, now)).toBe(1500);
    expect(activeSpecialPricePence({ price: 20, special_price: 15, special_from_date: null, special_to_date: null }, now)).toBe(1500);
    expect(isInsideWindow(now.toISOString(), now.toISOString(), now)).toBe(true);
  });

  it('keeps a date-only end date running until the end of that day', () => {
    expect(isInsideWindow(undefined, '2025-03-10', now)).toBe(true);
    expect(isInsideWindow(undefined, '2025-03-09', now)).toBe(false);
    expect(isInsideWindow('2025-03-10', undefined, now)).toBe(true);
  });

  it('ignores a special price that is not below the price', () => {
    expect(activeSpecialPricePence({ price: 20, special_price: 20 }, now)).toBeNull();
    expect(activeSpecialPricePence({ price: 20, special_price: 25 }, now)).toBeNull();
  });

  it('ignores missing or unreadable values', () => {
    expect(activeSpecialPricePence({ price: 20 }, now)).toBeNull();
    expect(activeSpecialPricePence({ price: 20, special_price: null }, now)).toBeNull();
    expect(activeSpecialPricePence({ special_price: 5 }, now)).toBeNull();
  });
});

describe('nextSpecialPriceEdge', () => {
  const at = (iso: string) => new Date(iso);
  it('is the opening of a window ahead, then the millisecond after a bare end date closes', () => {
    const sale = { price: 10, special_price: 8, special_from_date: '2026-03-01T09:00:00Z', special_to_date: '2026-03-10' };
    expect(nextSpecialPriceEdge(sale, at('2026-02-01T00:00:00Z'))).toBe(Date.parse('2026-03-01T09:00:00Z'));
    expect(nextSpecialPriceEdge(sale, at('2026-03-05T00:00:00Z'))).toBe(Date.parse('2026-03-11T00:00:00Z'));
    expect(activeSpecialPricePence(sale, new Date(Date.parse('2026-03-11T00:00:00Z') - 1))).toBe(800);
    expect(activeSpecialPricePence(sale, at('2026-03-11T00:00:00Z'))).toBeNull();
  });
  it('is undefined past the window, for an open window and without a special price', () => {
    expect(nextSpecialPriceEdge({ price: 10, special_price: 8, special_to_date: '2026-03-10' }, at('2026-04-01T00:00:00Z'))).toBeUndefined();
    expect(nextSpecialPriceEdge({ price: 10, special_price: 8 }, at('2026-04-01T00:00:00Z'))).toBeUndefined();
    expect(nextSpecialPriceEdge({ price: 10, special_from_date: '2026-05-01' }, at('2026-04-01T00:00:00Z'))).toBeUndefined();
  });
});
