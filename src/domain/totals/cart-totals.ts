import type { TotalSegment, TotalsItemReply, TotalsReply } from '../../../schemas/api/cart';
import { addPercent, fromPence } from '../pricing/money';
import { percentOf } from './allocate';
import { couponLineDiscounts, type CouponTerms } from './coupon-rule';
import { COURIER_FLAT_RATE, deliveryFeePence, isShippedType } from './delivery-methods';
import { rowTotal } from './row-total';

/** A priced cart line: the unit price already has tiers, special window and option prices applied. */
export interface TotalsLine {
  itemId: number;
  sku: string;
  name: string;
  qty: number;
  /** Unit price excluding tax, whole pence. */
  unitPence: number;
  taxPercent: number;
  typeId: string;
  /** Chosen options for display, e.g. `[{label: 'Colour', value: 'Red'}]`. */
  options: { label: string; value: string }[];
  productOption: Record<string, unknown> | null;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** A coupon already found usable for this shopper now; its minimum subtotal is checked here. */
  coupon: CouponTerms | null;
  /** Whether the destination charges VAT on the shipping fee (SPEC: 4.00 → 5.00 in GB). */
  destinationChargesVat: boolean;
  /** The shop's free-delivery threshold excl. VAT in pence, or null/absent for none (`deliveryFeePence`). */
  freeDeliveryFromPence?: number | null;
}

/**
 * The cart totals (vsf1 §4) from priced lines, in whole pence, rounded per line:
 * row = unit × qty; discount per row (coupon rule); tax per row = percent of (row − discount);
 * incl-tax display figures = row + percent of row (before discount, as Magento shows them).
 * Shipping is the courier flat rate when anything is shipped. grand = subtotal − discount + shipping + tax.
 */
export function computeTotals(input: TotalsInput): TotalsReply {
  const rows = input.lines.map((l) => rowTotal(l.unitPence, l.qty, l.taxPercent).exclPence);
  const discounts = input.coupon ? couponLineDiscounts(input.coupon, rows) : rows.map(() => 0);
  const items: TotalsItemReply[] = input.lines.map((line, i) => {
    const row = rows[i] ?? 0;
    const discount = discounts[i] ?? 0;
    const tax = percentOf(row - discount, line.taxPercent);
    return {
      item_id: line.itemId,
      sku: line.sku,
      name: line.name,
      qty: line.qty,
      price: fromPence(line.unitPence),
      price_incl_tax: fromPence(addPercent(line.unitPence, line.taxPercent)),
      row_total: fromPence(row),
      row_total_incl_tax: fromPence(rowTotal(line.unitPence, line.qty, line.taxPercent).inclPence),
      base_row_total_incl_tax: fromPence(rowTotal(line.unitPence, line.qty, line.taxPercent).inclPence),
      row_total_with_discount: fromPence(row - discount),
      discount_amount: fromPence(discount),
      discount_percent: input.coupon?.type === 'percent' && discount > 0 ? input.coupon.amount : 0,
      tax_amount: fromPence(tax),
      tax_percent: line.taxPercent,
      options: JSON.stringify(line.options),
      product_option: line.productOption,
    };
  });
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const subtotal = sum(rows);
  const discount = sum(discounts);
  const itemsTax = sum(input.lines.map((l, i) => percentOf((rows[i] ?? 0) - (discounts[i] ?? 0), l.taxPercent)));
  const subtotalInclTax = sum(input.lines.map((l) => rowTotal(l.unitPence, l.qty, l.taxPercent).inclPence));
  const ships = input.lines.some((l) => isShippedType(l.typeId));
  const freeFrom = input.freeDeliveryFromPence ?? null;
  const fee = ships ? deliveryFeePence(input.destinationChargesVat, subtotal - discount, freeFrom) : { amount: 0, inclTax: 0 };
  const shippingTax = fee.inclTax - fee.amount;
  const tax = itemsTax + shippingTax;
  const grand = subtotal - discount + fee.amount + tax;
  const couponApplied = input.coupon !== null && discount > 0;

  const segments: TotalSegment[] = [{ code: 'subtotal', title: 'Subtotal', value: fromPence(subtotal) }];
  if (ships) segments.push({ code: 'shipping', title: `Shipping & Handling (${COURIER_FLAT_RATE.method_title})`, value: fromPence(fee.amount) });
  if (couponApplied) segments.push({ code: 'discount', title: `Discount (${input.coupon!.code})`, value: fromPence(-discount) });
  segments.push({ code: 'tax', title: 'Tax', value: fromPence(tax), area: 'taxes' });
  segments.push({ code: 'grand_total', title: 'Grand Total', value: fromPence(grand), area: 'footer' });

  return {
    grand_total: fromPence(grand),
    subtotal: fromPence(subtotal),
    discount_amount: discount === 0 ? 0 : fromPence(-discount),
    subtotal_with_discount: fromPence(subtotal - discount),
    shipping_amount: fromPence(fee.amount),
    shipping_discount_amount: 0,
    shipping_tax_amount: fromPence(shippingTax),
    shipping_incl_tax: fromPence(fee.inclTax),
    tax_amount: fromPence(tax),
    subtotal_incl_tax: fromPence(subtotalInclTax),
    base_currency_code: 'GBP',
    quote_currency_code: 'GBP',
    items_qty: sum(input.lines.map((l) => l.qty)),
    ...(couponApplied ? { coupon_code: input.coupon!.code } : {}),
    // The threshold travels with the totals, so the device applies the same rule offline.
    ...(freeFrom !== null ? { free_delivery_from: fromPence(freeFrom) } : {}),
    items,
    total_segments: segments,
  };
}
