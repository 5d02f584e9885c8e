import { describe, expect, it } from 'vitest';
import { couponLineDiscounts, couponRuleOf, couponUsable, keptCouponTerms, readCoupon } from './coupon-rule';

const now = new Date('2025-06-15T12:00:00Z');

describe('readCoupon', () => {
  it('reads the catalogue coupon shape and the short field names', () => {
    expect(readCoupon({ code: 'welcome10', discount_type: 'percent', discount_amount: 10, is_active: true, uses_per_email: 1 })).toMatchObject({
      code: 'WELCOME10', type: 'percent', amount: 10, active: true, usesPerEmail: 1, groupIds: [],
    });
    expect(readCoupon({ code: 'FIVE', type: 'fixed', amount: '5', active: 1 })).toMatchObject({ type: 'fixed', amount: 5, active: true });
  });

  it('refuses documents that cannot be a coupon', () => {
    expect(readCoupon(null)).toBeNull();
    expect(readCoupon({ code: 'X', discount_type: 'bogus', discount_amount: 5 })).toBeNull();
    expect(readCoupon({ code: 'X', discount_type: 'fixed', discount_amount: 0 })).toBeNull();
  });
});

describe('couponUsable', () => {
  const base = readCoupon({ code: 'A', discount_type: 'percent', discount_amount: 10, is_active: true })!;
  it('checks the active flag, the window and the group', () => {
    expect(couponUsable(base, { now, customerGroupId: 0 })).toBe(true);
    expect(couponUsable({ ...base, active: false }, { now, customerGroupId: 0 })).toBe(false);
    expect(couponUsable({ ...base, to: '2025-06-14' }, { now, customerGroupId: 0 })).toBe(false);
    expect(couponUsable({ ...base, from: '2025-07-01' }, { now, customerGroupId: 0 })).toBe(false);
    expect(couponUsable({ ...base, to: '2025-06-15' }, { now, customerGroupId: 0 })).toBe(true);
    expect(couponUsable({ ...base, groupIds: [1] }, { now, customerGroupId: 0 })).toBe(false);
  });
});

describe('couponLineDiscounts', () => {
  it('takes a percentage of every row, rounded per line', () => {
    const terms = readCoupon({ code: 'A', discount_type: 'percent', discount_amount: 10 })!;
    expect(couponLineDiscounts(terms, [1249, 555])).toEqual([125, 56]);
  });

  it('spreads a fixed amount, never more than the subtotal', () => {
    const terms = readCoupon({ code: 'B', discount_type: 'fixed', discount_amount: 5 })!;
    expect(couponLineDiscounts(terms, [1000, 3000])).toEqual([125, 375]);
    expect(couponLineDiscounts(terms, [120, 80])).toEqual([120, 80]);
  });

  it('gives nothing below the minimum subtotal', () => {
    const terms = readCoupon({ code: 'C', discount_type: 'fixed', discount_amount: 5, minimum_subtotal: 50 })!;
    expect(couponLineDiscounts(terms, [4999])).toEqual([0]);
    expect(couponLineDiscounts(terms, [5000])).toEqual([500]);
  });
});

describe('the rule a device keeps', () => {
  const doc = { code: 'site15', discount_type: 'fixed', discount_amount: 15, is_active: true, from_date: '2025-06-01', to_date: '2025-06-30', minimum_subtotal: 150.5, uses_per_email: 1, customer_group_ids: [1] };

  it('reads back as the terms the server applied (the group and usage limit stay with the server)', () => {
    const terms = readCoupon(doc)!;
    const rule = couponRuleOf(terms);
    expect(rule).toEqual({ code: 'SITE15', discount_type: 'fixed', discount_amount: 15, from_date: '2025-06-01', to_date: '2025-06-30', minimum_subtotal: 150.5 });
    expect(keptCouponTerms(JSON.parse(JSON.stringify(rule)), now)).toEqual({ ...terms, groupIds: [], usesPerEmail: null });
  });

  it('drops out once its window has ended, and reads nothing from a missing rule', () => {
    const rule = couponRuleOf(readCoupon(doc)!);
    expect(keptCouponTerms(rule, new Date('2025-06-30T23:00:00Z'))).not.toBeNull();
    expect(keptCouponTerms(rule, new Date('2025-07-01T00:00:00Z'))).toBeNull();
    expect(keptCouponTerms(undefined, now)).toBeNull();
  });
});
