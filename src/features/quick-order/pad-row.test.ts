import { describe, expect, it } from 'vitest';
import { createCatalogIndex } from '../../domain/catalog-query/catalog-index';
import { findByCode } from '../../domain/catalog-query/code-lookup';
import type { Doc } from '../../domain/cart/doc-fields';
import { evaluateRow, type RowContext } from './pad-row';

const stock = (qty: number, is_in_stock = qty > 0) => ({ is_in_stock, qty, manage_stock: true });
const simple = (id: number, sku: string, fields: Doc = {}): Doc => ({
  id, sku, name: `Product ${sku}`, url_key: sku.toLowerCase(), type_id: 'simple', status: 1, visibility: 4, price: 10, tax_class_id: 2, stock: stock(100), ...fields,
});

const catalogue: Doc[] = [
  simple(1, 'WS-4-40', { ean: '5012345678900', price: 5, sell_unit_description: 'Box of 200', lead_time_days: 0, tier_prices: [{ customer_group_id: 0, qty: 10, value: 4 }, { customer_group_id: 1, qty: 5, value: 3.5 }] }),
  simple(2, 'TEK-OOS', { stock: stock(0, false) }),
  simple(3, 'TB-TP', { minimum_order: 5, stock: stock(12) }),
  simple(4, 'CARD', { price: 0 }),
  simple(5, 'ROD-CUT', { custom_options: [{ option_id: 9, title: 'Length', type: 'field', is_require: true, price: 0, price_type: 'fixed' }] }),
  simple(6, 'SDSM-40', { stock: stock(0, false), lead_time_days: 14 }),
  {
    ...simple(7, 'TB-RANGE', { type_id: 'configurable', price: 11 }),
    configurable_options: [{ attribute_id: 90, attribute_code: 'bolt_diameter', label: 'Thread diameter', values: [{ value_index: '8', label: 'M8' }, { value_index: '10', label: 'M10' }] }],
    configurable_children: [
      { id: 71, sku: 'TB-M8', ean: '4006381333931', name: 'Through Bolt M8', status: 1, price: 11, stock: stock(40), bolt_diameter: '8', sell_unit_description: 'Box of 50' },
      { id: 72, sku: 'TB-M10', name: 'Through Bolt M10', status: 1, price: 13, stock: stock(0, false), bolt_diameter: '10' },
    ],
  },
];

function context(extra: Partial<RowContext> = {}): RowContext {
  const index = createCatalogIndex('product', catalogue);
  return { lookup: (code) => findByCode(index, code), customerGroupId: 0, now: new Date('2025-06-01T09:00:00Z'), taxPercent: () => 20, inCart: () => 0, ...extra };
}

const row = (code: string, qty = '') => ({ code, qty });

