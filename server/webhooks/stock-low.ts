import type { Database, Queryable } from '../db/database';
import { recordWebhookEvent } from './webhook-outbox';

/**
 * After an order took stock (same transaction, rows still locked by it): a `stock.low` event for each
 * managed sku that this order took from above the threshold to at or below it. Only the crossing
 * counts, so an item selling on at low stock does not repeat the alert with every order; stock added
 * back above the threshold arms it again.
 */
export async function recordStockLow(tx: Queryable, db: Pick<Database, 'channel'>, taken: ReadonlyMap<string, number>, threshold: number): Promise<void> {
  if (taken.size === 0) return;
  const skus = [...taken.keys()];
  const rows = await tx.query<{ sku: string; product_id: string | null; qty: number | string }>(
    'select sku, product_id, qty from stock where sku = any($1::text[]) and manage_stock and qty <= $2 order by sku',
    [skus, threshold],
  );
  for (const row of rows) {
    const qty = Number(row.qty);
    if (qty + (taken.get(row.sku) ?? 0) <= threshold) continue;
    const productId = row.product_id !== null && /^\d+$/.test(row.product_id) ? Number(row.product_id) : row.product_id;
    await recordWebhookEvent(tx, db, 'stock.low', { sku: row.sku, product_id: productId, qty, threshold });
  }
}
