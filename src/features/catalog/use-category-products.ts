import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LOCAL_FIRST, readCatalog } from './catalog-reads';
import { categoryListQuery, PAGE_SIZE, type CategoryListRequest } from '../../domain/catalog/list-query';

/**
 * One category's products, 50 a page, "load more" fetching the next offset (SPEC §9). Reads the
 * local index once the catalogue has replicated (else the server), with the same serialisable query.
 */
export const categoryProductsQuery = (request: Omit<CategoryListRequest, 'from'>) =>
  infiniteQueryOptions({
    queryKey: ['category-products', request],
    networkMode: LOCAL_FIRST,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => readCatalog('product', categoryListQuery({ ...request, from: pageParam }), signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.length * PAGE_SIZE;
      return loaded < last.total ? loaded : undefined;
    },
  });

export function useCategoryProducts(request: Omit<CategoryListRequest, 'from'>, enabled = true) {
  return useInfiniteQuery({ ...categoryProductsQuery(request), enabled, placeholderData: keepPreviousData });
}
