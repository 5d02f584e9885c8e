import { ORDER_LOOKUP_MESSAGES } from '../../schemas/api/order-lookup';
import { isUnknownOutcome } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';

export type OrderLookup = { result: Record<string, unknown> } | 'unknown-to-server' | 'not-known-yet';

/**
 * Asks the server whether it holds the order (before a queued order is cancelled). Only the
 * server's own "no such order" counts as absent; no answer, or any other answer, leaves it unknown.
 */
export async function askServerForOrder(api: ApiClient, orderId: string): Promise<OrderLookup> {
  let reply;
  try {
    reply = await api.request<unknown>(`/api/order/${encodeURIComponent(orderId)}`, { auth: false });
  } catch (error) {
    if (isUnknownOutcome(error)) return 'not-known-yet';
    throw error;
  }
  if (reply.code === 200 && typeof reply.result === 'object' && reply.result) return { result: reply.result as Record<string, unknown> };
  if (reply.code === 404 && reply.result === ORDER_LOOKUP_MESSAGES.notFound) return 'unknown-to-server';
  return 'not-known-yet';
}
