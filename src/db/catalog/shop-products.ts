import type { ApiClient } from '../../../replication/api/api-types';

/** A failed read is tried again this much later, while the download is wanted. */
export const SHOP_PRODUCTS_RETRY_MS = 30_000;
/** A count read this long ago is read again when the download is switched on again. */
export const SHOP_PRODUCTS_FRESH_MS = 5 * 60_000;

/**
 * The products the replica holds once caught up (GET /api/catalog/replica-size: live and enabled,
 * trade-only ones too): the download's total, on the same basis as the count of products saved, so
 * the progress goes 0 to N of N with N fixed from the start. Not the count a guest may list: the
 * device also keeps what a trade account may see, and the total jumped at the end.
 */
export async function readShopProducts(api: ApiClient): Promise<number> {
  const reply = await api.request<{ products?: unknown }>('/api/catalog/replica-size', { auth: false });
  const products = reply.result?.products;
  if (reply.code !== 200 || typeof products !== 'number' || !Number.isInteger(products) || products < 0) throw new Error(`The catalogue size could not be read (${reply.code})`);
  return products;
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
