import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ordersCsv } from './order-export';

const order = {
  increment_id: '000001001',
  order_id: 'o-1',
  created_at: '2026-11-26T08:00:00.000Z',
  status: 'pending',
  email: 'site@example.com',
  shipping_address: { firstname: '=HYPERLINK("x")', lastname: 'Smith, Jr', street: ['Unit 4', 'Quay "Road"'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB' },
  shipping_description: 'Courier - Flat rate',
  grand_total: 27.5,
  items: [
    { sku: 'WS-4-40', name: 'Wood screw 4x40', qty_ordered: 2, price_incl_tax: 5.82, row_total_incl_tax: 11.64 },
    { sku: 'AN-M8', name: 'Anchor M8', qty_ordered: 1, price_incl_tax: 11.86, row_total_incl_tax: 11.86 },
  ],
};

describe('ordersCsv', () => {
  it('writes one row per order line with the order repeated, quoted so commas and quotes survive', () => {
    const rows = parse<Record<string, string>>(ordersCsv([order]), { columns: true });
    expect(rows.map((r) => [r.order_number, r.sku, r.qty, r.row_total_incl_vat, r.order_total_incl_vat])).toEqual([
      ['000001001', 'WS-4-40', '2', '11.64', '27.5'],
      ['000001001', 'AN-M8', '1', '11.86', '27.5'],
    ]);
    expect(rows[0]!.ship_to_street).toBe('Unit 4, Quay "Road"');
  });

  it('never lets a cell start a spreadsheet formula', () => {
    const rows = parse<Record<string, string>>(ordersCsv([order]), { columns: true });
    expect(rows[0]!.ship_to_name).toBe(`'=HYPERLINK("x") Smith, Jr`);
  });
});
