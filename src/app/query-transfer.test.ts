import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildTree, type CategoryTree } from '../features/catalog/use-category-tree';
import { exportQueries, importQueries, refreshTrimmed } from './query-transfer';

const category = (id: number, parent: number, key: string) => ({
  id,
  parent_id: parent,
  level: parent === 2 ? 2 : 3,
  name: `Category ${id}`,
  url_key: key,
  url_path: key,
  description: `About category ${id}`,
  meta_title: `Meta title ${id}`,
  meta_description: `Meta description ${id}`,
  product_count: id,
});

const serverRender = () => {
  const client = new QueryClient();
  client.setQueryData(['category-tree'], buildTree([category(2, 1, 'root'), category(10, 2, 'anchors'), category(11, 10, 'bolts')]));
  client.setQueryData(['category-products', { categoryId: 11, filters: {}, sort: '', facets: [] }], { pages: [], pageParams: [] });
  return client;
};

describe('query transfer of the category tree', () => {
  it("carries the menu's fields and only the listed category's description, without meta texts", () => {
    const json = JSON.stringify(exportQueries(serverRender()));
    expect(json).not.toContain('Meta title');
    expect(json).not.toContain('Meta description');
    expect(json).toContain('About category 11');
    expect(json).not.toContain('About category 10');
  });

  it('rebuilds the same tree in the browser, fresh, and names it for a read of the whole tree later', () => {
    const browser = new QueryClient();
    const trimmed = importQueries(browser, JSON.parse(JSON.stringify(exportQueries(serverRender()))) as ReturnType<typeof exportQueries>);
    const tree = browser.getQueryData<CategoryTree>(['category-tree'])!;
    expect(tree.roots.map((n) => n.id)).toEqual([10]);
    const bolts = tree.byId.get(11)!;
    expect(bolts).toMatchObject({ name: 'Category 11', parentId: 10, urlKey: 'bolts', includeInMenu: true, restrictedGroups: [], productCount: 11, description: 'About category 11' });
    expect(bolts.metaTitle).toBeUndefined();
    expect(tree.byId.get(10)!.children.map((n) => n.id)).toEqual([11]);
    // Not read again at hydration: that cost a fetch and two re-renders of the whole page.
    expect(browser.getQueryState(['category-tree'])?.isInvalidated).toBe(false);
    expect(trimmed).toEqual([['category-tree']]);
    refreshTrimmed(browser, trimmed);
    expect(browser.getQueryState(['category-tree'])?.isInvalidated).toBe(true);
    expect(browser.getQueryState(['category-products', { categoryId: 11, filters: {}, sort: '', facets: [] }])?.isInvalidated).toBe(false);
  });

  it('counts an answer rendered long ago (the output cache holds pages for a day) as read now', () => {
    const server = serverRender();
    const transferred = JSON.parse(JSON.stringify(exportQueries(server))) as ReturnType<typeof exportQueries>;
    const dayAgo = Date.now() - 86_400_000;
    for (const q of transferred.queries) Object.assign(q, { dehydratedAt: dayAgo, state: { ...q.state, dataUpdatedAt: dayAgo } });
    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    importQueries(browser, transferred);
    const listing = browser.getQueryCache().find({ queryKey: ['category-products', { categoryId: 11, filters: {}, sort: '', facets: [] }] })!;
    expect(listing.state.dataUpdatedAt).toBeGreaterThan(dayAgo);
    expect(listing.isStaleByTime(30_000)).toBe(false);
  });
});
