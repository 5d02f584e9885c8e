import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { searchCatalog } from './catalog-api';
import { categoryListQuery, PAGE_SIZE, type CategoryListRequest } from './list-query';

/**
 * One category's products, 50 a page, "load more" fetching the next offset (SPEC §9). Reads the
 * server today; the local database's index answers the same serialisable query when it lands.
 */
export function useCategoryProducts(request: Omit<CategoryListRequest, 'from'>, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['category-products', request],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => searchCatalog(categoryListQuery({ ...request, from: pageParam }), signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.length * PAGE_SIZE;
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}
