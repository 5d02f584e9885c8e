import { describe, expect, it } from 'vitest';
import { findChildByOptions, findChildBySku, labelsOfChild, optionsOfChild } from './configurable-choice';

const parent = {
  sku: 'TB-M10',
  configurable_options: [
    { attribute_id: 93, attribute_code: 'anchor_length', label: 'Anchor length', values: [{ value_index: '100', label: '100 mm' }, { value_index: '120', label: '120 mm' }] },
    { attribute_id: 94, attribute_code: 'finish', label: 'Finish', values: [{ value_index: '7', label: 'Zinc' }, { value_index: '8', label: 'A4' }] },
  ],
  configurable_children: [
    { sku: 'TB-M10-100-Z', anchor_length: '100', finish: '7' },
    { sku: 'TB-M10-120-Z', custom_attributes: [{ attribute_code: 'anchor_length', value: '120' }, { attribute_code: 'finish', value: '7' }] },
  ],
};

describe('configurable choice', () => {
  it('finds the child matching every chosen option, ids as numbers or strings', () => {
    expect(findChildByOptions(parent, [{ option_id: 93, option_value: '120' }, { option_id: '94', option_value: 7 }])?.sku).toBe('TB-M10-120-Z');
    expect(findChildByOptions(parent, [{ option_id: 93, option_value: '100' }])?.sku).toBe('TB-M10-100-Z');
  });

  it('finds nothing for an unknown axis, a missing combination or no choice', () => {
    expect(findChildByOptions(parent, [{ option_id: 99, option_value: '100' }])).toBeUndefined();
    expect(findChildByOptions(parent, [{ option_id: 94, option_value: '8' }])).toBeUndefined();
    expect(findChildByOptions(parent, [])).toBeUndefined();
  });

  it('gives the canonical options and labels of a child', () => {
    const child = findChildBySku(parent, 'TB-M10-120-Z')!;
    expect(optionsOfChild(parent, child)).toEqual([{ option_id: '93', option_value: '120' }, { option_id: '94', option_value: '7' }]);
    expect(labelsOfChild(parent, child)).toEqual([{ label: 'Anchor length', value: '120 mm' }, { label: 'Finish', value: 'Zinc' }]);
  });
});
