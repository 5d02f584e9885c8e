import { describe, expect, it } from 'vitest';
import { tierPricePence } from './tier-price';

const tiers = [
  { customer_group_id: 0, qty: 10, value: 9 },
  { customer_group_id: 0, qty: 5, value: 9.5 },
  { customer_group_id: 1, qty: 1, value: 8 },
  { customer_group_id: 0, qty: 25, value: 8.5 },
];

describe('tierPricePence', () => {
  it('picks the best tier the quantity reaches, for the group only', () => {
    expect(tierPricePence(tiers, 1, 0)).toBeNull();
    expect(tierPricePence(tiers, 5, 0)).toBe(950);
    expect(tierPricePence(tiers, 12, 0)).toBe(900);
    expect(tierPricePence(tiers, 30, 0)).toBe(850);
    expect(tierPricePence(tiers, 1, 1)).toBe(800);
    expect(tierPricePence(tiers, 100, 4)).toBeNull();
  });

  it('copes with no tiers and malformed entries', () => {
    expect(tierPricePence(undefined, 1, 0)).toBeNull();
    expect(tierPricePence(null, 1, 0)).toBeNull();
    expect(tierPricePence([{ customer_group_id: 0, qty: 1 }, { qty: 1, value: 2 }], 1, 0)).toBeNull();
  });
});
