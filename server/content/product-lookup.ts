import type { Queryable } from '../db/database';
import type { CatalogDoc } from '../catalog/catalog-store';

/**
 * Product lookups the url mapping and the render list share. Configurable children live inside
 * their parent's `configurable_children`; a child may also exist as a product of its own
 * (visibility 1), which is why "find the parent of this sku" is a question of its own.
 */

/** Top-level products by sku (the sku column is indexed). */
export async function productsBySku(db: Queryable, skus: readonly string[]): Promise<CatalogDoc[]> {
  if (skus.length === 0) return [];
  return db.query<{ doc: CatalogDoc }>(
    "select doc from catalog_documents where entity = 'product' and not deleted and doc->>'sku' = any($1::text[])",
    [skus],
  ).then((rows) => rows.map((r) => r.doc));
}

/** A product by its url key or slug; a visible product wins over a hidden copy of the same slug. */
export async function productByKey(db: Queryable, key: string): Promise<CatalogDoc | undefined> {
  const rows = await db.query<{ doc: CatalogDoc }>(
    `select doc from catalog_documents
     where entity = 'product' and not deleted and (doc->>'url_key' = $1 or doc->>'slug' = $1)
     order by (doc->>'visibility') = '1', id limit 1`,
    [key],
  );
  return rows[0]?.doc;
}

/**
 * Configurable parents that embed any of these skus as a child. Written as jsonb containment so a
 * GIN index on `doc->'configurable_children'` serves it; without one it is a scan of the products.
 */
export async function parentsOfChildren(db: Queryable, childSkus: readonly string[]): Promise<CatalogDoc[]> {
  if (childSkus.length === 0) return [];
  const patterns = childSkus.map((sku) => JSON.stringify([{ sku }]));
  const rows = await db.query<{ doc: CatalogDoc }>(
    `select doc from catalog_documents
     where entity = 'product' and not deleted and doc->'configurable_children' @> any($1::jsonb[])
     order by id`,
    [patterns],
  );
  return rows.map((r) => r.doc);
}

export function childrenOf(product: CatalogDoc): Record<string, unknown>[] {
  const children = product.configurable_children;
  return Array.isArray(children) ? children.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null) : [];
}

export function hasChild(product: CatalogDoc, sku: string): boolean {
  return childrenOf(product).some((child) => child.sku === sku);
}

/** The parent sku a standalone child copy names, if any (a configurable parent may name itself). */
export function declaredParentSku(doc: CatalogDoc): string | undefined {
  return typeof doc.parentSku === 'string' && doc.parentSku !== '' && doc.parentSku !== doc.sku ? doc.parentSku : undefined;
}

/** A product that may be a standalone copy of a configurable child: it names a parent, or is hidden on its own. */
export function looksLikeChild(doc: CatalogDoc): boolean {
  return doc.type_id !== 'configurable' && (declaredParentSku(doc) !== undefined || Number(doc.visibility) === 1);
}
