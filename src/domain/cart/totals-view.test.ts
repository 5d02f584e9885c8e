import { describe, expect, it } from 'vitest';
import { readCoupon } from '../totals/coupon-rule';
import { totalsView } from './totals-view';

const ukVat = [{ id: 1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] }];
const anchors = { sku: 'A', name: 'Anchor', qty: 2, unitPence: 1000, taxClassId: 2, typeId: 'simple' };
const server = [
  { code: 'grand_total', title: 'Grand Total', value: 31.6 },
  { code: 'subtotal', title: 'Subtotal', value: 20 },
  { code: 'discount', title: 'Discount (WELCOME10)', value: -2 },
  { code: 'shipping', title: 'Shipping & Handling (Flat Rate)', value: 4 },
  { code: 'tax', title: 'Tax', value: 4.6, area: 'taxes' },
];
const base = { lines: [anchors], taxRules: ukVat, defaultCountry: 'GB', serverSegments: server, serverCurrent: true, online: true };

describe('minicart totals', () => {
  it('shows the server segments in a fixed order when they are current', () => {
    const view = totalsView(base);
    expect(view.source).toBe('server');
    expect(view.rows.map((r) => [r.code, r.value])).toEqual([
      ['subtotal', 20],
      ['shipping', 4],
      ['discount', -2],
      ['tax', 4.6],
      ['grand_total', 31.6],
    ]);
  });

  it('works the totals out locally when offline or when the lines changed since the sync', () => {
    for (const change of [{ online: false }, { serverCurrent: false }, { serverSegments: null }]) {
      const view = totalsView({ ...base, ...change });
      expect(view.source).toBe('client');
      // 2 x 10.00 + 4.00 shipping; VAT 4.00 on the goods and 1.00 on the shipping (SPEC: 4 excl., 5 incl.).
      expect(view.rows.map((r) => [r.code, r.value])).toEqual([
        ['subtotal', 20],
        ['shipping', 4],
        ['tax', 5],
        ['grand_total', 29],
      ]);
    }
  });

  it('offline, takes off the coupon the cart kept, as the server segments did', () => {
    const coupon = readCoupon({ code: 'WELCOME10', discount_type: 'percent', discount_amount: 10 });
    const view = totalsView({ ...base, online: false, coupon });
    expect(view.source).toBe('client');
    // 20.00 − 2.00; VAT 3.60 on the goods and 1.00 on the shipping: the discount and VAT of the server segments above.
    expect(view.rows.map((r) => [r.code, r.value])).toEqual([
      ['subtotal', 20],
      ['shipping', 4],
      ['discount', -2],
      ['tax', 4.6],
      ['grand_total', 26.6],
    ]);
  });

  it('drops a zero discount row and shows nothing for an empty cart', () => {
    const view = totalsView({ ...base, serverSegments: server.map((s) => (s.code === 'discount' ? { ...s, value: 0 } : s)) });
    expect(view.rows.some((r) => r.code === 'discount')).toBe(false);
    expect(totalsView({ ...base, lines: [] }).rows).toEqual([]);
  });

  it('reports the missing default country', () => {
    expect(totalsView({ ...base, online: false, defaultCountry: null }).message).toBe('Please do set the tax.defaultCountry in order to calculate totals');
  });
});
