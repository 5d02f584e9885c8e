import type { TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import type { CatalogDoc } from '../catalog/catalog-store';
import type { Queryable } from '../db/database';
import type { StockRow } from '../stock/stock-store';

/**
 * What pricing some lines reads from the database: the products named by their skus, the stock rows
 * of those skus, and the tax rule documents. Each statement costs PGlite far more than the rows it
 * returns, so on an order's path (once per order) they are one statement, not three. Read, not
 * cached: a price, a stock level or a tax rule an admin or an import changed (in any process) applies
 * to the very next order.
 */
export interface PricingRead {
  /** By sku, as getProductsBySku gives them (configurable children are found through their parent). */
  products: Map<string, CatalogDoc>;
  /** Stock rows of the requested skus that have one; a variant's child sku may still need its own read. */
  stock: Map<string, StockRow>;
  /** The tax rules when asked for, else null. */
  taxRules: TaxRuleFields[] | null;
}

type Row = { kind: 'product' | 'taxrule'; doc: unknown } | { kind: 'stock'; doc: StockRow };

export async function readForPricing(db: Queryable, skus: readonly string[], want: { stock: boolean; taxRules: boolean }): Promise<PricingRead> {
  const parts = ["select 'product' as kind, doc from catalog_documents where entity = 'product' and not deleted and doc->>'sku' = any($1::text[])"];
  if (want.stock) {
    parts.push(
      `select 'stock', jsonb_build_object('sku', sku, 'product_id', product_id, 'parent_sku', parent_sku, 'qty', qty, 'is_in_stock', is_in_stock, 'manage_stock', manage_stock)
       from stock where sku = any($1::text[])`,
    );
  }
  if (want.taxRules) parts.push("select 'taxrule', doc from catalog_documents where entity = 'taxrule' and not deleted");
  const rows = await db.query<Row>(parts.join(' union all '), [[...new Set(skus)]]);
  const read: PricingRead = { products: new Map(), stock: new Map(), taxRules: want.taxRules ? [] : null };
  for (const row of rows) {
    if (row.kind === 'stock') read.stock.set(row.doc.sku, { ...row.doc, qty: Number(row.doc.qty) });
    else if (row.kind === 'taxrule') read.taxRules!.push(row.doc as TaxRuleFields);
    else read.products.set(String((row.doc as CatalogDoc).sku), row.doc as CatalogDoc);
  }
  return read;
}
