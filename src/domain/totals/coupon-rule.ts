import type { CouponRuleReply } from '../../../schemas/api/cart';
import { fromPence, readAmount, toPence } from '../pricing/money';
import { isInsideWindow } from '../pricing/special-price';
import { allocate, percentOf } from './allocate';

/** A coupon's terms, read defensively from its document (schemas/catalog/coupon.ts). */
export interface CouponTerms {
  code: string;
  type: 'percent' | 'fixed';
  /** Percent (10 = 10 %) or pounds excluding tax. */
  amount: number;
  active: boolean;
  from: unknown;
  to: unknown;
  /** Empty: every customer group. */
  groupIds: number[];
  minimumSubtotalPence: number;
  usesPerEmail: number | null;
}

/** Null when the document cannot be a usable coupon (no code, type or amount). */
export function readCoupon(doc: unknown): CouponTerms | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as Record<string, unknown>;
  const code = typeof d.code === 'string' ? d.code.trim().toUpperCase() : '';
  const type = d.discount_type ?? d.type;
  const amount = readAmount(d.discount_amount ?? d.amount);
  if (!code || (type !== 'percent' && type !== 'fixed') || amount === undefined || amount <= 0) return null;
  const active = d.is_active ?? d.active ?? true;
  const groups = Array.isArray(d.customer_group_ids) ? d.customer_group_ids.map(readAmount).filter((g): g is number => g !== undefined) : [];
  const uses = readAmount(d.uses_per_email);
  return {
    code,
    type,
    amount: type === 'percent' ? Math.min(amount, 100) : amount,
    active: active === true || active === 1 || active === '1',
    from: d.from_date ?? d.from,
    to: d.to_date ?? d.to,
    groupIds: groups,
    minimumSubtotalPence: toPence(readAmount(d.minimum_subtotal) ?? 0),
    usesPerEmail: uses !== undefined && uses >= 1 ? Math.floor(uses) : null,
  };
}

/** Whether the coupon may be applied now by this customer group (active, inside its window, group). */
export function couponUsable(terms: CouponTerms, context: { now: Date; customerGroupId: number }): boolean {
  if (!terms.active) return false;
  if (!isInsideWindow(terms.from, terms.to, context.now)) return false;
  return terms.groupIds.length === 0 || terms.groupIds.includes(context.customerGroupId);
}

/**
 * The discount of each line in pence, on the row totals excluding tax. Percent: that share of each
 * row, rounded per line. Fixed: the amount (at most the subtotal) spread over the rows in proportion.
 * Nothing when the subtotal is below the coupon's minimum.
 */
export function couponLineDiscounts(terms: CouponTerms, rowTotals: readonly number[]): number[] {
  const subtotal = rowTotals.reduce((a, b) => a + b, 0);
  if (subtotal <= 0 || subtotal < terms.minimumSubtotalPence) return rowTotals.map(() => 0);
  if (terms.type === 'percent') return rowTotals.map((row) => percentOf(row, terms.amount));
  return allocate(Math.min(toPence(terms.amount), subtotal), rowTotals);
}

const windowBound = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The rule the server sends with the totals of a cart that has the coupon: what the discount and its
 * window depend on, read back by `readCoupon` exactly as the server read the coupon document.
 */
export function couponRuleOf(terms: CouponTerms): CouponRuleReply {
  return {
    code: terms.code,
    discount_type: terms.type,
    discount_amount: terms.amount,
    from_date: windowBound(terms.from),
    to_date: windowBound(terms.to),
    minimum_subtotal: fromPence(terms.minimumSubtotalPence),
  };
}

/**
 * The coupon a device kept from the cart's last server totals, as terms for the shared totals rule,
 * while it is still inside its window at `now` (the server would drop it after that too). The group
 * was checked when the server applied it, and it cannot change without a connection.
 */
export function keptCouponTerms(rule: unknown, now: Date): CouponTerms | null {
  const terms = readCoupon(rule);
  return terms && terms.active && isInsideWindow(terms.from, terms.to, now) ? terms : null;
}
