import { readAmount } from './money';

/** A tax rule as documents carry it (SPEC §3 "Tax rule" and "Tax rate"). */
export interface TaxRuleFields {
  id?: unknown;
  priority?: unknown;
  product_tax_class_ids?: readonly unknown[];
  customer_tax_class_ids?: readonly unknown[];
  rates?: readonly { tax_country_id?: unknown; tax_region_id?: unknown; rate?: unknown }[];
}

export interface TaxQuery {
  productTaxClassId: number;
  /** Two-letter country; the UK store's default is GB (SPEC §9). */
  countryId: string;
  /** Leave out to accept any customer class (the shop has one retail class). */
  customerTaxClassId?: number;
  /** A region id; rates with region 0 cover the whole country. */
  regionId?: number;
}

/** The standard-rated class: a product document without a tax class is taxed as one. */
export const DEFAULT_PRODUCT_TAX_CLASS = 2;

/** Tax percent by product tax class id, for one destination; a class not listed is 0 %. */
export type TaxRatesByClass = Readonly<Record<number, number>>;

const includes = (list: readonly unknown[] | undefined, id: number) => Array.isArray(list) && list.some((x) => readAmount(x) === id);

/**
 * The tax percentage for a product class shipped to a country, or 0 when no rule covers it
 * (zero-rated goods need no rule). When several rules match, the one with the lowest priority number
 * (then the lowest id) decides, so the answer never depends on the order the rules were stored in.
 */
export function findTaxRatePercent(rules: readonly TaxRuleFields[], query: TaxQuery): number {
  const country = query.countryId.toUpperCase();
  const matching = rules
    .filter((rule) => includes(rule.product_tax_class_ids, query.productTaxClassId))
    .filter((rule) => query.customerTaxClassId === undefined || includes(rule.customer_tax_class_ids, query.customerTaxClassId))
    .sort((a, b) => (readAmount(a.priority) ?? 0) - (readAmount(b.priority) ?? 0) || (readAmount(a.id) ?? 0) - (readAmount(b.id) ?? 0));
  for (const rule of matching) {
    const rate = (rule.rates ?? []).find((r) => {
      const region = readAmount(r.tax_region_id) ?? 0;
      return typeof r.tax_country_id === 'string' && r.tax_country_id.toUpperCase() === country && (region === 0 || region === query.regionId);
    });
    const percent = readAmount(rate?.rate);
    if (percent !== undefined) return percent;
  }
  return 0;
}

/** Every product class the rules name, with its percent for `countryId` (as `findTaxRatePercent` decides it). */
export function taxRatesByClass(rules: readonly TaxRuleFields[], countryId: string): TaxRatesByClass {
  const classes = new Set<number>();
  for (const rule of rules) for (const id of rule.product_tax_class_ids ?? []) {
    const taxClass = readAmount(id);
    if (taxClass !== undefined) classes.add(taxClass);
  }
  return Object.fromEntries([...classes].map((taxClass) => [taxClass, findTaxRatePercent(rules, { productTaxClassId: taxClass, countryId })]));
}
