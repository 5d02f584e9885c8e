import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCAL_FIRST, readCatalog } from './catalog-reads';
import { buildTree } from '../../domain/catalog/category-tree';

export { BREADCRUMB_ID_LIMIT, ROOT_CATEGORY_ID, buildTree, categoryUrl, trailOf, type CategoryNode, type CategoryTree } from '../../domain/catalog/category-tree';

/** The category tree's read; the page loaders (server and browser) fill the same entry. */
export const categoryTreeQuery = () =>
  queryOptions({
    queryKey: ['category-tree'],
    networkMode: LOCAL_FIRST,
    queryFn: async () => {
      const result = await readCatalog('category', {
        size: 4000,
        searchQuery: { _appliedSort: [{ field: 'position', options: 'asc' }] },
        sourceExclude: ['children_data'],
      });
      return buildTree(result.items);
    },
    staleTime: 5 * 60_000,
  });

export const useCategoryTree = () => useQuery(categoryTreeQuery());
