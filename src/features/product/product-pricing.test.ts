import { describe, expect, it } from 'vitest';
import { shownPrice } from './product-pricing';

const now = new Date('2026-11-21T12:00:00Z');
const base = { members: new Map(), bundleChoice: [], customChoice: [], qty: 1, customerGroupId: 0, now };

describe('shown price', () => {
  it('a simple product with an active special price and its tier table', () => {
    const product = { type_id: 'simple', price: 20, special_price: 15, special_from_date: '2026-11-01', tier_prices: [{ customer_group_id: 0, qty: 10, value: 14 }, { customer_group_id: 1, qty: 5, value: 13 }] };
    expect(shownPrice({ ...base, product })).toEqual({ finalPence: 1500, regularPence: 2000, tiers: [{ qty: 10, pence: 1400 }] });
    expect(shownPrice({ ...base, product, qty: 10 })?.finalPence).toBe(1400);
    const dearTier = { ...product, tier_prices: [{ customer_group_id: 0, qty: 5, value: 16 }] };
    expect(shownPrice({ ...base, product: dearTier })?.tiers).toEqual([]);
  });

  it('a configurable shows the chosen child', () => {
    expect(shownPrice({ ...base, product: { type_id: 'configurable', price: 1 }, child: { price: 16.49 } })?.finalPence).toBe(1649);
  });

  it('a bundle sums the default (or first) link of each option times its quantity', () => {
    const product = {
      type_id: 'bundle',
      bundle_options: [
        { option_id: 1, title: 'Drill', product_links: [{ id: 11, sku: 'D1', qty: 1, is_default: false }, { id: 12, sku: 'D2', qty: 1, is_default: true }] },
        { option_id: 2, title: 'Bits', product_links: [{ id: 21, sku: 'B1', qty: 2, is_default: false }] },
      ],
    };
    const members = new Map([['D1', { price: 100 }], ['D2', { price: 120 }], ['B1', { price: 5.5 }]]);
    expect(shownPrice({ ...base, product, members })?.finalPence).toBe(12000 + 1100);
    expect(shownPrice({ ...base, product, members, bundleChoice: [{ option_id: 1, option_selections: [11] }] })?.finalPence).toBe(10000 + 1100);
  });

  it('custom options: fixed prices are added, percent prices are a share of the product price', () => {
    const product = {
      type_id: 'simple',
      price: 139.09,
      custom_options: [
        { option_id: 322, type: 'drop_down', is_require: false, values: [{ option_type_id: 324, price: 10, price_type: 'percent', title: '5 years' }] },
        { option_id: 319, type: 'field', is_require: true, price: 4.5, price_type: 'fixed', title: 'Engraving' },
      ],
    };
    expect(shownPrice({ ...base, product, customChoice: [{ option_id: 322, option_value: '324' }] })?.finalPence).toBe(13909 + 1391);
    expect(shownPrice({ ...base, product, customChoice: [{ option_id: 319, option_value: 'ACME' }] })?.finalPence).toBe(13909 + 450);
  });
});
