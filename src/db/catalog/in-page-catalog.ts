import { EMPTY, map, merge } from 'rxjs';
import type { Doc } from '../../domain/catalog-query/types';
import type { ShopDatabase } from '../database-types';
import type { LocalCatalogIndex } from './catalog-index';
import type { LocalCatalogSource } from './local-catalog';

/** Each code's products from an index (the worker answers the same way). */
export function productsByCodes(index: Pick<LocalCatalogIndex, 'findProductsByCode'>, codes: readonly string[]): Map<string, Doc[]> {
  return new Map(codes.map((code) => [code, index.findProductsByCode(code)]));
}

/**
 * The local catalogue answered on this page's own thread: the fallback where the browser cannot run
 * the catalogue worker (no workers, or it failed to start), and the unit tests' path.
 */
export function inPageCatalogue(index: LocalCatalogIndex, db: ShopDatabase): LocalCatalogSource {
  const content$ = db.collections.content ? db.content.eventBulks$.pipe(map(() => 'content' as const)) : EMPTY;
  return {
    query: async (entity, query) => index.query(entity, query),
    findProductsByCodes: async (codes) => productsByCodes(index, codes),
    count: (entity) => index.count(entity),
    changes$: merge(index.changes$, content$),
  };
}
