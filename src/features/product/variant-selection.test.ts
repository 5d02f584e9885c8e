import { describe, expect, it } from 'vitest';
import { chooseOption, NO_VARIANTS, selectVariant, valueAvailable, type Doc } from './variant-selection';

const now = new Date('2026-11-21T12:00:00Z');
const child = (sku: string, d: string, l: string, price: number, extra: Doc = {}): Doc => ({ sku, status: 1, stock: { is_in_stock: true, qty: 10 }, price, bolt_diameter: d, anchor_length: l, ...extra });
const parent: Doc = {
  configurable_options: [
    { attribute_code: 'bolt_diameter', label: 'Thread diameter', values: [{ value_index: '8', label: 'M8' }, { value_index: '10', label: 'M10' }, { value_index: '12', label: 'M12' }] },
    { attribute_code: 'anchor_length', label: 'Length', values: [{ value_index: '95', label: '95 mm' }, { value_index: '100', label: '100 mm' }, { value_index: '150', label: '150 mm' }] },
  ],
  configurable_children: [
    child('M8-75', '8', '75', 11.69, { special_price: 9.92, special_from_date: '2026-11-28T00:00:00.000Z' }),
    child('M8-95', '8', '95', 13.59, { status: 2 }),
    child('M10-80', '10', '80', 16.49),
    child('M10-100', '10', '100', 19.49, { special_price: 16.38, special_from_date: '2026-11-02T00:00:00.000Z' }),
    child('M10-120', '10', '120', 22.49),
    child('M12-100', '12', '100', 13.09),
    child('M12-150', '12', '150', 18.49, { stock: { is_in_stock: false, qty: 0 } }),
  ],
};

describe('variant selection', () => {
  it('picks the exact match', () => {
    expect(selectVariant(parent, { bolt_diameter: '12', anchor_length: '100' }, { now })).toMatchObject({ child: { sku: 'M12-100' }, exact: true });
  });

  it('breaks a tie with the lower price, counting a special price inside its window', () => {
    expect(selectVariant(parent, { bolt_diameter: '10' }, { now }).child?.sku).toBe('M10-100');
  });

  it('skips disabled (status 2) children: M8 x 95 is never chosen', () => {
    const choice = selectVariant(parent, { bolt_diameter: '8', anchor_length: '95' }, { now });
    expect(choice.child?.sku).toBe('M8-75');
    expect(choice.exact).toBe(false);
    expect(valueAvailable(parent, { bolt_diameter: '8' }, 'anchor_length', '95')).toBe(false);
    expect(valueAvailable(parent, { bolt_diameter: '8', anchor_length: '75' }, 'bolt_diameter', '10')).toBe(true);
    expect(valueAvailable(parent, { bolt_diameter: '12' }, 'anchor_length', '150')).toBe(false);
    expect(valueAvailable(parent, { bolt_diameter: '12' }, 'anchor_length', '100')).toBe(true);
  });

  it('skips out-of-stock children unless listing them is allowed', () => {
    expect(selectVariant(parent, { bolt_diameter: '12', anchor_length: '150' }, { now }).child?.sku).not.toBe('M12-150');
    expect(selectVariant(parent, { bolt_diameter: '12', anchor_length: '150' }, { now, allowOutOfStock: true })).toMatchObject({ child: { sku: 'M12-150' }, exact: true });
  });

  it('falls back to the first available child, or reports no variants', () => {
    expect(selectVariant(parent, { bolt_diameter: '99' }, { now }).child?.sku).toBe('M8-75');
    expect(selectVariant(parent, { bolt_diameter: '99' }, { now, fallbackToFirst: false }).error).toBe(NO_VARIANTS);
    const none = { ...parent, configurable_children: [child('X', '8', '95', 1, { status: 2 })] };
    expect(selectVariant(none, {}, { now })).toEqual({ exact: false, error: 'No available product variants' });
  });
});

describe('choosing an option', () => {
  const at = { bolt_diameter: '8', anchor_length: '75' };
  it('honours the clicked value: M10 shows the cheapest M10 (special price counted)', () => {
    const change = chooseOption(parent, at, 'bolt_diameter', '10', { now });
    expect(change).toMatchObject({ chosen: { bolt_diameter: '10', anchor_length: '100' }, child: { sku: 'M10-100' } });
    expect(change.warning).toBeUndefined();
  });

  it('keeps an exact combination', () => {
    expect(chooseOption(parent, { bolt_diameter: '10', anchor_length: '100' }, 'anchor_length', '120', { now }).child?.sku).toBe('M10-120');
  });

  it('warns "No such configuration for the product" and keeps the choice when no available child has the value', () => {
    const change = chooseOption(parent, { bolt_diameter: '12', anchor_length: '100' }, 'anchor_length', '150', { now });
    expect(change).toMatchObject({ chosen: { bolt_diameter: '12', anchor_length: '100' }, child: { sku: 'M12-100' }, warning: 'No such configuration for the product' });
  });
});
