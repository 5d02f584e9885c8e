import type { AppliedFilter, CatalogQuery } from '../../../schemas/catalog-query';

/**
 * "Trade only" (SPEC §6): a category's `restricted_customer_groups` names the customer groups that must
 * not see it (0 = guests), and so its sub-categories and every product placed in any of them. One rule
 * for the server (search, url mapping, cart, orders) and the device's offline catalogue, so a guest
 * sees the same lists online and offline.
 */
const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);

/** The categories `groupId` must not see: those naming it, and everything under them. */
export function restrictedCategories(categories: readonly (Record<string, unknown> | undefined)[], groupId: number): Set<number> {
  const named = new Set<number>();
  for (const category of categories) {
    if (category && idsOf(category.restricted_customer_groups).includes(groupId)) named.add(Number(category.id));
  }
  if (named.size === 0) return named;
  const hidden = new Set(named);
  for (const category of categories) {
    if (!category) continue;
    const path = typeof category.path === 'string' ? category.path.split('/').map(Number) : [];
    const ancestors = [...idsOf(category.parent_ids), ...path];
    if (ancestors.some((id) => named.has(id))) hidden.add(Number(category.id));
  }
  return hidden;
}

/** The category ids a product is placed in (`category_ids` and the `category` list). */
function productCategories(product: Record<string, unknown>): number[] {
  const refs = Array.isArray(product.category) ? product.category.map((c) => (c && typeof c === 'object' ? (c as { category_id?: unknown }).category_id : undefined)) : [];
  return [...idsOf(product.category_ids), ...idsOf(refs)];
}

export function isHiddenProduct(product: Record<string, unknown>, hidden: ReadonlySet<number>): boolean {
  return hidden.size > 0 && productCategories(product).some((id) => hidden.has(id));
}

/**
 * The query with the group's hidden categories, and the products in them, filtered out (the
 * engine's `nin` drops a document with any of the values). Other entity types are unchanged.
 */
export function withoutHidden(query: CatalogQuery, hidden: ReadonlySet<number>): CatalogQuery {
  if (hidden.size === 0 || (query.type !== 'product' && query.type !== 'category')) return query;
  const ids = [...hidden].sort((a, b) => a - b);
  const filters: AppliedFilter[] =
    query.type === 'product'
      ? [
          { attribute: 'category_ids', value: { nin: ids } },
          { attribute: 'category.category_id', value: { nin: ids } },
        ]
      : [{ attribute: 'id', value: { nin: ids } }];
  const searchQuery = query.searchQuery ?? {};
  return { ...query, searchQuery: { ...searchQuery, _appliedFilters: [...(searchQuery._appliedFilters ?? []), ...filters] } };
}
