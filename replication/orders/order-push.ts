import { NetworkError, ResponseFormatError } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';

/** Order wording of SPEC §4 and §8. */
export const ORDER_PUSH_MESSAGES = {
  queued: 'The order can not be transfered because of server error. Order has been queued',
  queuedAddressInvalid: 'Address provided in checkout contains invalid data... Your order has been canceled',
  waitingTitle: 'Order waiting!',
  waitingBody: 'Click here to confirm the order that you made offline.',
} as const;

export type PushOutcome =
  | { kind: 'sent'; result: Record<string, unknown> }
  /** Not accepted yet (offline, server error): keep it and send it again later, with the same order_id. */
  | { kind: 'queued'; message: string }
  /** Refused for good (bad address, products unavailable): sending it again cannot succeed. */
  | { kind: 'rejected'; code: number; message: string };

/** Replies that will not change on a retry of the same order. */
const FINAL_REFUSALS = new Set([400, 403, 409, 413, 422]);

/**
 * POST /api/order. The server treats `order_id` as an idempotency key, so a retry after a lost reply
 * returns the first reply and never places a second order. Success is a reply without a code or with
 * code 200 (SPEC §4).
 */
export async function pushOrder(api: ApiClient, body: Record<string, unknown>): Promise<PushOutcome> {
  let reply;
  try {
    reply = await api.request<Record<string, unknown> | string>('/api/order', { method: 'POST', body });
  } catch (error) {
    if (error instanceof NetworkError || error instanceof ResponseFormatError) return { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued };
    throw error;
  }
  if (reply.code === undefined || reply.code === 200) return { kind: 'sent', result: typeof reply.result === 'object' && reply.result ? reply.result : { result: reply.result } };
  const message = typeof reply.result === 'string' ? reply.result : ORDER_PUSH_MESSAGES.queued;
  if (FINAL_REFUSALS.has(reply.code)) return { kind: 'rejected', code: reply.code, message };
  return { kind: 'queued', message: ORDER_PUSH_MESSAGES.queued };
}
