import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Doc } from '../../domain/cart/doc-fields';
import { LOCAL_FIRST, readCatalog } from '../catalog/catalog-reads';
import { entryFromProduct } from './list-entry';
import { useList, type ListEntry, type ListName } from './local-list';

export interface LiveEntry extends ListEntry {
  /** False once the catalogue has answered without it: the product was disabled or removed. */
  available: boolean;
}

/** The listed products the catalogue holds (enabled, listed), by sku; invalidated by the replica's changes (src/app/follow-replica.ts). */
export const listProductsQuery = (skus: readonly string[]) => ({
  queryKey: ['list-products', skus] as const,
  networkMode: LOCAL_FIRST,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const result = await readCatalog(
      'product',
      { size: Math.min(500, skus.length), searchQuery: { _appliedFilters: [{ attribute: 'sku', value: { in: [...skus] } }, { attribute: 'status', value: { in: [1] } }] } },
      signal,
    );
    return new Map(result.items.map((p: Doc) => [String(p.sku), p] as const));
  },
});

/**
 * A wishlist or compare list as the catalogue holds its products now: a price, name or picture changed
 * since the entry was saved shows changed, and a product gone from the shop says so. Until the
 * catalogue answers (or when it cannot), the saved snapshot is shown.
 */
export function useLiveEntries(list: ListName): LiveEntry[] {
  const entries = useList(list);
  const skus = useMemo(() => entries.map((e) => e.sku).sort(), [entries]);
  const { data: products } = useQuery({ ...listProductsQuery(skus), enabled: skus.length > 0 });
  return useMemo(() => {
    const now = new Date();
    return entries.map((entry): LiveEntry => {
      if (!products) return { ...entry, available: true };
      const product = products.get(entry.sku);
      return product ? { ...entry, ...entryFromProduct(product, now), available: true } : { ...entry, available: false };
    });
  }, [entries, products]);
}
