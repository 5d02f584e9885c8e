import { describe, expect, it } from 'vitest';
import type { Doc } from '../cart/doc-fields';
import { axesOf, chooseOption, optionsOf, valueAvailable } from './variant-options';
import { selectVariant } from './variant-selection';

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

describe('the axes of a configurable product', () => {
  it('lists the options in order with their labels, and the values a child stands for', () => {
    expect(axesOf(parent).map((a) => [a.code, a.label, a.values.map((v) => v.label).join(' ')])).toEqual([
      ['bolt_diameter', 'Thread diameter', 'M8 M10 M12'],
      ['anchor_length', 'Length', '95 mm 100 mm 150 mm'],
    ]);
    expect(optionsOf(parent, child('M10-100', '10', '100', 1))).toEqual({ bolt_diameter: '10', anchor_length: '100' });
  });

  it('skips disabled and out-of-stock children when telling which values lead somewhere', () => {
    expect(selectVariant(parent, { bolt_diameter: '8', anchor_length: '95' }, { now }).child?.sku).toBe('M8-75');
    expect(valueAvailable(parent, { bolt_diameter: '8' }, 'anchor_length', '95')).toBe(false);
    expect(valueAvailable(parent, { bolt_diameter: '8', anchor_length: '75' }, 'bolt_diameter', '10')).toBe(true);
    expect(valueAvailable(parent, { bolt_diameter: '12' }, 'anchor_length', '150')).toBe(false);
    expect(valueAvailable(parent, { bolt_diameter: '12' }, 'anchor_length', '150', { listOutOfStock: true })).toBe(true);
    expect(valueAvailable(parent, { bolt_diameter: '12' }, 'anchor_length', '100')).toBe(true);
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
    expect(chooseOption(parent, { bolt_diameter: '10', anchor_length: '100' }, 'anchor_length', '120', { now })).toMatchObject({
      chosen: { bolt_diameter: '10', anchor_length: '120' },
      child: { sku: 'M10-120' },
    });
  });

  it('warns "No such configuration for the product" and keeps the choice when no available child has the value', () => {
    const change = chooseOption(parent, { bolt_diameter: '12', anchor_length: '100' }, 'anchor_length', '150', { now });
    expect(change).toMatchObject({ chosen: { bolt_diameter: '12', anchor_length: '100' }, child: { sku: 'M12-100' }, warning: 'No such configuration for the product' });
  });

  it('reports "No available product variants" when no child can be chosen at all', () => {
    const none = { ...parent, configurable_children: [child('X', '8', '95', 1, { status: 2 })] };
    expect(chooseOption(none, {}, 'bolt_diameter', '8', { now })).toEqual({ chosen: {}, error: 'No available product variants' });
  });
});
