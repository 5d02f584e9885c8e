import { describe, expect, it } from 'vitest';
import { associatedLinks, bundleDefaultPricePence, displayPricePence, groupedPricePence, withCustomOptionsPence, type DerivedPriceContext } from './derived-prices';

const now = new Date('2025-06-15T12:00:00Z');
const simple = (sku: string, price: number, extra: Record<string, unknown> = {}) => ({ sku, type_id: 'simple', status: 1, price, ...extra });
const products = new Map<string, Record<string, unknown>>([
  ['PLUG', simple('PLUG', 2.5)],
  ['SCREW', simple('SCREW', 1.2)],
  ['DRILL', simple('DRILL', 40, { special_price: 30, special_from_date: '2025-06-01', special_to_date: '2025-06-30' })],
  ['BIT', simple('BIT', 6)],
  ['OLD', simple('OLD', 99, { status: 2 })],
]);
const ctx = (customerGroupId = 0): DerivedPriceContext => ({ now, customerGroupId, products });

describe('derived prices (SPEC §4)', () => {
  it('prices a grouped product as the sum of its associated simple products at quantity 1, for the shopper\'s group', () => {
    const grouped = {
      type_id: 'grouped',
      product_links: [
        { link_type: 'associated', linked_product_sku: 'PLUG', linked_product_type: 'simple', qty: 10, customer_group_id: 0 },
        { link_type: 'associated', linked_product_sku: 'SCREW', linked_product_type: 'simple', qty: 10, customer_group_id: 0 },
        { link_type: 'associated', linked_product_sku: 'BIT', linked_product_type: 'simple', qty: 1, customer_group_id: 1 },
        { link_type: 'associated', linked_product_sku: 'OLD', linked_product_type: 'simple', qty: 1, customer_group_id: 0 },
      ],
    };
    expect(groupedPricePence(grouped, ctx(0))).toBe(250 + 120);
    expect(groupedPricePence(grouped, ctx(1))).toBe(600);
    expect(displayPricePence(grouped, ctx(0))).toBe(370);
    expect(associatedLinks(grouped, 1).map((l) => l.linked_product_sku)).toEqual(['BIT']);
    expect(associatedLinks({ product_links: [{ link_type: 'related', linked_product_sku: 'X' }, { link_type: 'associated', linked_product_sku: 'Y' }] }, 3).map((l) => l.linked_product_sku)).toEqual(['Y']);
  });

  it('prices a bundle as the default link, else the first, of each option times its quantity', () => {
    const bundle = {
      type_id: 'bundle',
      bundle_options: [
        { option_id: 1, title: 'Drill', required: true, type: 'radio', product_links: [{ id: 11, sku: 'BIT', qty: 1, is_default: false }, { id: 12, sku: 'DRILL', qty: 1, is_default: true }] },
        { option_id: 2, title: 'Plugs', required: true, type: 'select', product_links: [{ id: 21, sku: 'PLUG', qty: 4, is_default: false }, { id: 22, sku: 'SCREW', qty: 4, is_default: false }] },
      ],
    };
    // DRILL is on special (30.00 inside its window), the first plug link is 4 x 2.50.
    expect(bundleDefaultPricePence(bundle, ctx())).toBe(3000 + 4 * 250);
  });

  it('applies a special price only inside its window and only when below the price', () => {
    expect(displayPricePence(products.get('DRILL')!, ctx())).toBe(3000);
    expect(displayPricePence(products.get('DRILL')!, { ...ctx(), now: new Date('2025-07-01T00:00:00Z') })).toBe(4000);
    expect(displayPricePence(simple('X', 10, { special_price: 12 }), ctx())).toBe(1000);
  });

  it('uses tier prices for the shopper\'s group', () => {
    const tiered = simple('T', 10, { tier_prices: [{ customer_group_id: 1, qty: 1, value: 8 }] });
    expect(displayPricePence(tiered, ctx(0))).toBe(1000);
    expect(displayPricePence(tiered, ctx(1))).toBe(800);
  });

  it('shows a configurable at its cheapest sellable child', () => {
    const configurable = { type_id: 'configurable', price: 9, configurable_children: [simple('A', 7), simple('B', 5, { status: 2 }), simple('C', 6)] };
    expect(displayPricePence(configurable, ctx())).toBe(600);
  });

  it('adds fixed custom option prices and percent ones as a share of the product price', () => {
    const product = {
      custom_options: [
        { option_id: 1, title: 'Cut to length', type: 'field', is_require: false, price: 1.5, price_type: 'fixed' },
        { option_id: 2, title: 'Coating', type: 'drop_down', is_require: false, values: [{ option_type_id: 5, title: 'Galvanised', price: 10, price_type: 'percent' }] },
      ],
    };
    expect(withCustomOptionsPence(product, [{ option_id: 1, option_value: '2m' }], 2000)).toBe(2150);
    expect(withCustomOptionsPence(product, [{ option_id: 2, option_value: '5' }], 2000)).toBe(2200);
    expect(withCustomOptionsPence(product, [{ option_id: 9, option_value: 'x' }], 2000)).toBeNull();
  });
});
