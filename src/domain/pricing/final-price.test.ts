import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitPrices, unitPricesPence } from './final-price';

const now = new Date('2025-06-01T00:00:00Z');

describe('unitPricesPence', () => {
  it('is the list price when nothing else applies', () => {
    expect(unitPricesPence({ price: 15.49 }, { now })).toEqual({ regular: 1549, special: null, tier: null, final: 1549 });
  });

  it('takes the lowest of special and tier prices', () => {
    const item = { price: 20, special_price: 18, tier_prices: [{ customer_group_id: 1, qty: 1, value: 17 }] };
    expect(unitPricesPence(item, { now }).final).toBe(1800);
    expect(unitPricesPence(item, { now, customerGroupId: 1 })).toEqual({ regular: 2000, special: 1800, tier: 1700, final: 1700 });
  });

  it('uses the quantity for tiers and defaults to one unit as a guest', () => {
    const item = { price: 10, tier_prices: [{ customer_group_id: 0, qty: 5, value: 9 }] };
    expect(unitPricesPence(item, { now }).final).toBe(1000);
    expect(unitPricesPence(item, { now, qty: 5 }).final).toBe(900);
  });

  it('gives decimal pounds at the edge', () => {
    expect(unitPrices({ price: 0.1, special_price: 0.07 }, { now })).toEqual({ regular: 0.1, special: 0.07, tier: null, final: 0.07 });
  });

  it('never exceeds the list price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (price, special) => {
        const p = unitPricesPence({ price: price / 100, special_price: special / 100 }, { now });
        return p.final <= p.regular && p.final === Math.min(price, special);
      }),
    );
  });
});
