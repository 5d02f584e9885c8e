import type { Query, QueryClient } from '@tanstack/react-query';
import { localCatalogAnswers, localCatalogState, onLocalCatalogChange, setCatalogViewerGroup, subscribeLocalCatalog, type CatalogueChange } from '../db/catalog/local-catalog';

/**
 * Which catalogue reads kept in React Query depend on which part of the replica (the first element of
 * their query keys). A product's change reaches its page, the lists and facets that may hold it, the
 * search and the bundles or groups that name it; a category's reaches the menu and the listings; an
 * attribute's the facets and labels; the content collection holds the tax rules prices are shown with.
 */
export const READS_OF_CHANGE: Readonly<Record<CatalogueChange, readonly string[]>> = {
  product: ['product', 'products-by-sku', 'list-products', 'category-products', 'home-list', 'search'],
  category: ['category-tree', 'category-products'],
  attribute: ['attributes', 'category-products'],
  content: ['taxrules'],
};

/**
 * Changes heard in this window go out as one invalidation: the worker tells each stored batch at most
 * every 250 ms, and a product, category and attribute change of one import arrive in separate messages.
 */
export const COALESCE_MS = 30;

/**
 * Makes the screens follow the replica (DESIGN "Screens follow the replica"): each change the catalogue
 * worker applies (it tells every open tab) invalidates the reads that depend on it, so the screens on
 * show read them again from the replica and re-render with what changed; reads not on show are read
 * again when next shown. React Query keeps the shown data until the new answer is there and shares
 * what did not change, so a screen neither flashes a loading state nor re-renders what stayed the same.
 *
 * While the replica does not answer yet (a first visit's download), a change only marks the reads
 * stale: reading them again would ask the server once per stored batch. When the replica first
 * answers, the reads on show are read again once, from it.
 */
export function followReplica(client: QueryClient): () => void {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetchType = () => (localCatalogAnswers() ? 'active' : 'none');
  // A read in flight is left to finish: cancelling it would drop the page a "Load more" press asked
  // for (the read again covers only the pages already shown). It may have read the replica before the
  // change, so it is read again once it ends.
  const owed = new Set<Query>();
  const flush = () => {
    timer = undefined;
    const prefixes = new Set(pending);
    pending.clear();
    const predicate = (query: Query) => prefixes.has(String(query.queryKey[0]));
    for (const query of client.getQueryCache().findAll({ predicate, fetchStatus: 'fetching' })) owed.add(query);
    void client.invalidateQueries({ predicate, refetchType: refetchType() }, { cancelRefetch: false });
  };
  const stopOwed = client.getQueryCache().subscribe((event) => {
    const query = event.query as Query;
    if (event.type === 'removed') owed.delete(query);
    if (!owed.has(query) || query.state.fetchStatus !== 'idle') return;
    owed.delete(query);
    void client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: refetchType() }, { cancelRefetch: false });
  });
  const heard = (change: CatalogueChange) => {
    for (const prefix of READS_OF_CHANGE[change]) pending.add(prefix);
    timer ??= setTimeout(flush, COALESCE_MS);
  };
  const stopChanges = onLocalCatalogChange(heard);

  const answering = () => localCatalogAnswers() && localCatalogState().replicated;
  let answered = answering();
  const stopState = subscribeLocalCatalog(() => {
    const now = answering();
    if (now && !answered) for (const change of ['product', 'category', 'attribute'] as const) heard(change);
    answered = now;
  });
  return () => {
    stopChanges();
    stopState();
    stopOwed();
    if (timer) clearTimeout(timer);
  };
}

/**
 * The shopper signed in or out: the device's catalogue answers for their customer group from now on
 * (trade-only categories are a guest's to miss), and the screens' catalogue reads are read again.
 */
export function followViewerGroup(client: QueryClient, groupId: number): void {
  if (!setCatalogViewerGroup(groupId)) return;
  const prefixes = new Set([...READS_OF_CHANGE.product, ...READS_OF_CHANGE.category]);
  void client.invalidateQueries({ predicate: (query) => prefixes.has(String(query.queryKey[0])) });
}
