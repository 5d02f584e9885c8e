import type { OrderWithdrawal } from '../../schemas/api/order-lookup';
import { isUnknownOutcome } from '../api/api-errors';
import type { ApiClient } from '../api/api-types';

export type OrderLookup = { result: Record<string, unknown> } | 'withdrawn' | 'not-known-yet';

const isWithdrawal = (value: unknown): value is OrderWithdrawal =>
  typeof value === 'object' &&
  value !== null &&
  ((value as OrderWithdrawal).state === 'withdrawn' || ((value as OrderWithdrawal).state === 'placed' && typeof (value as { order?: unknown }).order === 'object' && (value as { order?: unknown }).order !== null));

/**
 * Withdraws a queued order the shopper cancelled, unless the shop has it (POST
 * /api/order/{id}/withdraw). A "do you have it?" would not do: a send whose reply never came may
 * still arrive after the answer "no". The server decides in one step: placed (its reply comes back)
 * or withdrawn, and a late send of it is refused. No answer, or any other answer, leaves it unknown:
 * the order stays queued.
 */
export async function withdrawQueuedOrder(api: ApiClient, orderId: string): Promise<OrderLookup> {
  let reply;
  try {
    reply = await api.request<unknown>(`/api/order/${encodeURIComponent(orderId)}/withdraw`, { method: 'POST', auth: false });
  } catch (error) {
    if (isUnknownOutcome(error)) return 'not-known-yet';
    throw error;
  }
  if (reply.code !== 200 || !isWithdrawal(reply.result)) return 'not-known-yet';
  return reply.result.state === 'withdrawn' ? 'withdrawn' : { result: reply.result.order };
}
