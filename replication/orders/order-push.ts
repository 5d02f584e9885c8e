import { ORDERED_ELSEWHERE_NOTICE } from '../../schemas/api/order';
import { PRICE_CHANGED } from '../../schemas/api/order-price-changed';
import type { RepricedTotals } from '../../schemas/rx/orders.schema';
import { isUnknownOutcome, isUnknownReply } from '../api/api-errors';
import type { ApiClient, ApiEnvelope } from '../api/api-types';

/** Order wording of SPEC §4 and §8. */
export const ORDER_PUSH_MESSAGES = {
  queued: 'The order can not be transfered because of server error. Order has been queued',
  queuedAddressInvalid: 'Address provided in checkout contains invalid data... Your order has been canceled',
  waitingTitle: 'Order waiting!',
  waitingBody: 'Click here to confirm the order that you made offline.',
  /** SPEC has no wording for this: "Order waiting!" for an order refused for a changed price; {{total}} is the new total. */
  repricedWaitingBody: 'The prices have changed since you confirmed your order: it now costs {{total}}. Click here to confirm the new total and send the order.',
  /** A customer's order that waits for them to sign in again (their session ended before it went). */
  held: 'Your order will be sent when you log in again.',
  cancelTooLate: 'The shop had already received your order, so it could not be cancelled.',
  cancelUnknown: 'The order could not be cancelled without a connection; it is still waiting.',
  /** An order sent from the queue whose cart another device or session had already ordered as order {{number}}. */
  orderedElsewhere: ORDERED_ELSEWHERE_NOTICE,
} as const;

export type PushOutcome =
  | { kind: 'sent'; result: Record<string, unknown> }
  /** Not known to have happened (offline, time-out, 5xx, 429, a proxy's page): sent again later with the same order_id. */
  | { kind: 'queued'; message: string }
  /** The server needs the customer signed in (the order names their account): it waits for the next login. */
  | { kind: 'held'; message: string }
  /** The cart it names was already turned into another order, which the server names. */
  | { kind: 'converted'; orderId: string; result: Record<string, unknown> }
  /**
   * Refused because a price changed since the shopper confirmed the grand total: nothing was placed,
   * and it may only go again once the shopper confirmed the server's new total (never silently).
   */
  | { kind: 'repriced'; message: string; repriced: RepricedTotals }
  /** Refused for good (bad address, products unavailable): sending it again cannot succeed. */
  | { kind: 'rejected'; code: number; message: string };

const messageOf = (reply: ApiEnvelope<unknown>) => (typeof reply.result === 'string' ? reply.result : ORDER_PUSH_MESSAGES.queued);

/** The new totals of a 409 'price-changed' refusal, when its meta holds them (else it is an ordinary refusal). */
function repricedOf(reply: ApiEnvelope<unknown>): RepricedTotals | null {
  const meta = reply.meta;
  if (reply.code !== 409 || meta?.reason !== PRICE_CHANGED) return null;
  const { grand_total: total, confirmed_grand_total: confirmed, totals } = meta;
  if (typeof total !== 'number' || !Number.isFinite(total) || typeof totals !== 'object' || totals === null) return null;
  return { grand_total: total, confirmed_grand_total: typeof confirmed === 'number' ? confirmed : null, totals: totals as RepricedTotals['totals'] };
}

/**
 * POST /api/order. The server treats `order_id` as an idempotency key, so a retry after a lost reply
 * returns the first reply and never places a second order. Success is a reply without a code or with
 * code 200 (SPEC §4); only a 4xx refuses, anything the server did not clearly answer stays queued.
 * A 409 for a changed price is a refusal of its own: the shopper is asked to confirm the new total.
 * `withSession: false` sends it without the device's token (the session is another customer's).
 */
export async function pushOrder(api: ApiClient, body: Record<string, unknown>, options: { withSession?: boolean } = {}): Promise<PushOutcome> {
  let reply: ApiEnvelope<unknown>;
  try {
    reply = await api.request<unknown>('/api/order', { method: 'POST', body, auth: options.withSession ?? true });
  } catch (error) {
    if (isUnknownOutcome(error)) return { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued };
    throw error;
  }
  if (reply.code === undefined || reply.code === 200) {
    return { kind: 'sent', result: typeof reply.result === 'object' && reply.result ? (reply.result as Record<string, unknown>) : { result: reply.result } };
  }
  if (isUnknownReply(reply)) return { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued };
  // After the API client's refresh: no session (logged out, or the session ended) for an order that names the customer.
  if (reply.code === 401) return { kind: 'held', message: ORDER_PUSH_MESSAGES.held };
  const repriced = repricedOf(reply);
  if (repriced) return { kind: 'repriced', message: messageOf(reply), repriced };
  const converting = reply.meta?.order_id;
  if (reply.code === 409 && typeof converting === 'string' && converting !== body.order_id) {
    return { kind: 'converted', orderId: converting, result: { ...reply.meta, order_id: converting } };
  }
  return { kind: 'rejected', code: reply.code, message: messageOf(reply) };
}
