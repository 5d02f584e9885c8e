import type { Queryable } from '../db/database';
import type { CatalogDoc, CatalogEntity } from '../catalog/catalog-store';

/**
 * Read-only lookups of catalogue documents by a field of the document. Each returns at most one
 * document and orders ties by id, so the same url always maps to the same document.
 */

/** The first live document of `entity` whose text field (one of `fields`) equals `value`. */
export async function findDocumentByFields(db: Queryable, entity: CatalogEntity, fields: readonly string[], value: string): Promise<CatalogDoc | undefined> {
  const rows = await db.query<{ doc: CatalogDoc }>(
    `select doc from catalog_documents
     where entity = $1 and not deleted and exists (select 1 from unnest($2::text[]) f where doc->>f = $3)
     order by length(id), id limit 1`,
    [entity, fields, value],
  );
  return rows[0]?.doc;
}

/** A category by url-key, slug or id (SPEC §2: "Category lookup accepts url-key, slug or id"), or its url_path. */
export function findCategory(db: Queryable, key: string): Promise<CatalogDoc | undefined> {
  return findDocumentByFields(db, 'category', ['url_key', 'slug', 'id', 'url_path'], key);
}

/** A CMS page or block by its identifier. */
export function findByIdentifier(db: Queryable, entity: 'cms_page' | 'cms_block', identifier: string): Promise<CatalogDoc | undefined> {
  return findDocumentByFields(db, entity, ['identifier'], identifier);
}
