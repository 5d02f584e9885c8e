import type { TotalsReply } from '../../schemas/api/cart';
import { TAX_CLASS } from '../../schemas/catalog/product';
import { findTaxRatePercent, type TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { DEFAULT_COUNTRY } from '../../src/domain/tax/destination';
import { computeTotals } from '../../src/domain/totals/cart-totals';
import { couponRuleOf, couponUsable, readCoupon, type CouponTerms } from '../../src/domain/totals/coupon-rule';
import type { Queryable } from '../db/database';
import type { PricedLine } from './line-pricing';

export interface Destination {
  countryId: string;
  regionId?: number;
}

/** The live tax rule documents, as `doc`. */
export const TAX_RULES_SQL = "select doc from catalog_documents where entity = 'taxrule' and not deleted";

/** The tax rule documents of the catalogue: a handful, read per calculation so an import applies at once. */
export async function loadTaxRules(db: Queryable): Promise<TaxRuleFields[]> {
  const rows = await db.query<{ doc: TaxRuleFields }>(TAX_RULES_SQL);
  return rows.map((r) => r.doc);
}

/** Coupon codes compare without regard to case. */
export async function findCoupon(db: Queryable, code: string): Promise<CouponTerms | null> {
  const rows = await db.query<{ doc: unknown; code: string }>('select code, doc from coupons where upper(code) = upper($1) limit 1', [code.trim()]);
  const row = rows[0];
  if (!row) return null;
  return readCoupon({ ...(row.doc as object), code: row.code });
}

/** The coupon when it still applies to this shopper now, else null (its discount simply drops out). */
export async function usableCoupon(db: Queryable, code: string | null | undefined, customerGroupId: number, now: Date): Promise<CouponTerms | null> {
  if (!code) return null;
  const terms = await findCoupon(db, code);
  return terms && couponUsable(terms, { now, customerGroupId }) ? terms : null;
}

/** A product without a tax class is standard-rated: charging VAT is the safe default for UK goods. */
export function taxClassOf(line: PricedLine): number {
  return line.taxClassId ?? TAX_CLASS.standard;
}

export function taxPercentFor(rules: readonly TaxRuleFields[], taxClassId: number, destination: Destination): number {
  return findTaxRatePercent(rules, { productTaxClassId: taxClassId, countryId: destination.countryId, ...(destination.regionId ? { regionId: destination.regionId } : {}) });
}

/** The shipping fee carries VAT where standard-rated goods do. */
export function destinationChargesVat(rules: readonly TaxRuleFields[], destination: Destination): boolean {
  return taxPercentFor(rules, TAX_CLASS.standard, destination) > 0;
}

/**
 * Totals of priced lines for a destination (default GB) and an optional usable coupon. A coupon that
 * takes something off travels with its rule, so the device can apply it while offline.
 */
export function totalsFor(lines: readonly PricedLine[], rules: readonly TaxRuleFields[], destination: Destination | undefined, coupon: CouponTerms | null, freeDeliveryFromPence: number | null = null): TotalsReply {
  const where = destination ?? { countryId: DEFAULT_COUNTRY };
  const totals = computeTotals({
    lines: lines.map((l) => ({
      itemId: l.key,
      sku: l.resolved.lineSku,
      name: l.resolved.name,
      qty: l.qty,
      unitPence: l.unitPence,
      taxPercent: taxPercentFor(rules, taxClassOf(l), where),
      typeId: l.resolved.typeId,
      options: l.labels,
      productOption: l.resolved.productOption,
    })),
    coupon,
    destinationChargesVat: destinationChargesVat(rules, where),
    freeDeliveryFromPence,
  });
  return coupon && totals.coupon_code ? { ...totals, coupon_rule: couponRuleOf(coupon) } : totals;
}
