import { ORDER_MESSAGES, PRICE_CHANGED, type OrderBody } from '../../schemas/api/order';
import type { TotalsReply } from '../../schemas/api/cart';
import { ApiError } from '../http/api-error';

const pence = (pounds: number) => Math.round(pounds * 100);

/**
 * The grand total the shopper confirmed (when the body carries one) must be the one the server
 * charges: a price changed since the review step is refused with 409 and the new totals, so the device
 * can show them and ask again instead of charging an amount the shopper never saw. A penny either way
 * is rounding, not a price change. Without a confirmed total (an API user's order) nothing is checked.
 */
export function checkConfirmedTotal(confirmed: OrderBody['grand_total'], totals: TotalsReply): void {
  if (confirmed === undefined) return;
  if (Math.abs(pence(confirmed) - pence(totals.grand_total)) <= 1) return;
  throw new ApiError(409, ORDER_MESSAGES.priceChanged, { reason: PRICE_CHANGED, grand_total: totals.grand_total, confirmed_grand_total: confirmed, totals });
}
