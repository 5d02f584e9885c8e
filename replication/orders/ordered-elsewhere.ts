import { ORDER_PUSH_MESSAGES } from './order-push';

/**
 * A stored order whose cart another device or session had already ordered carries this mark in its
 * `result` (which is free-form, so the stored schema stays as it is): the result is that other
 * order's, not one this device placed, and the shopper must be told so rather than thanked for it.
 */
const MARK = 'ordered_elsewhere';

export const markOrderedElsewhere = (result: Record<string, unknown>): Record<string, unknown> => ({ ...result, [MARK]: true });

export const isOrderedElsewhere = (result: unknown): boolean => typeof result === 'object' && result !== null && (result as Record<string, unknown>)[MARK] === true;

/** The notice for such an order sent from the queue; it names the other order by its number (its id when the server gave none). */
export function orderedElsewhereNotice(orderId: string, result: Record<string, unknown>): string {
  const number = typeof result.increment_id === 'string' || typeof result.increment_id === 'number' ? String(result.increment_id) : orderId;
  return ORDER_PUSH_MESSAGES.orderedElsewhere.replace('{{number}}', number);
}
