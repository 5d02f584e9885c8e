import { isHiddenProduct, restrictedCategories, withoutHidden } from '../../src/domain/catalog-query/trade-only';
import type { CatalogService } from './catalog-service';

/**
 * "Trade only": a category's `restricted_customer_groups` names the customer groups that must not
 * see it (0 = guests, SPEC §6), and so its sub-categories and every product placed in any of them.
 * The storefront's menu hides such categories; the server enforces the rule from the customer group
 * of the access token (a guest is group 0), in search, url mapping, cart and orders.
 */
export const GUEST_GROUP = 0;

// The rule itself is shared with the device's offline catalogue (src/domain/catalog-query/trade-only.ts).
export { isHiddenProduct, restrictedCategories, withoutHidden };

export const TRADE_ONLY_MESSAGE = (sku: string) => `The product ${sku} is sold to trade accounts only: sign in with your trade account to see and buy it.`;

export const TRADE_ONLY_PAGE = 'This page is for trade accounts only: sign in with your trade account to see it.';

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
    hidden = restrictedCategories(catalog.index('category').documents().docs, groupId);
    entry.byGroup.set(groupId, hidden);
  }
  return hidden;
}
