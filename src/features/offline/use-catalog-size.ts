import { useQuery } from '@tanstack/react-query';
import { createApiClient } from '../../../replication/api/api-client';
import { readShopProducts } from '../../db/catalog/shop-products';
import { currentStore, storeParams } from '../../i18n/store-views';

/**
 * The products the replica holds once caught up, asked of the server from this page: the size
 * estimate of the download's question, and the scale of its progress where the catalogue runs on this
 * page (the catalogue worker reads it itself and tells it with its state). The same count either way
 * (readShopProducts), so the estimate, the total and the count saved share one basis. One query,
 * shared by whoever asks.
 */
export function useCatalogSize(enabled: boolean): number | undefined {
  return useQuery({
    queryKey: ['catalogue-size'],
    queryFn: () => readShopProducts(createApiClient({ baseUrl: '', storeCode: storeParams(currentStore()).storeCode ?? null })),
    enabled,
    staleTime: 5 * 60_000,
  }).data;
}
