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

/** The stock rows of the skus in $1 (a text array). */
export const STOCK_BY_SKU_SQL = 'select sku, product_id, parent_sku, qty, is_in_stock, manage_stock from stock where sku = any($1::text[])';

export async function readStock(db: Queryable, skus: readonly string[]): Promise<Map<string, StockRow>> {
  if (skus.length === 0) return new Map();
  const rows = await db.query<StockRow>(STOCK_BY_SKU_SQL, [[...new Set(skus)]]);
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
 * Takes `qty` of every sku, all or nothing, inside the caller's transaction, in one statement. Each
 * row's update is conditional (`qty >= n`, checked again on the newest version of a row another
 * transaction changed meanwhile) and row-locked, so parallel orders can never take the same units
 * twice nor drive a quantity below 0. The rows are locked first, in sku order (the `locked` CTE, read
 * by the update's condition before it writes any row), as returnStock locks them, so two orders
 * cannot deadlock. Returns the skus that could not be served (the caller rolls back when any) and
 * what is left of the others, read by the same update.
 */
export async function takeStock(tx: Queryable, wanted: ReadonlyMap<string, number>): Promise<{ failed: string[]; left: StockLeft[] }> {
  if (wanted.size === 0) return { failed: [], left: [] };
  const skus = [...wanted.keys()].sort();
  const rows = await tx.query<StockLeft>(
    // The skus come sorted (as returnStock's); the locks are taken in that order, not the collation's.
    `with locked as (select sku from stock where sku = any($1::text[]) order by array_position($1::text[], sku) for update)
     update stock s set qty = case when s.manage_stock then s.qty - w.qty else s.qty end, updated_at = now()
     from unnest($1::text[], $2::integer[]) as w(sku, qty)
     where s.sku = w.sku and s.sku = any(array(select sku from locked)) and s.is_in_stock and (not s.manage_stock or s.qty >= w.qty)
     returning s.sku, s.product_id, s.qty, s.manage_stock`,
    [skus, skus.map((sku) => wanted.get(sku) ?? 0)],
  );
  const bySku = new Map(rows.map((row) => [row.sku, { ...row, qty: Number(row.qty) }]));
  const left = skus.flatMap((sku) => bySku.get(sku) ?? []);
  return { failed: skus.filter((sku) => !bySku.has(sku)), left };
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
