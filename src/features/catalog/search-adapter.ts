import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import { CATALOG_QUERY_TYPES } from '../../../schemas/catalog-query-types';
import { currentStore } from '../../i18n/store-views';
import { apiCall, apiFetch, withStore, type CatalogResult, type Doc } from './catalog-api';
import { GRAPHQL_ENTITY_TYPES, NO_ENTITY_TYPE, graphqlSearchBody, readGraphqlReply } from './graphql-search';

/**
 * How the storefront asks the server for catalogue searches (SPEC §7): `api`, POST /api/catalog (the
 * shipped configuration), or `graphql`, POST /graphql. Both run the same query through the same engine
 * and answer the same result. A build picks one with VITE_SEARCH_ADAPTER; on a running shop,
 * localStorage `fixings.search-adapter` picks one for one browser (to try an adapter before a build
 * ships it), as the external checkout and multistore switches do. Read on every search.
 */
export const SEARCH_ADAPTER_KEY = 'fixings.search-adapter';
export const DEFAULT_SEARCH_ADAPTER = 'api';

/** SPEC §8: the configured adapter name is none of the adapters. */
export const SEARCH_ADAPTER_NOT_FOUND = 'Search adapter not found';
export { NO_ENTITY_TYPE };

export interface SearchAdapter {
  /** The entity types this adapter can search; any other is "No entity type registered". */
  entityTypes: ReadonlySet<string>;
  search<T = Doc>(query: CatalogQueryInput, signal?: AbortSignal): Promise<CatalogResult<T>>;
}

const apiAdapter: SearchAdapter = {
  entityTypes: new Set(CATALOG_QUERY_TYPES),
  search: <T>(query: CatalogQueryInput, signal?: AbortSignal) => apiCall<CatalogResult<T>>('/api/catalog', { body: query, ...(signal ? { signal } : {}) }),
};

const graphqlAdapter: SearchAdapter = {
  entityTypes: GRAPHQL_ENTITY_TYPES,
  async search<T>(query: CatalogQueryInput, signal?: AbortSignal) {
    const response = await apiFetch(withStore('/graphql'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(graphqlSearchBody(query)),
      signal: signal ?? null,
    });
    return readGraphqlReply<T>(response);
  },
};

export const SEARCH_ADAPTERS: Readonly<Record<string, SearchAdapter>> = { api: apiAdapter, graphql: graphqlAdapter };

function storedChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(SEARCH_ADAPTER_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The configured adapter name: this browser's choice, else the build's, else `api`. */
export function searchAdapterName(built: string | undefined = import.meta.env?.VITE_SEARCH_ADAPTER as string | undefined, local: string | null = storedChoice()): string {
  return (local?.trim() || built?.trim() || DEFAULT_SEARCH_ADAPTER).toLowerCase();
}

/** The adapter by name; an unknown name is a configuration error (logged with the name), never a silent fallback. */
export function searchAdapter(name: string = searchAdapterName()): SearchAdapter {
  const adapter = Object.hasOwn(SEARCH_ADAPTERS, name) ? SEARCH_ADAPTERS[name] : undefined;
  if (adapter) return adapter;
  console.error(`[search] ${SEARCH_ADAPTER_NOT_FOUND}: "${name}" (configured adapters: ${Object.keys(SEARCH_ADAPTERS).join(', ')})`);
  throw new Error(SEARCH_ADAPTER_NOT_FOUND);
}

/** A catalogue search through the configured adapter, for the current store view. */
export async function searchCatalog<T = Doc>(query: CatalogQueryInput, signal?: AbortSignal, adapter: SearchAdapter = searchAdapter()): Promise<CatalogResult<T>> {
  if (!adapter.entityTypes.has(query.type ?? 'product')) throw new Error(NO_ENTITY_TYPE);
  return adapter.search<T>({ store: currentStore().storeCode, ...query }, signal);
}
