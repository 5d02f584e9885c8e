import type { AppliedFilter, CatalogQuery } from '../../schemas/catalog-query';
import type { CatalogDoc } from './catalog-store';
import type { CatalogService } from './catalog-service';

/**
 * "Trade only": a category's `restricted_customer_groups` names the customer groups that must not
 * see it (0 = guests, SPEC §6), and so its sub-categories and every product placed in any of them.
 * The storefront's menu hides such categories; the server enforces the rule from the customer group
 * of the access token (a guest is group 0), in search, url mapping, cart and orders.
 */
export const GUEST_GROUP = 0;

export const TRADE_ONLY_MESSAGE = (sku: string) => `The product ${sku} is sold to trade accounts only: sign in with your trade account to see and buy it.`;

export const TRADE_ONLY_PAGE = 'This page is for trade accounts only: sign in with your trade account to see it.';

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : []);

/** The categories `groupId` must not see: those naming it, and everything under them. */
export function restrictedCategories(categories: readonly (CatalogDoc | undefined)[], groupId: number): Set<number> {
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

/** Per catalogue state and group: computed once after each applied change, on first use. */
const cached = new WeakMap<Pick<CatalogService, 'index'>, { seq: number; byGroup: Map<number, Set<number>> }>();

export function hiddenCategoriesFor(catalog: Pick<CatalogService, 'index' | 'seq'>, groupId: number): Set<number> {
  let entry = cached.get(catalog);
  if (!entry || entry.seq !== catalog.seq) {
    entry = { seq: catalog.seq, byGroup: new Map() };
    cached.set(catalog, entry);
  }
  let hidden = entry.byGroup.get(groupId);
  if (!hidden) {
    hidden = restrictedCategories(catalog.index('category').documents().docs as CatalogDoc[], groupId);
    entry.byGroup.set(groupId, hidden);
  }
  return hidden;
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
