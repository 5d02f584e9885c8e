import type { Coupon } from '../../schemas/catalog/coupon';

const DAY = 86_400_000;

/**
 * Cart coupons. WELCOME10 is the 10 % the newsletter sign-up promises (SPEC §1), once per e-mail
 * address. TRADE5 is for trade accounts (customer group 1). EXPIRED20 ended before `now`, so
 * applying it must fail with "You've entered an incorrect coupon code".
 */
export function buildCoupons(nowMs: number): Coupon[] {
  const at = (days: number) => new Date(nowMs + days * DAY).toISOString();
  return [
    { code: 'WELCOME10', description: 'Newsletter welcome: 10% off your first order', discount_type: 'percent', discount_amount: 10, is_active: true, from_date: null, to_date: null, uses_per_email: 1, customer_group_ids: [0, 1], created_at: at(-400) },
    { code: 'TRADE5', description: 'Trade account: 5% off every order', discount_type: 'percent', discount_amount: 5, is_active: true, from_date: null, to_date: null, uses_per_email: null, customer_group_ids: [1], created_at: at(-300) },
    { code: 'EXPIRED20', description: 'Spring clearance: 20% off (ended)', discount_type: 'percent', discount_amount: 20, is_active: true, from_date: at(-90), to_date: at(-30), uses_per_email: null, customer_group_ids: [0, 1], created_at: at(-95) },
    { code: 'SITE15', description: '£15 off orders over £150 excl. VAT', discount_type: 'fixed', discount_amount: 15, is_active: true, from_date: at(-10), to_date: at(50), uses_per_email: null, customer_group_ids: [0, 1], minimum_subtotal: 150, created_at: at(-12) },
  ];
}
