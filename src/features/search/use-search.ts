import { useInfiniteQuery } from '@tanstack/react-query';
import { searchCatalog, type CatalogResult } from '../catalog/catalog-api';
import { PAGE_SIZE, searchTextQuery } from '../catalog/list-query';

/** SPEC §9: a search term needs at least 3 characters. */
export const MIN_TERM_LENGTH = 3;

export interface SearchPage extends CatalogResult {
  /** SPEC §4: offline, search returns empty results flagged offline (until the local replica answers it). */
  offline: boolean;
}

const offlinePage = (): SearchPage => ({ items: [], total: 0, aggregations: {}, attributeMetadata: [], offline: true });

/** Search as the shopper types, 50 a page with load more. Reads the server online. */
export function useSearch(term: string) {
  const text = term.trim();
  return useInfiniteQuery({
    queryKey: ['search', text],
    enabled: text.length >= MIN_TERM_LENGTH,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return offlinePage();
      return { ...(await searchCatalog(searchTextQuery(text, pageParam), signal)), offline: false };
    },
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length * PAGE_SIZE : undefined),
    staleTime: 60_000,
  });
}
