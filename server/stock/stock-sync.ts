import type { Database, Queryable } from '../db/database';

/**
 * The stock table is filled from the catalogue documents, not by a migration: migrations run before
 * the catalogue is seeded, and products keep arriving through imports. Each sync takes in the
 * products written since the last one (catalogue `seq` watermark), top-level products and the
 * configurable children inside them. It is idempotent, so every process may run it at any time.
 *
 * A product seen again (re-import) keeps the quantity orders have left, unless the catalogue's own
 * figure changed since it was last applied: then the new figure is a restock and replaces it.
 * `is_in_stock` is the catalogue's flag as given; saleable means that flag and, when stock is
 * managed, a quantity above 0 (see stock-store.ts).
 */
const SYNC_SQL = `
insert into stock as s (sku, product_id, parent_sku, qty, is_in_stock, manage_stock, catalog_qty)
select distinct on (sku) sku, product_id, parent_sku, greatest(0, catalog_qty), is_in_stock, manage_stock, catalog_qty
from (
  select e.item->>'sku' as sku, e.item->>'id' as product_id, e.parent_sku,
         case when jsonb_typeof(e.item->'stock'->'qty') = 'number' then floor((e.item->'stock'->>'qty')::numeric)::integer else 0 end as catalog_qty,
         case when jsonb_typeof(e.item->'stock'->'is_in_stock') = 'boolean' then (e.item->'stock'->>'is_in_stock')::boolean else false end as is_in_stock,
         case when jsonb_typeof(e.item->'stock'->'manage_stock') = 'boolean' then (e.item->'stock'->>'manage_stock')::boolean else true end as manage_stock
  from (
    select c.doc as item, null::text as parent_sku
    from catalog_documents c where c.entity = 'product' and not c.deleted and c.seq > $1 and c.seq <= $2
    union all
    select child.value, c.doc->>'sku'
    from catalog_documents c
    cross join lateral jsonb_array_elements(case when jsonb_typeof(c.doc->'configurable_children') = 'array' then c.doc->'configurable_children' else '[]'::jsonb end) child
    where c.entity = 'product' and not c.deleted and c.seq > $1 and c.seq <= $2 and jsonb_typeof(child.value) = 'object'
  ) e
  where coalesce(e.item->>'sku', '') <> ''
) entries
order by sku, (parent_sku is null)
on conflict (sku) do update set
  product_id = excluded.product_id,
  parent_sku = coalesce(excluded.parent_sku, s.parent_sku),
  manage_stock = excluded.manage_stock,
  qty = case when s.catalog_qty is distinct from excluded.catalog_qty then excluded.qty else s.qty end,
  is_in_stock = excluded.is_in_stock,
  catalog_qty = excluded.catalog_qty,
  updated_at = now()
where s.catalog_qty is distinct from excluded.catalog_qty or s.is_in_stock is distinct from excluded.is_in_stock
   or s.parent_sku is distinct from coalesce(excluded.parent_sku, s.parent_sku) or s.manage_stock is distinct from excluded.manage_stock
   or s.product_id is distinct from excluded.product_id`;

/** Takes in every product written since the last sync; returns how many stock rows changed. */
export async function syncStockFromCatalog(db: Database): Promise<number> {
  const top = await db.query<{ seq: number | null }>("select max(seq) as seq from catalog_documents where entity = 'product'");
  const upTo = Number(top[0]?.seq ?? 0);
  const done = await watermark(db);
  if (upTo <= done) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ sku: string }>(`${SYNC_SQL} returning s.sku`, [done, upTo]);
    await tx.query(
      `insert into stock_catalog_sync (singleton, seq) values (true, $1)
       on conflict (singleton) do update set seq = greatest(stock_catalog_sync.seq, excluded.seq)`,
      [upTo],
    );
    return rows.length;
  });
}

async function watermark(db: Queryable): Promise<number> {
  const rows = await db.query<{ seq: number }>('select seq from stock_catalog_sync');
  return Number(rows[0]?.seq ?? 0);
}
