import { describe, expect, it } from 'vitest';
import { readCoupon } from '../totals/coupon-rule';
import { totalsView } from './totals-view';

const ukVat = [{ id: 1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] }];
const anchors = { sku: 'A', name: 'Anchor', qty: 2, unitPence: 1000, taxClassId: 2, typeId: 'simple' };
// The server's reply for 2 × 10.00 with WELCOME10 (10 % off), as the cart state stores it.
const server = { subtotal: 20, subtotal_incl_tax: 24, shipping_amount: 4, shipping_incl_tax: 5, discount_amount: -2, tax_amount: 4.6, grand_total: 26.6, coupon_code: 'WELCOME10' };
const base = { lines: [anchors], taxRules: ukVat, defaultCountry: 'GB', serverTotals: server, serverCurrent: true, online: true };

describe('minicart totals', () => {
  it("shows the server's totals, subtotal and delivery incl. VAT as checkout shows them", () => {
    const view = totalsView(base);
    expect(view.source).toBe('server');
    expect(view.rows).toEqual([
      { code: 'subtotal', value: 24 },
      { code: 'shipping', value: 5 },
      { code: 'discount', value: -2, coupon: 'WELCOME10' },
      { code: 'tax', value: 4.6 },
      { code: 'grand_total', value: 26.6 },
    ]);
  });

  it('works the totals out locally when offline, when the lines changed since the sync, or when the stored totals do not read', () => {
    for (const change of [{ online: false }, { serverCurrent: false }, { serverTotals: null }, { serverTotals: { grand_total: 'x' } }]) {
      const view = totalsView({ ...base, ...change });
      expect(view.source).toBe('client');
      // 2 x 10.00 = 24.00 incl. VAT; delivery 5.00 incl. VAT (SPEC: 4 excl., 5 incl.); VAT 4.00 + 1.00.
      expect(view.rows.map((r) => [r.code, r.value])).toEqual([
        ['subtotal', 24],
        ['shipping', 5],
        ['tax', 5],
        ['grand_total', 29],
      ]);
    }
  });

  it('offline, takes off the coupon the cart kept, as the server did', () => {
    const coupon = readCoupon({ code: 'WELCOME10', discount_type: 'percent', discount_amount: 10 });
    const view = totalsView({ ...base, online: false, coupon });
    expect(view.source).toBe('client');
    expect(view.rows.map((r) => [r.code, r.value])).toEqual([
      ['subtotal', 24],
      ['shipping', 5],
      ['discount', -2],
      ['tax', 4.6],
      ['grand_total', 26.6],
    ]);
  });

  it('drops a zero discount row and shows nothing for an empty cart', () => {
    const view = totalsView({ ...base, serverTotals: { ...server, discount_amount: 0 } });
    expect(view.rows.some((r) => r.code === 'discount')).toBe(false);
    expect(totalsView({ ...base, lines: [] }).rows).toEqual([]);
  });

  it('says how far the cart is from free delivery, and applies the threshold offline as the server did', () => {
    const withThreshold = { ...server, subtotal_with_discount: 18, free_delivery_from: 60 };
    expect(totalsView({ ...base, serverTotals: withThreshold }).freeDeliveryShortfallPence).toBe(4200);
    expect(totalsView({ ...base, serverTotals: { ...server, subtotal_with_discount: 18 } }).freeDeliveryShortfallPence).toBeUndefined();
    // Offline with 7 × 10.00 = 70.00 excl. VAT: the stored threshold makes delivery free here too.
    const offline = totalsView({ ...base, online: false, lines: [{ ...anchors, qty: 7 }], serverTotals: withThreshold });
    expect(offline.freeDeliveryShortfallPence).toBe(0);
    expect(offline.rows.map((r) => r.code)).not.toContain('shipping');
    expect(offline.rows.find((r) => r.code === 'grand_total')?.value).toBe(84);
  });

  it('reports the missing default country', () => {
    expect(totalsView({ ...base, online: false, defaultCountry: null }).message).toBe('Please do set the tax.defaultCountry in order to calculate totals');
  });
});
