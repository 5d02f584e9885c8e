import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildTree, type CategoryTree } from '../features/catalog/use-category-tree';
import { exportQueries, importQueries } from './query-transfer';

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

  it('rebuilds the same tree in the browser, marked for a fresh read of the whole tree', () => {
    const browser = new QueryClient();
    importQueries(browser, JSON.parse(JSON.stringify(exportQueries(serverRender()))) as ReturnType<typeof exportQueries>);
    const tree = browser.getQueryData<CategoryTree>(['category-tree'])!;
    expect(tree.roots.map((n) => n.id)).toEqual([10]);
    const bolts = tree.byId.get(11)!;
    expect(bolts).toMatchObject({ name: 'Category 11', parentId: 10, urlKey: 'bolts', includeInMenu: true, restrictedGroups: [], productCount: 11, description: 'About category 11' });
    expect(bolts.metaTitle).toBeUndefined();
    expect(tree.byId.get(10)!.children.map((n) => n.id)).toEqual([11]);
    expect(browser.getQueryState(['category-tree'])?.isInvalidated).toBe(true);
    // Other reads keep their state as the server answered them.
    expect(browser.getQueryState(['category-products', { categoryId: 11, filters: {}, sort: '', facets: [] }])?.isInvalidated).toBe(false);
  });
});
