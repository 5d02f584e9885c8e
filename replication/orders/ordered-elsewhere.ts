import { ORDER_PUSH_MESSAGES } from './order-push';

/**
 * A stored order whose cart another device or session had already ordered, with every line this one
 * asked for (the server refuses it as the same checkout placed again), carries this mark in its
 * `result` (which is free-form, so the stored schema stays as it is): the result is that other
 * order's, not one this device placed, and the shopper must be told so rather than thanked for it.
 * The record is stored under the other order's id (so that it is one order on the device, as on the
 * server); `placed_as` keeps the id this checkout gave it, by which its thank-you page follows it.
 */
const MARK = 'ordered_elsewhere';
const PLACED_AS = 'placed_as';

export const markOrderedElsewhere = (result: Record<string, unknown>, placedAs: string): Record<string, unknown> => ({ ...result, [MARK]: true, [PLACED_AS]: placedAs });

const field = (result: unknown, name: string): unknown => (typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[name] : undefined);

export const isOrderedElsewhere = (result: unknown): boolean => field(result, MARK) === true;

/** The id the checkout gave an order that turned out to be ordered elsewhere; null for any other order. */
export const placedAsOf = (result: unknown): string | null => {
  const id = field(result, PLACED_AS);
  return isOrderedElsewhere(result) && typeof id === 'string' ? id : null;
};

/** The server's order number in a stored order's result (`increment_id`), when it has one. */
export const orderNumberOf = (result: unknown): string | null => {
  const number = field(result, 'increment_id');
  return typeof number === 'string' || typeof number === 'number' ? String(number) : null;
};

/** The notice for such an order sent from the queue; it names the other order by its number (its id when the server gave none). */
export const orderedElsewhereNotice = (orderId: string, result: Record<string, unknown>): string =>
  ORDER_PUSH_MESSAGES.orderedElsewhere.replace('{{number}}', orderNumberOf(result) ?? orderId);
