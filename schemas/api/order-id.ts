import * as v from 'valibot';

/**
 * An order number (the shop's `increment_id`, e.g. "000000123") is digits only; a client-made order id
 * never is. So a guest can never pick the next order number as their id and have staff open, ship
 * or mail their order when they look that number up: each lookup knows which of the two it was given.
 */
export const isOrderNumber = (id: string): boolean => /^\d+$/.test(id);

export const ORDER_ID_MESSAGES = {
  length: 'Must have 8 to 100 characters.',
  characters: 'May hold letters, digits and . _ : - only.',
  digitsOnly: 'Must hold something other than digits: an id of digits only would look like an order number.',
} as const;

/** The client-made idempotency key of an order (the storefront's are `${ms}-${uuid}`). */
export const clientOrderIdField = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(8, ORDER_ID_MESSAGES.length),
  v.maxLength(100, ORDER_ID_MESSAGES.length),
  v.regex(/^[A-Za-z0-9._:-]+$/, ORDER_ID_MESSAGES.characters),
  v.check((id) => !isOrderNumber(id), ORDER_ID_MESSAGES.digitsOnly),
);
