import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapUrl, type Doc } from '../catalog/catalog-api';
import { LOCAL_FIRST, readCatalog } from '../catalog/catalog-reads';
import { localCatalogAnswers, queryLocalCatalog } from '../../db/catalog/local-catalog';
import { checkLoadable } from './product-load';

/** The product with this sku in the local replica, if it is there and shown on its own. */
async function localProduct(sku: string): Promise<Doc | undefined> {
  if (!localCatalogAnswers()) return undefined;
  return (await queryLocalCatalog('product', { size: 1, searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: [sku] } }] } })).items[0];
}

/**
 * A product by its route (SPEC §2 /p/{parentSku}/{slug}[/{childSku}]): from the local replica when it
 * holds the parent, else through the server's url mapping, which also sends a configurable child to
 * its parent (`childSku`) and reports disabled products (the replica never holds those).
 */
export const productQuery = (parentSku: string, slug: string, childSku: string | undefined) =>
  queryOptions({
    queryKey: ['product', parentSku, slug, childSku ?? null],
    networkMode: LOCAL_FIRST,
    queryFn: async () => {
      const local = await localProduct(parentSku);
      if (local) return { product: local, childSku };
      const mapping = await mapUrl(`/p/${parentSku}/${slug}`, childSku);
      if (mapping._type !== 'product') throw new Error('Route not found');
      checkLoadable(mapping._source);
      return { product: mapping._source, childSku: mapping.childSku ?? childSku };
    },
    retry: false,
  });

export const useProduct = (parentSku: string, slug: string, childSku: string | undefined) => useQuery(productQuery(parentSku, slug, childSku));

/** The members of a grouped or bundle product, by sku; only enabled products count (SPEC §9). */
export function useProductsBySku(skus: string[]) {
  return useQuery({
    queryKey: ['products-by-sku', skus],
    networkMode: LOCAL_FIRST,
    enabled: skus.length > 0,
    queryFn: async () => {
      const result = await readCatalog('product', {
        size: Math.min(500, skus.length),
        searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: skus } }, { attribute: 'status', value: { in: [1] } }] },
      });
      return new Map(result.items.map((p) => [String(p.sku), p] as const));
    },
  });
}

export type { Doc };
