import * as v from 'valibot';
import { clientOrderIdField } from './order-id';

/** GET /api/order/{orderId}: whether the server holds an order under a client-made id; POST …/withdraw: withdraw it unless it does. */
export const ORDER_LOOKUP_MESSAGES = {
  notFound: 'No order with this id has reached the shop',
} as const;

export const orderLookupParams = v.strictObject({
  orderId: clientOrderIdField,
});

/** POST /api/order/{orderId}/withdraw: the order was placed (its stored reply) or is withdrawn for good. */
export type OrderWithdrawal = { state: 'placed'; order: Record<string, unknown> } | { state: 'withdrawn' };
