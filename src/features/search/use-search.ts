import { useInfiniteQuery } from '@tanstack/react-query';
import { isUnanswered } from '../../../replication/api/api-errors';
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
 * One page of results from `from`: the server's, or the local replica's (flagged offline) when the
 * browser is offline or the server did not answer (no connection, a time-out, a 5xx, 429, a proxy's
 * page). A refusal (a bad query) stays an error.
 */
export async function readSearchPage(text: string, from: number, signal?: AbortSignal): Promise<SearchPage> {
  if (isOffline()) return offlinePage(text, from);
  try {
    return { ...(await searchCatalog(searchTextQuery(text, from), signal)), offline: false };
  } catch (error) {
    if (isUnanswered(error)) return offlinePage(text, from);
    throw error;
  }
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
    queryFn: ({ pageParam, signal }) => readSearchPage(text, pageParam, signal),
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length * PAGE_SIZE : undefined),
    staleTime: 60_000,
  });
}