describe('evaluateRow', () => {
  it('prices a ready row at its quantity, tiers included, excluding and including VAT', () => {
    const ready = evaluateRow(row('ws-4-40', '10'), context());
    expect(ready).toMatchObject({ kind: 'ready', line: { qty: 10, productOption: {} } });
    if (ready.kind !== 'ready') return;
    expect(ready.product).toMatchObject({ sku: 'WS-4-40', name: 'Product WS-4-40', url: '/p/WS-4-40/ws-4-40', sellUnit: 'Box of 200', minimumOrder: 1, leadTimeDays: 0, stock: { inStock: true, qty: 100 } });
    expect(ready.product.price).toEqual({ unitPence: 400, unitInclPence: 480, totalPence: 4000, totalInclPence: 4800 });
    expect(evaluateRow(row('WS-4-40', '9'), context())).toMatchObject({ product: { price: { unitPence: 500 } } });
    // A trade customer's own breaks.
    expect(evaluateRow(row('WS-4-40', '5'), context({ customerGroupId: 1 }))).toMatchObject({ product: { price: { unitPence: 350, totalInclPence: 2100 } } });
  });

  it("totals a row as checkout and the server do: VAT on the row, not 12 × the rounded unit", () => {
    const pad = context({ lookup: (code) => findByCode(createCatalogIndex('product', [simple(8, 'PLUG', { price: 3.89 })]), code) });
    const priced = evaluateRow(row('PLUG', '12'), pad);
    // £4.67 incl. VAT a unit; the row is £56.02 (46.68 + 9.34), the figure computeTotals stores.
    expect(priced).toMatchObject({ product: { price: { unitInclPence: 467, totalPence: 4668, totalInclPence: 5602 } } });
  });

  it('finds a product by its EAN, and takes the minimum order when no quantity is given', () => {
    expect(evaluateRow(row('5012345678900'), context())).toMatchObject({ kind: 'ready', product: { sku: 'WS-4-40' }, line: { qty: 1 } });
    expect(evaluateRow(row('TB-TP'), context())).toMatchObject({ kind: 'ready', line: { qty: 5 } });
  });

  it("resolves a configurable product's variant by SKU or EAN to the parent with that variant's options", () => {
    const ready = evaluateRow(row('TB-M8', '2'), context());
    expect(ready).toMatchObject({ kind: 'ready', product: { sku: 'TB-M8', name: 'Through Bolt M8', url: '/p/TB-RANGE/tb-range/TB-M8', sellUnit: 'Box of 50', options: [{ label: 'Thread diameter', value: 'M8' }] } });
    if (ready.kind !== 'ready') return;
    expect(ready.line.product.sku).toBe('TB-RANGE');
    expect(ready.line.childSku).toBe('TB-M8');
    expect(ready.line.productOption).toEqual({ extension_attributes: { configurable_item_options: [{ option_id: '90', option_value: '8' }] } });
    expect(evaluateRow(row('4006381333931'), context())).toMatchObject({ kind: 'ready', product: { sku: 'TB-M8' } });
  });

  it('gives the product page messages for what cannot be added', () => {
    const refused = (code: string, qty = '') => {
      const outcome = evaluateRow(row(code, qty), context());
      return outcome.kind === 'refused' ? `${outcome.type}: ${outcome.message}` : outcome.kind;
    };
    expect(refused('NO-SUCH-SKU')).toBe('unknown');
    expect(refused('  ')).toBe('empty');
    expect(refused('TEK-OOS', '1')).toBe('error: The product is out of stock and cannot be added to the cart!');
    expect(refused('TB-M10', '1')).toBe('error: The product is out of stock and cannot be added to the cart!');
    expect(refused('TB-TP', '2')).toBe('error: The minimum quantity for this product is 5.');
    expect(refused('TB-TP', '13')).toBe('error: Only 12 products of this type are available.');
    expect(refused('WS-4-40', '2.5')).toBe('error: Quantity must be positive integer.');
    expect(refused('WS-4-40', '0')).toBe('error: Quantity must be above 0.');
    expect(refused('CARD', '1')).toBe('error: Product price is unknown, product cannot be added to the cart!');
    expect(refused('ROD-CUT', '1')).toBe('error: Please configure product bundle/custom options and fix the validation errors.');
    expect(refused('TB-RANGE', '1')).toBe('warning: No such configuration for the product');
  });

  it('still shows what it knows of a refused product: the special-order lead time, the stock', () => {
    const outcome = evaluateRow(row('SDSM-40', '1'), context());
    expect(outcome).toMatchObject({ kind: 'refused', product: { leadTimeDays: 14, stock: { inStock: false, qty: 0 } } });
  });

  it('counts what the cart already holds towards the minimum order and the stock', () => {
    expect(evaluateRow(row('TB-TP', '2'), context({ inCart: (sku) => (sku === 'TB-TP' ? 5 : 0) }))).toMatchObject({ kind: 'ready', line: { qty: 2 } });
    expect(evaluateRow(row('TB-TP', '8'), context({ inCart: (sku) => (sku === 'TB-TP' ? 5 : 0) }))).toMatchObject({ kind: 'refused', message: 'Only 12 products of this type are available.' });
  });
});
