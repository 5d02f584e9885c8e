import { describe, expect, it } from 'vitest';
import { priceLine } from './line-price';

const now = new Date('2025-06-15T12:00:00Z');
const base = { customerGroupId: 0, now, qty: 1, productOption: null };
const ext = (key: string, list: unknown[]) => ({ extension_attributes: { [key]: list } });

describe('priceLine', () => {
  const simple = {
    sku: 'S', type_id: 'simple', price: 10,
    tier_prices: [{ customer_group_id: 0, qty: 10, value: 9 }, { customer_group_id: 1, qty: 1, value: 8 }],
    special_price: 9.5, special_from_date: '2025-06-01', special_to_date: '2025-06-30',
    custom_options: [
      { option_id: 1, title: 'Engraving', type: 'field', is_require: false, price: 2, price_type: 'fixed', max_characters: 10 },
      { option_id: 2, title: 'Finish', type: 'drop_down', is_require: false, values: [{ option_type_id: 21, title: 'Black', price: 10, price_type: 'percent' }] },
    ],
  };

  it('uses the special window and tiers by quantity and group', () => {
    expect(priceLine({ ...base, product: simple })).toMatchObject({ ok: true, unitPence: 950 });
    expect(priceLine({ ...base, product: simple, qty: 10 })).toMatchObject({ ok: true, unitPence: 900 });
    expect(priceLine({ ...base, product: simple, customerGroupId: 1 })).toMatchObject({ ok: true, unitPence: 800 });
    expect(priceLine({ ...base, product: simple, now: new Date('2025-07-02') })).toMatchObject({ ok: true, unitPence: 1000 });
  });

  it('adds fixed and percent custom options with their labels', () => {
    const result = priceLine({ ...base, product: simple, productOption: ext('custom_options', [{ option_id: 1, option_value: 'AB' }, { option_id: '2', option_value: '21' }]) });
    // 9.50 + 2.00 + 10 % of 9.50 (0.95)
    expect(result).toEqual({ ok: true, unitPence: 1245, labels: [{ label: 'Engraving', value: 'AB' }, { label: 'Finish', value: 'Black' }], bundleMembers: [] });
  });

  it('refuses unknown options and over-long text', () => {
    const configure = { ok: false, message: 'Please configure product bundle/custom options and fix the validation errors.' };
    expect(priceLine({ ...base, product: simple, productOption: ext('custom_options', [{ option_id: 9, option_value: 'x' }]) })).toEqual(configure);
    expect(priceLine({ ...base, product: simple, productOption: ext('custom_options', [{ option_id: 2, option_value: '99' }]) })).toEqual(configure);
    expect(priceLine({ ...base, product: simple, productOption: ext('custom_options', [{ option_id: 1, option_value: 'x'.repeat(11) }]) })).toEqual(configure);
    const required = { ...simple, custom_options: [{ ...simple.custom_options[0], is_require: true }] };
    expect(priceLine({ ...base, product: required })).toEqual(configure);
  });

  it('refuses a zero price', () => {
    expect(priceLine({ ...base, product: { sku: 'Z', type_id: 'simple', price: 0 } })).toEqual({ ok: false, message: 'Product price is unknown, product cannot be added to the cart!' });
  });

  it('prices a configurable child by its own price', () => {
    const parent = { sku: 'P', type_id: 'configurable', price: 1, configurable_options: [{ attribute_id: 5, attribute_code: 'size', label: 'Size', values: [{ value_index: '1', label: 'Small' }] }] };
    const child = { sku: 'P-S', price: 4.2, size: '1' };
    expect(priceLine({ ...base, product: parent, child })).toEqual({ ok: true, unitPence: 420, labels: [{ label: 'Size', value: 'Small' }], bundleMembers: [] });
  });

  it('sums a bundle from the chosen, default or first links times their quantity', () => {
    const bundle = {
      sku: 'B', type_id: 'bundle', price: 0,
      bundle_options: [
        { option_id: 1, title: 'Drill', product_links: [{ id: 11, sku: 'D1', qty: 1, is_default: false, price: 60 }, { id: 12, sku: 'D2', qty: 1, is_default: true }] },
        { option_id: 2, title: 'Bits', product_links: [{ id: 21, sku: 'BIT', qty: 2, is_default: false, can_change_quantity: true }] },
      ],
    };
    const members = new Map([['D2', { sku: 'D2', name: 'Drill 2', price: 80 }], ['BIT', { sku: 'BIT', name: 'Bit', price: 2.5 }]]);
    expect(priceLine({ ...base, product: bundle, members })).toMatchObject({ ok: true, unitPence: 8500, bundleMembers: [{ sku: 'D2', qty: 1 }, { sku: 'BIT', qty: 2 }] });
    const chosen = ext('bundle_options', [{ option_id: 1, option_selections: [11] }, { option_id: 2, option_qty: 4, option_selections: [21] }]);
    expect(priceLine({ ...base, product: bundle, members, productOption: chosen })).toMatchObject({ ok: true, unitPence: 7000 });
    expect(priceLine({ ...base, product: bundle, members, productOption: ext('bundle_options', [{ option_id: 1, option_selections: [99] }]) })).toMatchObject({ ok: false });
  });
});
