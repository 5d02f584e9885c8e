import { readAmount, toPence } from '../../src/domain/pricing/money';
import type { ApiClient } from '../api/api-types';

/** A product's live price from GET /api/product/render-list, in whole pence. */
export interface LivePrice {
  sku: string;
  finalPence: number;
  regularPence: number;
  /** The final price including tax, when the server sent tax adjustments. */
  finalInclTaxPence: number | null;
}

export interface RenderListContext {
  storeId: number;
  currencyCode: string;
  /** The customer group for tier prices; a signed-in shopper's token decides on the server anyway. */
  userGroupId?: number | null;
}

/** The endpoint takes at most 200 skus per call. */
export const RENDER_LIST_MAX_SKUS = 200;

type PriceInfo = { final_price?: unknown; regular_price?: unknown; extension_attributes?: { tax_adjustments?: { final_price?: unknown } } };

function toLivePrice(item: { sku?: unknown; price_info?: PriceInfo }): LivePrice | null {
  const final = readAmount(item.price_info?.final_price);
  if (typeof item.sku !== 'string' || final === undefined) return null;
  const regular = readAmount(item.price_info?.regular_price) ?? final;
  const gross = readAmount(item.price_info?.extension_attributes?.tax_adjustments?.final_price);
  return { sku: item.sku, finalPence: toPence(final), regularPence: toPence(regular), finalInclTaxPence: gross === undefined ? null : toPence(gross) };
}

/**
 * The platform price sync (SPEC §4, §7): current prices for these skus, in chunks the endpoint
 * accepts. Skus the server does not know are simply absent from the result. Throws NetworkError
 * offline, so callers leave `price_is_current` false.
 */
export async function fetchLivePrices(api: ApiClient, skus: readonly string[], context: RenderListContext): Promise<Map<string, LivePrice>> {
  const prices = new Map<string, LivePrice>();
  const unique = [...new Set(skus.filter((s) => s.trim() !== ''))];
  for (let i = 0; i < unique.length; i += RENDER_LIST_MAX_SKUS) {
    const chunk = unique.slice(i, i + RENDER_LIST_MAX_SKUS);
    const reply = await api.request<{ items?: { sku?: unknown; price_info?: PriceInfo }[] }>('/api/product/render-list', {
      query: { skus: chunk.join(','), currencyCode: context.currencyCode, storeId: context.storeId, userGroupId: context.userGroupId ?? undefined },
    });
    if (reply.code !== 200) throw new Error(`The price sync answered ${reply.code}: ${JSON.stringify(reply.result)}`);
    for (const item of reply.result.items ?? []) {
      const price = toLivePrice(item);
      if (price) prices.set(price.sku, price);
    }
  }
  return prices;
}
