import type { Queryable } from '../db/database';

/**
 * Puts units back (a cancelled order), inside the caller's transaction, in sku order like takeStock
 * so the two never deadlock. Only managed stock counts units; a sku gone from the catalogue is skipped.
 */
export async function returnStock(tx: Queryable, returned: ReadonlyMap<string, number>): Promise<void> {
  for (const sku of [...returned.keys()].sort()) {
    const qty = returned.get(sku) ?? 0;
    if (qty > 0) await tx.query('update stock set qty = qty + $2, updated_at = now() where sku = $1 and manage_stock', [sku, qty]);
  }
}
