import type { TotalsReply } from '../../../schemas/api/cart';
import { toPence } from '../pricing/money';
import { findTaxRatePercent, type TaxRuleFields } from '../pricing/tax-rate';
import { computeTotals, type TotalsLine } from '../totals/cart-totals';
import type { CouponTerms } from '../totals/coupon-rule';

/** SPEC §5: totals need a default country. */
export const TOTALS_MESSAGES = { noDefaultCountry: 'Please do set the tax.defaultCountry in order to calculate totals' } as const;

/** The standard-rated tax class: whether a destination charges VAT on the shipping fee follows it. */
const STANDARD_TAX_CLASS = 2;

export interface ClientTotalsLine {
  sku: string;
  name: string;
  qty: number;
  /** Unit price excluding tax, whole pence. */
  unitPence: number;
  taxClassId: number;
  typeId: string;
  productOption?: Record<string, unknown> | null;
}

export interface ClientTotalsInput {
  lines: readonly ClientTotalsLine[];
  taxRules: readonly TaxRuleFields[];
  /** The store's tax.defaultCountry (GB for the UK store). */
  defaultCountry: string | null | undefined;
  /** The shopper's destination, when known; else the default country. */
  countryId?: string | null;
  coupon?: CouponTerms | null;
  /** The free-delivery threshold the server last sent (`free_delivery_from`), in pence; null for none. */
  freeDeliveryFromPence?: number | null;
}

/**
 * Totals worked out on the client (SPEC §1: tax is calculated on the client; vsf1 §1.6 offline
 * totals): each line taxed at its class's rate for the destination, with the shared totals rule.
 */
export function clientTotals(input: ClientTotalsInput): { ok: true; totals: TotalsReply } | { ok: false; message: string } {
  if (!input.defaultCountry) return { ok: false, message: TOTALS_MESSAGES.noDefaultCountry };
  const countryId = (input.countryId || input.defaultCountry).toUpperCase();
  const rate = (taxClassId: number) => findTaxRatePercent(input.taxRules, { productTaxClassId: taxClassId, countryId });
  const lines: TotalsLine[] = input.lines.map((line, i) => ({
    itemId: i + 1,
    sku: line.sku,
    name: line.name,
    qty: line.qty,
    unitPence: line.unitPence,
    taxPercent: rate(line.taxClassId),
    typeId: line.typeId,
    options: [],
    productOption: line.productOption ?? null,
  }));
  return { ok: true, totals: computeTotals({ lines, coupon: input.coupon ?? null, destinationChargesVat: rate(STANDARD_TAX_CLASS) > 0, freeDeliveryFromPence: input.freeDeliveryFromPence ?? null }) };
}

/** vsf1 §1.6: the server's total segments while online and present, else the client's. */
export function segmentsToShow<T>(serverSegments: readonly T[] | null | undefined, online: boolean, clientSegments: readonly T[]): readonly T[] {
  return online && serverSegments && serverSegments.length > 0 ? serverSegments : clientSegments;
}

/** The free-delivery threshold in pence from a stored totals reply (`free_delivery_from`), or null. */
export function freeDeliveryFromOf(storedTotals: unknown): number | null {
  if (typeof storedTotals !== 'object' || storedTotals === null) return null;
  const from = (storedTotals as { free_delivery_from?: unknown }).free_delivery_from;
  return typeof from === 'number' && Number.isFinite(from) && from >= 0 ? toPence(from) : null;
}
