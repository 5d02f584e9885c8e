import { expectKnown, UnknownOutcomeError, UnknownReplyError } from '../api/api-errors';
import type { ApiEnvelope } from '../api/api-types';

/**
 * What a cart reply says about the line or cart it was about (DESIGN "Faults and exactly-once"):
 * - done: 2xx;
 * - cart-lost: 401, 403 or 404. The cart cannot be used as the device knew it (its token was
 *   refused, it is another customer's, it was converted, or the line's item id is gone). That is not
 *   a refusal of the line, so the line stays; a fresh pull tells what happened and reconnects;
 * - refused: any other 4xx, with the server's message the shopper can act on (out of stock, minimum).
 * An unknown reply (5xx, 429, a retry still in progress) throws a ServerUnavailableError to retry.
 */
export type CartReplyKind = 'done' | 'cart-lost' | 'refused';

export function cartReplyKind(reply: ApiEnvelope<unknown>): CartReplyKind {
  expectKnown(reply);
  if (reply.code >= 200 && reply.code < 300) return 'done';
  if (reply.code === 401 || reply.code === 403 || reply.code === 404) return 'cart-lost';
  return 'refused';
}

/** A line write or removal met a cart the device cannot use as it knew it (see `cartReplyKind`). */
export class CartLostError extends UnknownReplyError {
  override name = 'CartLostError';
}

/** The reply of a best-effort call (totals, the guest cart's coupon), or null when its outcome is unknown. */
export async function knownOrNull<T>(request: Promise<ApiEnvelope<T>>): Promise<ApiEnvelope<T> | null> {
  try {
    return expectKnown(await request);
  } catch (error) {
    if (error instanceof UnknownOutcomeError) return null;
    throw error;
  }
}
