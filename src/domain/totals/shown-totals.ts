import type { TotalsReply } from '../../../schemas/api/cart';

/** One row of the totals a shopper sees; `value` in pounds (a discount is negative). */
export interface ShownTotalsRow {
  code: 'subtotal' | 'shipping' | 'discount' | 'tax' | 'grand_total';
  value: number;
  /** The coupon a discount row is for. */
  coupon?: string;
}

/**
 * The totals as every screen shows them (minicart and checkout alike), all on one basis: the
 * subtotal and the delivery including VAT (so delivery reads £5.00 everywhere in GB), the discount,
 * the VAT they include, and the grand total the shopper pays. A discount of nothing is left out, and
 * so is delivery for a cart that ships nothing.
 */
export function shownTotalsRows(totals: Pick<TotalsReply, 'subtotal_incl_tax' | 'shipping_incl_tax' | 'discount_amount' | 'tax_amount' | 'grand_total' | 'coupon_code'>): ShownTotalsRow[] {
  const rows: ShownTotalsRow[] = [{ code: 'subtotal', value: totals.subtotal_incl_tax }];
  if (totals.shipping_incl_tax > 0) rows.push({ code: 'shipping', value: totals.shipping_incl_tax });
  if (totals.discount_amount !== 0) rows.push({ code: 'discount', value: totals.discount_amount, ...(totals.coupon_code ? { coupon: totals.coupon_code } : {}) });
  rows.push({ code: 'tax', value: totals.tax_amount });
  rows.push({ code: 'grand_total', value: totals.grand_total });
  return rows;
}

const FIELDS = ['subtotal_incl_tax', 'shipping_incl_tax', 'discount_amount', 'tax_amount', 'grand_total'] as const;

/** A stored totals reply (the cart state keeps it as the server sent it) when it has the figures shown. */
export function readShownTotals(stored: unknown): Parameters<typeof shownTotalsRows>[0] | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  if (!FIELDS.every((f) => typeof record[f] === 'number' && Number.isFinite(record[f]))) return null;
  const coupon = typeof record.coupon_code === 'string' ? record.coupon_code : undefined;
  return {
    subtotal_incl_tax: record.subtotal_incl_tax as number,
    shipping_incl_tax: record.shipping_incl_tax as number,
    discount_amount: record.discount_amount as number,
    tax_amount: record.tax_amount as number,
    grand_total: record.grand_total as number,
    ...(coupon ? { coupon_code: coupon } : {}),
  };
}
