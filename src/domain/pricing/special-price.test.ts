import { describe, expect, it } from 'vitest';
import { activeSpecialPricePence, isInsideWindow } from './special-price';

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
