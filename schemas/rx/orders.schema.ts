import type { TotalsReply } from '../api/cart';
import { EPOCH_MS, NULLABLE_EPOCH_MS, OPEN_OBJECT, type CollectionDefinition } from './json-schema';

export const ORDER_STATES = ['queued', 'sent', 'rejected', 'held', 'repriced'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The states of an order the server has not accepted yet and that will still be sent: its lines are the order's, not the cart's. */
export const WAITING_ORDER_STATES = ['queued', 'held', 'repriced'] as const satisfies readonly OrderState[];

/**
 * Orders placed on this device (SPEC §3 Order). Written here first with a client-made `order_id`
 * (the server's idempotency key), then pushed. `state` is queued until the server accepts it (sent)
 * or refuses it for good (rejected: address invalid, products unavailable); `transmited` and
 * `transmited_at` keep the reference names. A signed-in customer's order whose session ended before it
 * went is held (v1) until they sign in again, without holding up the orders behind it. Queued orders go when the connection returns if automatic
 * transmission is on or the thank-you page is open; otherwise the shopper confirms them ("Order waiting!").
 * An order the server refused because its prices changed since the shopper confirmed it is repriced
 * (v2): it keeps the server's new totals in `repriced` and waits for the shopper to confirm the new
 * total, whatever the automatic transmission setting says. `lines_taken` (v3) is false from the moment
 * the order is stored until the page placing it has taken the ordered lines out of the cart: a page
 * that goes between the two (a reload, a closed tab) leaves that to the next leading tab.
 */
export const ordersCollection: CollectionDefinition = {
  schema: {
    title: 'orders',
    version: 3,
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
      /** With the state 'repriced': the server's refusal (grand_total now, the confirmed one, the new totals). */
      repriced: { type: ['object', 'null'] },
      /** False while the ordered lines are still in the cart (see `takeLinesLeftInCart`); absent on orders stored before v3. */
      lines_taken: { type: 'boolean' },
      created_at: EPOCH_MS,
      updated_at: EPOCH_MS,
    },
    required: ['order_id', 'state', 'transmited', 'attempts', 'body', 'created_at', 'updated_at'],
    indexes: ['created_at', ['state', 'created_at']],
  },
  // v1 adds the state 'held'; v2 the state 'repriced' and its `repriced` totals; v3 `lines_taken`
  // (an order stored before it had its lines taken by the page that stored it). Stored orders keep theirs.
  migrationStrategies: { 1: (doc) => doc, 2: (doc) => doc, 3: (doc) => doc },
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
  repriced?: RepricedTotals | null;
  /** False from storing until the placing page took the ordered lines out of the cart. */
  lines_taken?: boolean;
  created_at: number;
  updated_at: number;
}

/** What the server said when it refused an order for a changed price: the total now and its totals. */
export interface RepricedTotals {
  grand_total: number;
  /** The grand total the order was confirmed with (the one the server refused). */
  confirmed_grand_total: number | null;
  totals: TotalsReply;
  /** The shopper has been asked ("Order waiting!") to confirm this new total. */
  asked?: boolean;
}
