import type { ApiClient } from '../../../replication/api/api-types';
import type { CatalogQueryInput } from '../../../schemas/catalog-query';

/**
 * The products a guest may list: enabled ones (status 0 or 1), as the storefront's own listings ask.
 * The one query for the download's total, asked by the worker or, without one, by the panel.
 */
export const SHOP_PRODUCTS_QUERY: Readonly<CatalogQueryInput> = {
  type: 'product',
  size: 1,
  sourceInclude: ['id'],
  searchQuery: { _appliedFilters: [{ attribute: 'status', value: { in: [0, 1] } }] },
};

/** A failed read is tried again this much later, while the download is wanted. */
export const SHOP_PRODUCTS_RETRY_MS = 30_000;
/** A count read this long ago is read again when the download is switched on again. */
export const SHOP_PRODUCTS_FRESH_MS = 5 * 60_000;

/** The shop's count of products a guest may list (POST /api/catalog, one id asked for: only `total` matters). */
export async function readShopProducts(api: ApiClient): Promise<number> {
  const reply = await api.request<{ total?: unknown }>('/api/catalog', { method: 'POST', body: SHOP_PRODUCTS_QUERY, auth: false });
  const total = reply.result?.total;
  if (reply.code !== 200 || typeof total !== 'number' || !Number.isInteger(total) || total < 0) throw new Error(`The catalogue size could not be read (${reply.code})`);
  return total;
}

export interface ShopProductsReader {
  /** Reads the count unless one is held that is fresh enough or a read is under way; a failure is tried again later while `wanted()`. */
  want(): void;
  stop(): void;
}

/**
 * Keeps the worker's reading of the shop's size: the scale of the download's progress bar on every
 * page. Read once per download (again after SHOP_PRODUCTS_FRESH_MS), in the worker, so no page parses
 * the search reply on its own thread for one number.
 */
export function shopProductsReader(read: () => Promise<number>, told: (count: number) => void, wanted: () => boolean, now = Date.now): ShopProductsReader {
  let readAt = -Infinity;
  let reading = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  function want(): void {
    if (stopped || reading || now() - readAt < SHOP_PRODUCTS_FRESH_MS) return;
    reading = true;
    clearTimeout(retry);
    retry = undefined;
    read().then(
      (count) => {
        reading = false;
        readAt = now();
        if (!stopped) told(count);
      },
      () => {
        reading = false;
        if (!stopped) retry = setTimeout(() => wanted() && want(), SHOP_PRODUCTS_RETRY_MS);
      },
    );
  }
  return {
    want,
    stop() {
      stopped = true;
      clearTimeout(retry);
    },
  };
}
