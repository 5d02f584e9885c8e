import { recordsOf, textOf, type Doc } from '../cart/doc-fields';
import { unitPricesPence, type PricedItem } from '../pricing/final-price';
import { readAmount } from '../pricing/money';
import { priceBundle } from '../totals/bundle-price';
import { priceCustomOptions } from '../totals/custom-option-price';

export interface DerivedPriceContext {
  now: Date;
  customerGroupId: number;
  /** Products by sku, for grouped members and bundle links without a price of their own. */
  products: ReadonlyMap<string, Doc>;
}

/** SPEC §6: grouped products show only the associated links of the shopper's customer group (a link naming no group is everyone's). */
export function associatedLinks(product: Doc, customerGroupId: number): Doc[] {
  return recordsOf(product.product_links).filter(
    (l) => textOf(l.link_type) === 'associated' && (l.customer_group_id === undefined || readAmount(l.customer_group_id) === customerGroupId),
  );
}

/**
 * A grouped product's price (SPEC §4): the sum of its associated simple products at quantity 1 each.
 * Only links for the shopper's customer group count (SPEC §6), and only members with status 1
 * (SPEC §9: grouped lookups use products with status 1). Null when no member can be priced.
 */
export function groupedPricePence(product: Doc, context: DerivedPriceContext): number | null {
  let sum = 0;
  let priced = 0;
  for (const link of associatedLinks(product, context.customerGroupId)) {
    const member = context.products.get(textOf(link.linked_product_sku));
    if (!member || (readAmount(member.status) ?? 1) !== 1) continue;
    sum += unitPricesPence(member, { now: context.now, qty: 1, customerGroupId: context.customerGroupId }).final;
    priced++;
  }
  return priced > 0 ? sum : null;
}

/** A bundle's price (SPEC §4): the default link, or the first, of each option, times its quantity. */
export function bundleDefaultPricePence(product: Doc, context: DerivedPriceContext): number | null {
  return priceBundle(product, [], context)?.unitPence ?? null;
}

/**
 * The price a product shows, by type: grouped and bundle are derived from their members; a
 * configurable shows its cheapest sellable child; others use the special window and tiers of the
 * shared price rules. Whole pence excluding tax.
 */
export function displayPricePence(product: Doc, context: DerivedPriceContext): number | null {
  const type = textOf(product.type_id, 'simple');
  if (type === 'grouped') return groupedPricePence(product, context);
  if (type === 'bundle') return bundleDefaultPricePence(product, context);
  const own = unitPricesPence(product, { now: context.now, customerGroupId: context.customerGroupId }).final;
  if (type !== 'configurable') return own;
  const children = recordsOf(product.configurable_children).filter((c) => (readAmount(c.status) ?? 1) < 2);
  if (children.length === 0) return own;
  return Math.min(...children.map((c) => unitPricesPence(c as PricedItem, { now: context.now, customerGroupId: context.customerGroupId }).final));
}

/** Custom options on top of a unit price (SPEC §4): fixed prices added, percent ones a share of the price. */
export function withCustomOptionsPence(product: Doc, chosen: readonly Doc[], basePence: number): number | null {
  const options = priceCustomOptions(product, chosen, basePence);
  return options ? basePence + options.addPence : null;
}
