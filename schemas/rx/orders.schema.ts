import { EPOCH_MS, NULLABLE_EPOCH_MS, OPEN_OBJECT, type CollectionDefinition } from './json-schema';

export const ORDER_STATES = ['queued', 'sent', 'rejected', 'held'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * Orders placed on this device (SPEC §3 Order). Written here first with a client-made `order_id`
 * (the server's idempotency key), then pushed. `state` is queued until the server accepts it (sent)
 * or refuses it for good (rejected: address invalid, products unavailable); `transmited` and
 * `transmited_at` keep the reference names. A signed-in customer's order whose session ended before it
 * went is held (v1) until they sign in again, without holding up the orders behind it. Queued orders go when the connection returns if automatic
 * transmission is on or the thank-you page is open; otherwise the shopper confirms them ("Order waiting!").
 */
export const ordersCollection: CollectionDefinition = {
  schema: {
    title: 'orders',
    version: 1,
    primaryKey: 'order_id',
    type: 'object',
    properties: {
      order_id: { type: 'string', maxLength: 80 },
      state: { type: 'string', maxLength: 16, enum: ORDER_STATES },
      transmited: { type: 'boolean' },
      transmited_at: NULLABLE_EPOCH_MS,
      attempts: { type: 'integer', minimum: 0 },
      /** The VSF order body sent to POST /api/order. */
      body: OPEN_OBJECT,
      /** The server's reply on success: order_id, increment_id, status, created_at, grand_total, backendOrderId. */
      result: { type: ['object', 'null'] },
      error: { type: ['string', 'null'] },
      created_at: EPOCH_MS,
      updated_at: EPOCH_MS,
    },
    required: ['order_id', 'state', 'transmited', 'attempts', 'body', 'created_at', 'updated_at'],
    indexes: ['created_at', ['state', 'created_at']],
  },
  // v1 adds the state 'held'; stored orders keep theirs.
  migrationStrategies: { 1: (doc) => doc },
};

export interface OrderRecord {
  order_id: string;
  state: OrderState;
  transmited: boolean;
  transmited_at?: number | null;
  attempts: number;
  body: Record<string, unknown>;
  result?: Record<string, unknown> | null;
  error?: string | null;
  created_at: number;
  updated_at: number;
}
