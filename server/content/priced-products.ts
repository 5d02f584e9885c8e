import { readAll, type CatalogDoc } from '../catalog/catalog-store';
import type { Queryable } from '../db/database';
import { findTaxRatePercent, type TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { childrenOf, declaredParentSku, looksLikeChild, parentsOfChildren, productsBySku } from './product-lookup';

export interface PricedProduct {
  sku: string;
  /** The product itself, or a configurable child as embedded in its parent. */
  item: Record<string, unknown>;
  taxClassId: number;
}

/** Tax class from the item, else its parent (children often leave it out); none means untaxed. */
function taxClassOf(item: Record<string, unknown>, parent?: CatalogDoc): number {
  const own = Number(item.tax_class_id ?? parent?.tax_class_id);
  return Number.isInteger(own) && own >= 0 ? own : 0;
}

/**
 * The documents to price for these skus; unknown skus are left out. A configurable child is priced
 * as embedded in its parent, because that copy is the one the product page shows and the cart
 * buys; its standalone copy (visibility 1) only stands in when no parent embeds it.
 */
export async function findPricedProducts(db: Queryable, skus: readonly string[]): Promise<Map<string, PricedProduct>> {
  const found = new Map<string, PricedProduct>();
  const topLevel = new Map((await productsBySku(db, skus)).map((doc) => [String(doc.sku), doc]));
  const childSkus = skus.filter((sku) => !topLevel.has(sku) || looksLikeChild(topLevel.get(sku)!));
  // Parents the standalone copies name are found by the indexed sku; the rest by scanning children.
  const declared = [...new Set(childSkus.map((sku) => topLevel.get(sku)).flatMap((doc) => (doc && declaredParentSku(doc)) || []))];
  const parents = await productsBySku(db, declared);
  const unresolved = childSkus.filter((sku) => !parents.some((p) => childrenOf(p).some((c) => c.sku === sku)));
  parents.push(...(await parentsOfChildren(db, unresolved)));
  for (const parent of parents) {
    for (const child of childrenOf(parent)) {
      const sku = String(child.sku);
      if (childSkus.includes(sku) && !found.has(sku)) found.set(sku, { sku, item: { ...child, type_id: child.type_id ?? 'simple' }, taxClassId: taxClassOf(child, parent) });
    }
  }
  for (const [sku, doc] of topLevel) if (!found.has(sku)) found.set(sku, { sku, item: doc, taxClassId: taxClassOf(doc) });
  return found;
}

/** The UK store's rate (SPEC §9: default country GB) for each product tax class, from the taxrule documents. */
export async function gbTaxPercent(db: Queryable): Promise<(taxClassId: number) => number> {
  const rules = (await readAll(db, 'taxrule')).map((row) => row.doc as TaxRuleFields);
  return (taxClassId) => findTaxRatePercent(rules, { productTaxClassId: taxClassId, countryId: 'GB' });
}
