import type { Database, Queryable } from '../db/database';
import type { StockLeft } from '../stock/stock-store';
import { recordWebhookEvent } from './webhook-outbox';

/**
 * After an order took stock (same transaction, rows still locked by it): a `stock.low` event for each
 * managed sku that this order took from above the threshold to at or below it. Only the crossing
 * counts, so an item selling on at low stock does not repeat the alert with every order; stock added
 * back above the threshold arms it again. `left` is what takeStock's updates returned (no re-read).
 */
export async function recordStockLow(tx: Queryable, db: Pick<Database, 'channel'>, taken: ReadonlyMap<string, number>, left: readonly StockLeft[], threshold: number): Promise<void> {
  for (const row of left) {
    if (!row.manage_stock || row.qty > threshold || row.qty + (taken.get(row.sku) ?? 0) <= threshold) continue;
    const productId = row.product_id !== null && /^\d+$/.test(row.product_id) ? Number(row.product_id) : row.product_id;
    await recordWebhookEvent(tx, db, 'stock.low', { sku: row.sku, product_id: productId, qty: row.qty, threshold });
  }
}
