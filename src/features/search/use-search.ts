import { useInfiniteQuery } from '@tanstack/react-query';
import { hasLocalDocuments, queryLocalCatalog } from '../../db/catalog/local-catalog';
import type { CatalogResult } from '../catalog/catalog-api';
import { searchCatalog } from '../catalog/search-adapter';
import { LOCAL_FIRST } from '../catalog/catalog-reads';
import { PAGE_SIZE, searchTextQuery } from '../../domain/catalog/list-query';

/** SPEC §9: a search term needs at least 3 characters. */
export const MIN_TERM_LENGTH = 3;

export interface SearchPage extends CatalogResult {
  /** SPEC §4: offline, search answers from the local replica (empty without one), flagged offline. */
  offline: boolean;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function offlinePage(text: string, from: number): Promise<SearchPage> {
  if (!hasLocalDocuments()) return { items: [], total: 0, aggregations: {}, attributeMetadata: [], offline: true };
  return { ...((await queryLocalCatalog('product', searchTextQuery(text, from))) as unknown as CatalogResult), offline: true };
}

/**
 * Search as the shopper types, 50 a page with load more. Online it asks the server (SPEC §4); offline,
 * or when the request never reaches the server, the local replica answers with the same engine.
 */
export function useSearch(term: string) {
  const text = term.trim();
  return useInfiniteQuery({
    queryKey: ['search', text],
    networkMode: LOCAL_FIRST,
    enabled: text.length >= MIN_TERM_LENGTH,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<SearchPage> => {
      if (isOffline()) return offlinePage(text, pageParam);
      try {
        return { ...(await searchCatalog(searchTextQuery(text, pageParam), signal)), offline: false };
      } catch (error) {
        if (error instanceof TypeError) return offlinePage(text, pageParam);
        throw error;
      }
    },
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length * PAGE_SIZE : undefined),
    staleTime: 60_000,
  });
}
