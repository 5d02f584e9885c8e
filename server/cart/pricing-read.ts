import type { TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { PRODUCTS_BY_SKU_SQL, type CatalogDoc } from '../catalog/catalog-store';
import type { Queryable } from '../db/database';
import { STOCK_BY_SKU_SQL, type StockRow } from '../stock/stock-store';
import { TAX_RULES_SQL } from './totals-service';

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

type Row = { kind: string; doc: unknown };
type Wanted = { stock: boolean; taxRules: boolean };

/** The statement of readForPricing (skus as $1), for a caller that adds its own rows with `union all`. */
export function pricingReadSql(want: Wanted): string {
  // The reads getProductsBySku, readStock and loadTaxRules make, each tagged with its kind.
  const parts = [`select 'product' as kind, p.doc from (${PRODUCTS_BY_SKU_SQL}) p`];
  if (want.stock) parts.push(`select 'stock', to_jsonb(s) from (${STOCK_BY_SKU_SQL}) s`);
  if (want.taxRules) parts.push(`select 'taxrule', t.doc from (${TAX_RULES_SQL}) t`);
  return parts.join(' union all ');
}

/** The rows of pricingReadSql as a PricingRead; rows of other kinds are the caller's. */
export function pricingReadFrom(rows: readonly Row[], want: Wanted): PricingRead {
  const read: PricingRead = { products: new Map(), stock: new Map(), taxRules: want.taxRules ? [] : null };
  for (const { kind, doc } of rows) {
    if (kind === 'stock') {
      const row = doc as StockRow;
      read.stock.set(row.sku, { ...row, qty: Number(row.qty) });
    } else if (kind === 'taxrule') read.taxRules!.push(doc as TaxRuleFields);
    else if (kind === 'product') read.products.set(String((doc as CatalogDoc).sku), doc as CatalogDoc);
  }
  return read;
}

export const distinctSkus = (skus: readonly string[]): string[] => [...new Set(skus)];

export async function readForPricing(db: Queryable, skus: readonly string[], want: Wanted): Promise<PricingRead> {
  return pricingReadFrom(await db.query<Row>(pricingReadSql(want), [distinctSkus(skus)]), want);
}
