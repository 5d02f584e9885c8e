import type { TotalsReply } from './cart';

/**
 * `meta.reason` of the 409 that refuses an order whose confirmed grand_total is out of date. A module
 * of its own (no validation library), so the device's order push can read it without loading one.
 */
export const PRICE_CHANGED = 'price-changed';

/** `meta` of that 409: the server's totals now, and the total the order was confirmed with. */
export interface PriceChangedMeta {
  reason: typeof PRICE_CHANGED;
  grand_total: number;
  confirmed_grand_total: number;
  totals: TotalsReply;
}
