import { unitPricesPence } from '../../domain/pricing/final-price';

/**
 * Grouped products (SPEC §4, §6): the shopper sees the associated links of their customer group, and
 * the group's price is the sum of those simple products at quantity 1 each.
 */
export type Doc = Record<string, unknown>;

export function associatedLinks(product: Doc, customerGroupId: number): Doc[] {
  const links = Array.isArray(product.product_links) ? (product.product_links as Doc[]) : [];
  const associated = links.filter((l) => l.link_type === 'associated');
  const forGroup = associated.filter((l) => (l.customer_group_id ?? 0) === customerGroupId);
  return forGroup.length > 0 ? forGroup : associated.filter((l) => (l.customer_group_id ?? 0) === 0);
}

/** The sum in pence, or null while a member is missing (still loading or not sold any more). */
export function groupedPricePence(product: Doc, members: ReadonlyMap<string, Doc>, customerGroupId: number, now: Date): number | null {
  let sum = 0;
  for (const link of associatedLinks(product, customerGroupId)) {
    const member = members.get(String(link.linked_product_sku));
    if (!member) return null;
    sum += unitPricesPence(member, { now, qty: 1, customerGroupId }).final;
  }
  return sum;
}
