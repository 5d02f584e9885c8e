import { useQuery } from '@tanstack/react-query';
import { SHOP_PRODUCTS_QUERY } from '../../db/catalog/shop-products';
import { searchCatalog } from '../catalog/search-adapter';

/**
 * The shop's count of products a guest may list, asked of the server (through the configured search
 * adapter, one id asked for): the size estimate of the download's question, and the scale of its
 * progress where the catalogue runs on this page (the catalogue worker reads it itself and tells it
 * with its state). One query, shared by whoever asks.
 */
export function useCatalogueSize(enabled: boolean): number | undefined {
  return useQuery({
    queryKey: ['catalogue-size'],
    queryFn: async () => (await searchCatalog(SHOP_PRODUCTS_QUERY)).total,
    enabled,
    staleTime: 5 * 60_000,
  }).data;
}
