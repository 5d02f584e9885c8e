import type { OrderRow } from '../user/order-history-query';

/**
 * The API shape of an order: its document with the authoritative columns on top. One shape for every
 * reader: the shopper's order history, the admin API, the webhooks and the status change replies.
 */
export function toApiOrder(row: OrderRow): Record<string, unknown> {
  return { ...row.doc, order_id: row.order_id, increment_id: row.increment_id, status: row.status, email: row.email, created_at: new Date(row.created_at).toISOString() };
}
