import type { Queryable } from '../db/database';

export interface StockRow {
  sku: string;
  product_id: string | null;
  parent_sku: string | null;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
}

/** Saleable now: the catalogue's in-stock flag, and a quantity above 0 when stock is managed. */
export const isSaleable = (row: StockRow): boolean => row.is_in_stock && (!row.manage_stock || row.qty > 0);

export async function readStock(db: Queryable, skus: readonly string[]): Promise<Map<string, StockRow>> {
  if (skus.length === 0) return new Map();
  const rows = await db.query<StockRow>(
    'select sku, product_id, parent_sku, qty, is_in_stock, manage_stock from stock where sku = any($1::text[])',
    [[...new Set(skus)]],
  );
  return new Map(rows.map((r) => [r.sku, { ...r, qty: Number(r.qty) }]));
}

/** What an order left of a sku it took (for the stock.low alert). */
export interface StockLeft {
  sku: string;
  product_id: string | null;
  qty: number;
  manage_stock: boolean;
}

/**
 * Takes `qty` of every sku, all or nothing, inside the caller's transaction. Each update is
 * conditional (`qty >= n`) and row-locked, so parallel orders can never take the same units twice
 * nor drive a quantity below 0; rows are locked in sku order so two orders cannot deadlock.
 * Returns the skus that could not be served (the caller rolls back when any) and what is left of
 * the others, read by the same updates.
 */
export async function takeStock(tx: Queryable, wanted: ReadonlyMap<string, number>): Promise<{ failed: string[]; left: StockLeft[] }> {
  const failed: string[] = [];
  const left: StockLeft[] = [];
  for (const sku of [...wanted.keys()].sort()) {
    const qty = wanted.get(sku) ?? 0;
    const rows = await tx.query<StockLeft>(
      `update stock set qty = case when manage_stock then qty - $2 else qty end, updated_at = now()
       where sku = $1 and is_in_stock and (not manage_stock or qty >= $2) returning sku, product_id, qty, manage_stock`,
      [sku, qty],
    );
    if (rows[0]) left.push({ ...rows[0], qty: Number(rows[0].qty) });
    else failed.push(sku);
  }
  return { failed, left };
}

/** The stock item of SPEC §3 as /api/stock replies it. */
export function toStockItem(row: StockRow): Record<string, unknown> {
  const productId = row.product_id !== null && /^\d+$/.test(row.product_id) ? Number(row.product_id) : row.product_id;
  return {
    item_id: productId,
    product_id: productId,
    product_sku: row.sku,
    qty: row.qty,
    is_in_stock: isSaleable(row),
    manage_stock: row.manage_stock,
    status: isSaleable(row) ? 1 : 0,
  };
}
