import type { ApiClient } from '../../../replication/api/api-types';
import { fetchLivePrices, type RenderListContext } from '../../../replication/catalog/render-list-prices';
import type { ShopDatabase } from '../database-types';

export const UK_STORE: RenderListContext = { storeId: 1, currencyCode: 'GBP' };

/**
 * Confirms the prices of these products with the server (render-list) and marks them current with
 * the refresh time (SPEC §4 product price state). Products the server did not price keep
 * `price_is_current: false`. Returns how many products were confirmed.
 */
export async function syncProductPrices(db: ShopDatabase, api: ApiClient, skus: readonly string[], context: RenderListContext = UK_STORE): Promise<number> {
  const prices = await fetchLivePrices(api, skus, context);
  if (prices.size === 0) return 0;
  const docs = await db.products.find({ selector: { sku: { $in: [...prices.keys()] } } }).exec();
  const at = Date.now();
  await Promise.all(
    docs.map((doc) => {
      const live = prices.get(doc.sku)!;
      return doc.incrementalPatch({ final_price_pence: live.finalPence, price_pence: live.regularPence, price_is_current: true, price_refreshed_at: at });
    }),
  );
  return docs.length;
}
