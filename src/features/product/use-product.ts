import { useQuery } from '@tanstack/react-query';
import { mapUrl, searchCatalog, type Doc } from '../catalog/catalog-api';
import { checkLoadable } from './product-load';

/**
 * A product by its route (SPEC §2 /p/{parentSku}/{slug}[/{childSku}]) through the url mapping, which
 * also sends a configurable child to its parent (`childSku`). Reads the server today.
 */
export function useProduct(parentSku: string, slug: string, childSku: string | undefined) {
  return useQuery({
    queryKey: ['product', parentSku, slug, childSku ?? null],
    queryFn: async () => {
      const mapping = await mapUrl(`/p/${parentSku}/${slug}`, childSku);
      if (mapping._type !== 'product') throw new Error('Route not found');
      checkLoadable(mapping._source);
      return { product: mapping._source, childSku: mapping.childSku ?? childSku };
    },
    retry: false,
  });
}

/** The members of a grouped or bundle product, by sku; only enabled products count (SPEC §9). */
export function useProductsBySku(skus: string[]) {
  return useQuery({
    queryKey: ['products-by-sku', skus],
    enabled: skus.length > 0,
    queryFn: async () => {
      const result = await searchCatalog({
        type: 'product',
        size: Math.min(500, skus.length),
        searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: skus } }, { attribute: 'status', value: { in: [1] } }] },
      });
      return new Map(result.items.map((p) => [String(p.sku), p] as const));
    },
  });
}

export type { Doc };
