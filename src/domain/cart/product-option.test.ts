import { describe, expect, it } from 'vitest';
import { itemChecksum } from './item-checksum';
import { buildProductOption, choicesFromProductOption, effectiveBundleChoice, requiredOptionsAnswered } from './product-option';

const bundle = {
  type_id: 'bundle',
  bundle_options: [
    { option_id: 1, title: 'Drill', required: true, product_links: [{ id: 11, sku: 'A' }, { id: 12, sku: 'B', is_default: true }] },
    { option_id: 2, title: 'Extras', required: false, product_links: [] },
  ],
  custom_options: [
    { option_id: 7, title: 'Engraving', type: 'field', is_require: true },
    { option_id: 8, title: 'Warranty', type: 'drop_down', is_require: false, values: [{ option_type_id: 81 }] },
  ],
};

describe('product_option from the shopper choice', () => {
  it('writes only non-empty lists, in the SPEC §3 shape', () => {
    expect(buildProductOption({})).toEqual({});
    expect(buildProductOption({ bundle: { 2: [] }, custom: { 7: '  ' } })).toEqual({});
    expect(buildProductOption({ configurable: [{ option_id: '93', option_value: '5' }], custom: { 8: '81', 7: ' ACME ' }, bundle: { 1: ['12'] } })).toEqual({
      extension_attributes: {
        configurable_item_options: [{ option_id: '93', option_value: '5' }],
        bundle_options: [{ option_id: '1', option_selections: ['12'] }],
        custom_options: [
          { option_id: '7', option_value: 'ACME' },
          { option_id: '8', option_value: '81' },
        ],
      },
    });
  });

  it('gives the same checksum whatever order the choices were made in', () => {
    const a = buildProductOption({ bundle: { 1: ['12'], 2: ['21', '22'] } });
    const b = buildProductOption({ bundle: { 2: ['22', '21'], 1: ['12'] } });
    expect(itemChecksum(a)).toBe(itemChecksum(b));
    expect(itemChecksum(a)).not.toBe(itemChecksum(buildProductOption({ bundle: { 1: ['11'], 2: ['21', '22'] } })));
  });

  it('reads the choices back for edit mode', () => {
    const option = buildProductOption({ configurable: [{ option_id: '93', option_value: '5' }], bundle: { 1: ['12'] }, custom: { 7: 'ACME' } });
    expect(choicesFromProductOption(option)).toEqual({ configurable: [{ option_id: '93', option_value: '5' }], bundle: { 1: ['12'] }, custom: { 7: 'ACME' } });
    expect(choicesFromProductOption(null)).toEqual({ configurable: [], bundle: {}, custom: {} });
  });

  it('fills untouched bundle options with their default link', () => {
    expect(effectiveBundleChoice(bundle, {})).toEqual({ 1: ['12'], 2: [] });
    expect(effectiveBundleChoice(bundle, { 1: ['11'] })).toEqual({ 1: ['11'], 2: [] });
  });

  it('asks for every required option', () => {
    expect(requiredOptionsAnswered(bundle, {})).toBe(false);
    expect(requiredOptionsAnswered(bundle, { custom: { 7: 'ACME' } })).toBe(true);
    expect(requiredOptionsAnswered(bundle, { custom: { 7: 'ACME' }, bundle: { 1: [] } })).toBe(false);
    expect(requiredOptionsAnswered({ type_id: 'simple' }, {})).toBe(true);
  });
});
