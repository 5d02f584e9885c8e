import * as v from 'valibot';

/** GET /api/order/{orderId}: whether the server holds an order under a client-made id; POST …/withdraw: withdraw it unless it does. */
export const ORDER_LOOKUP_MESSAGES = {
  notFound: 'No order with this id has reached the shop',
} as const;

export const orderLookupParams = v.strictObject({
  orderId: v.pipe(v.string(), v.minLength(8, 'Must have 8 to 100 characters.'), v.maxLength(100, 'Must have 8 to 100 characters.'), v.regex(/^[A-Za-z0-9._:-]+$/, 'May hold letters, digits and . _ : - only.')),
});

/** POST /api/order/{orderId}/withdraw: the order was placed (its stored reply) or is withdrawn for good. */
export type OrderWithdrawal = { state: 'placed'; order: Record<string, unknown> } | { state: 'withdrawn' };
