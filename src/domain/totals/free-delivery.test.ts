import { describe, expect, it } from 'vitest';
import { clientTotals, freeDeliveryFromOf } from '../checkout-state/client-totals';
import { computeTotals, type TotalsLine } from './cart-totals';
import { readCoupon } from './coupon-rule';
import { COURIER_FLAT_RATE, deliveryFeePence, freeDeliveryShortfallPence } from './delivery-methods';

const line = (unitPence: number, qty: number, typeId = 'simple'): TotalsLine => ({ itemId: 1, sku: 'A', name: 'Anchor', qty, unitPence, taxPercent: 20, typeId, options: [], productOption: null });
const ukVat = [{ id: 1, product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ tax_country_id: 'GB', tax_region_id: 0, rate: 20 }] }];

describe('free delivery', () => {
  it('charges the flat rate below the threshold and nothing from it, on the goods excl. VAT', () => {
    expect(deliveryFeePence(true, 5999, 6000)).toEqual({ amount: COURIER_FLAT_RATE.amountPence, inclTax: COURIER_FLAT_RATE.inclTaxPence });
    expect(deliveryFeePence(true, 6000, 6000)).toEqual({ amount: 0, inclTax: 0 });
    // Without a threshold every order pays the flat rate (SPEC §3).
    expect(deliveryFeePence(true, 1_000_000, null)).toEqual({ amount: 400, inclTax: 500 });
    expect(freeDeliveryShortfallPence(4500, 6000)).toBe(1500);
    expect(freeDeliveryShortfallPence(7000, 6000)).toBe(0);
    expect(freeDeliveryShortfallPence(7000, null)).toBeNull();
  });

  it('the totals apply it after the discount, and say the threshold so the device can apply it offline', () => {
    // £110.85 excl. VAT of goods: delivered free with a £60 threshold.
    const free = computeTotals({ lines: [line(11085, 1)], coupon: null, destinationChargesVat: true, freeDeliveryFromPence: 6000 });
    expect(free).toMatchObject({ shipping_amount: 0, shipping_incl_tax: 0, grand_total: 133.02, free_delivery_from: 60 });
    // £62 less 10 % is £55.80: below £60, so the flat rate applies.
    const coupon = readCoupon({ code: 'WELCOME10', discount_type: 'percent', discount_amount: 10 });
    expect(computeTotals({ lines: [line(6200, 1)], coupon, destinationChargesVat: true, freeDeliveryFromPence: 6000 })).toMatchObject({ shipping_amount: 4, shipping_incl_tax: 5 });
    expect(computeTotals({ lines: [line(11085, 1)], coupon: null, destinationChargesVat: true })).not.toHaveProperty('free_delivery_from');
  });

  it("the device's totals read the threshold the server sent and come to the server's figure", () => {
    const server = computeTotals({ lines: [line(11085, 1)], coupon: null, destinationChargesVat: true, freeDeliveryFromPence: 6000 });
    expect(freeDeliveryFromOf(server)).toBe(6000);
    expect(freeDeliveryFromOf({})).toBeNull();
    const device = clientTotals({ lines: [{ sku: 'A', name: 'Anchor', qty: 1, unitPence: 11085, taxClassId: 2, typeId: 'simple' }], taxRules: ukVat, defaultCountry: 'GB', freeDeliveryFromPence: freeDeliveryFromOf(server) });
    expect(device.ok && device.totals.grand_total).toBe(server.grand_total);
  });
});
