import { describe, expect, it } from 'vitest';
import { requireParentSku, selectVariant } from './variant-selection';

const child = (sku: string, size: string, finish: string, price: number, extra: Record<string, unknown> = {}) => ({
  sku,
  id: sku.length,
  status: 1,
  price,
  size,
  finish,
  stock: { is_in_stock: true, qty: 10 },
  ...extra,
});

const product = {
  sku: 'BOLT',
  type_id: 'configurable',
  configurable_options: [
    { attribute_id: 1, attribute_code: 'size', label: 'Size', values: [{ value_index: 'M8', label: 'M8' }, { value_index: 'M10', label: 'M10' }] },
    { attribute_id: 2, attribute_code: 'finish', label: 'Finish', values: [{ value_index: 'zinc', label: 'Zinc' }, { value_index: 'steel', label: 'Steel' }] },
  ],
  configurable_children: [
    child('BOLT-M8-Z', 'M8', 'zinc', 5),
    child('BOLT-M10-Z', 'M10', 'zinc', 7),
    child('BOLT-M10-S', 'M10', 'steel', 6),
    child('BOLT-M8-S', 'M8', 'steel', 4, { stock: { is_in_stock: false, qty: 0 } }),
    child('BOLT-M12-S', 'M12', 'steel', 3, { status: 2 }),
  ],
};

describe('variant selection (SPEC §4)', () => {
  it('picks the child that matches every chosen option and marks the product configured', () => {
    expect(selectVariant(product, { size: 'M10', finish: 'zinc' })).toMatchObject({ child: { sku: 'BOLT-M10-Z' }, is_configured: true, matched: 2 });
  });

  it('prefers the best match, and breaks a tie with the lower price', () => {
    expect(selectVariant(product, { size: 'M10' })).toMatchObject({ child: { sku: 'BOLT-M10-S' } });
    expect(selectVariant(product, { size: 'M10', finish: 'brass' })).toMatchObject({ child: { sku: 'BOLT-M10-S' }, matched: 1 });
  });

  it('skips out-of-stock children unless listing them is allowed, and children with status 2 or higher always', () => {
    expect(selectVariant(product, { size: 'M8', finish: 'steel' })).toMatchObject({ child: { sku: 'BOLT-M8-Z' }, matched: 1 });
    expect(selectVariant(product, { size: 'M8', finish: 'steel' }, { listOutOfStock: true })).toMatchObject({ child: { sku: 'BOLT-M8-S' }, matched: 2 });
    expect(selectVariant(product, { size: 'M12' })).toEqual({ child: null, is_configured: false, errors: { variants: 'No available product variants' } });
  });

  it('falls back to the first available child where allowed, else sets "No available product variants"', () => {
    expect(selectVariant(product, { size: 'M20' }, { fallbackToFirst: true })).toMatchObject({ child: { sku: 'BOLT-M8-Z' }, is_configured: true, matched: 0 });
    const soldOut = { ...product, configurable_children: product.configurable_children.map((c) => ({ ...c, stock: { is_in_stock: false, qty: 0 } })) };
    expect(selectVariant(soldOut, {}, { fallbackToFirst: true })).toMatchObject({ is_configured: false, errors: { variants: 'No available product variants' } });
  });

  it('with no options chosen, takes the cheapest available child', () => {
    expect(selectVariant(product, {})).toMatchObject({ child: { sku: 'BOLT-M8-Z' } });
  });

  it('needs the parentSku for a variant lookup', () => {
    expect(requireParentSku({ parentSku: 'BOLT' })).toEqual({ ok: true, parentSku: 'BOLT' });
    expect(requireParentSku({})).toMatchObject({ ok: false });
  });
});
