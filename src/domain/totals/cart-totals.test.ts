import { describe, expect, it } from 'vitest';
import { computeTotals, type TotalsLine } from './cart-totals';
import { readCoupon } from './coupon-rule';

const line = (over: Partial<TotalsLine>): TotalsLine => ({
  itemId: 1, sku: 'A', name: 'A', qty: 1, unitPence: 1000, taxPercent: 20, typeId: 'simple', options: [], productOption: null, ...over,
});
const segment = (t: ReturnType<typeof computeTotals>, code: string) => t.total_segments.find((s) => s.code === code)?.value;

describe('computeTotals', () => {
  it('adds 20 % VAT and the 4 / 5 courier fee', () => {
    const t = computeTotals({ lines: [line({ qty: 3, unitPence: 1249 })], coupon: null, destinationChargesVat: true });
    // row 37.47; VAT 7.494 → 7.49; shipping 4 + 1 VAT; grand 37.47 + 4 + 8.49
    expect(t).toMatchObject({ subtotal: 37.47, tax_amount: 8.49, shipping_amount: 4, shipping_incl_tax: 5, shipping_tax_amount: 1, grand_total: 49.96, subtotal_incl_tax: 44.96, discount_amount: 0, items_qty: 3 });
    expect(t.items[0]).toMatchObject({ price: 12.49, price_incl_tax: 14.99, row_total: 37.47, row_total_incl_tax: 44.96, tax_amount: 7.49, tax_percent: 20, options: '[]' });
    expect(t.total_segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'tax', 'grand_total']);
    expect(segment(t, 'shipping')).toBe(4);
    expect(t.total_segments[1]?.title).toBe('Shipping & Handling (Courier flat rate)');
  });

  it('charges no VAT on zero-rated lines', () => {
    const t = computeTotals({ lines: [line({ unitPence: 500, taxPercent: 0 }), line({ itemId: 2, unitPence: 1000 })], coupon: null, destinationChargesVat: true });
    expect(t).toMatchObject({ subtotal: 15, tax_amount: 3, grand_total: 22, subtotal_incl_tax: 17 });
  });

  it('takes a percent coupon off before tax and shows a negative discount', () => {
    const coupon = readCoupon({ code: 'WELCOME10', discount_type: 'percent', discount_amount: 10, is_active: true });
    const t = computeTotals({ lines: [line({ qty: 2, unitPence: 2500 })], coupon, destinationChargesVat: true });
    // row 50; discount 5; VAT on 45 = 9; + shipping 4 + 1 → grand 45 + 4 + 10 = 59
    expect(t).toMatchObject({ subtotal: 50, discount_amount: -5, subtotal_with_discount: 45, tax_amount: 10, grand_total: 59, coupon_code: 'WELCOME10' });
    expect(segment(t, 'discount')).toBe(-5);
    expect(t.items[0]).toMatchObject({ discount_amount: 5, discount_percent: 10, row_total_with_discount: 45, tax_amount: 9 });
    const sum = t.total_segments.filter((s) => s.code !== 'grand_total').reduce((a, s) => a + s.value, 0);
    expect(Math.round(sum * 100) / 100).toBe(t.grand_total);
  });

  it('has no shipping for a virtual-only cart and none for an empty one', () => {
    const t = computeTotals({ lines: [line({ typeId: 'downloadable', taxPercent: 0 })], coupon: null, destinationChargesVat: true });
    expect(t).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, grand_total: 10 });
    expect(t.total_segments.some((s) => s.code === 'shipping')).toBe(false);
    expect(computeTotals({ lines: [], coupon: null, destinationChargesVat: true })).toMatchObject({ grand_total: 0, items_qty: 0, items: [] });
  });

  it('charges the fee without VAT where the destination has none', () => {
    expect(computeTotals({ lines: [line({ taxPercent: 0 })], coupon: null, destinationChargesVat: false })).toMatchObject({ shipping_incl_tax: 4, tax_amount: 0, grand_total: 14 });
  });
});
