import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import { hasLocalDocuments, localCatalogAnswers, queryLocalCatalog, whenOfflineCatalogOpens } from '../../db/catalog/local-catalog';
import { isUnanswered } from '../../../replication/api/api-errors';
import type { CatalogResult, Doc } from './catalog-api';
import { searchCatalog } from './search-adapter';

/**
 * React Query pauses queries while the browser is offline (network mode "online"); these reads can be
 * answered by the local replica, so they always run, and fail on their own when nothing can answer.
 */
export const LOCAL_FIRST = 'always' as const;

type Entity = 'product' | 'category' | 'attribute';

/**
 * The one switch for catalogue lists, facets, categories and attributes: the local replica's index
 * answers once it holds the catalogue (so the shop browses offline), else the server; a request the
 * network drops falls back to whatever the replica holds.
 */
export async function readCatalog<T = Doc>(entity: Entity, query: CatalogQueryInput, signal?: AbortSignal): Promise<CatalogResult<T>> {
  if (localCatalogAnswers()) {
    // The local catalogue may be a worker that stopped answering: the server is asked then.
    const local = await queryLocalCatalog(entity, { ...query, type: entity }).catch((error: unknown) => void console.warn('The local catalogue failed to answer', error));
    if (local) return local as unknown as CatalogResult<T>;
  }
  try {
    return await searchCatalog<T>({ ...query, type: entity }, signal);
  } catch (error) {
    if (isUnanswered(error)) await whenOfflineCatalogOpens();
    if (isUnanswered(error) && hasLocalDocuments()) return (await queryLocalCatalog(entity, { ...query, type: entity })) as unknown as CatalogResult<T>;
    throw error;
  }
}
