import { unitPricesPence } from '../../domain/pricing/final-price';
import { readAmount, toPence } from '../../domain/pricing/money';
import { priceBundle } from '../../domain/totals/bundle-price';
import { priceCustomOptions } from '../../domain/totals/custom-option-price';
import { groupedPricePence } from '../../domain/derived-prices/derived-prices';
import type { Doc } from '../../domain/catalog-query/types';

/**
 * The price a product page shows (SPEC §4 "Derived prices"): the chosen child of a configurable, the
 * sum of a grouped product's members, a bundle's chosen (or default, or first) links, plus custom
 * options (fixed added, percent of the product price). Whole pence, excluding tax.
 */
export type { Doc };

export interface PriceInput {
  product: Doc;
  child?: Doc | undefined;
  members: ReadonlyMap<string, Doc>;
  bundleChoice: Doc[];
  customChoice: Doc[];
  qty: number;
  customerGroupId: number;
  now: Date;
}

export interface ShownPrice {
  finalPence: number;
  regularPence: number;
  tiers: { qty: number; pence: number }[];
}

/** Optional options priced even while a required one is still unanswered, so the price follows each choice. */
function optionsAdd(product: Doc, chosen: Doc[], basePence: number): number {
  if (!Array.isArray(product.custom_options) || product.custom_options.length === 0) return 0;
  const relaxed = { ...product, custom_options: (product.custom_options as Doc[]).map((o) => ({ ...o, is_require: false })) };
  return priceCustomOptions(relaxed, chosen, basePence)?.addPence ?? 0;
}

export function tierRows(item: Doc, customerGroupId: number): { qty: number; pence: number }[] {
  const tiers = Array.isArray(item.tier_prices) ? (item.tier_prices as Doc[]) : [];
  return tiers
    .filter((t) => readAmount(t.customer_group_id) === customerGroupId && (readAmount(t.qty) ?? 0) > 1)
    .map((t) => ({ qty: readAmount(t.qty) ?? 1, pence: toPence(readAmount(t.value) ?? 0) }))
    .sort((a, b) => a.qty - b.qty);
}

export function shownPrice(input: PriceInput): ShownPrice | null {
  const { product, now, customerGroupId } = input;
  const context = { now, qty: input.qty, customerGroupId };
  if (product.type_id === 'grouped') {
    const sum = groupedPricePence(product, { now, customerGroupId, products: input.members });
    return sum === null ? null : { finalPence: sum, regularPence: sum, tiers: [] };
  }
  if (product.type_id === 'bundle') {
    const bundle = priceBundle(product, input.bundleChoice, { now, customerGroupId, products: input.members });
    if (!bundle) return null;
    const add = optionsAdd(product, input.customChoice, bundle.unitPence);
    return { finalPence: bundle.unitPence + add, regularPence: bundle.unitPence + add, tiers: [] };
  }
  const item = input.child ?? product;
  const prices = unitPricesPence(item, context);
  const add = optionsAdd(product, input.customChoice, prices.final);
  // Only breaks that beat today's price are worth showing ("buy more, pay less").
  const tiers = tierRows(item, customerGroupId).filter((t) => t.pence < prices.final);
  return { finalPence: prices.final + add, regularPence: prices.regular + add, tiers };
}
