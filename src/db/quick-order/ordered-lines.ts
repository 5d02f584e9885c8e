import type { ShopDatabase } from '../database-types';

/** An ordered line as a reorder needs it: the line's SKU (a variant's own) and the quantity. */
export interface OrderedLine {
  sku: string;
  qty: number;
}

/**
 * The lines of an order placed on this device (the `orders` collection keeps each order's body), by
 * the client's order id or the server's order number: a reorder that works offline, whatever the
 * order history screen could load. Null when this device did not place that order.
 */
export async function deviceOrderLines(db: ShopDatabase, orderId: string): Promise<OrderedLine[] | null> {
  const byId = await db.orders.findOne(orderId).exec();
  const numbered = (n: unknown) => (typeof n === 'string' || typeof n === 'number') && String(n) === orderId;
  const order = byId ?? (await db.orders.find().exec()).find((o) => numbered(o.result?.increment_id)) ?? null;
  if (!order) return null;
  const products = Array.isArray(order.body.products) ? (order.body.products as { sku?: unknown; qty?: unknown }[]) : [];
  return products.flatMap((p) => (typeof p.sku === 'string' && typeof p.qty === 'number' ? [{ sku: p.sku, qty: p.qty }] : []));
}
