import { normalizeMangoQuery, prepareQuery, type MangoQuerySelector, type RxCollection } from 'rxdb';
import type { ContentEntity, ContentRecord } from '../../../schemas/rx/content.schema';
import type { ProductRecord } from '../../../schemas/rx/products.schema';
import type { ShopDatabase } from '../database-types';

/**
 * The page's reads of single catalogue records (a cart line's product, the tax rules, a CMS block
 * offline). They go to the collection's storage, not through RxDB's query cache: where the catalogue
 * worker writes the collections (src/catalog-worker/), this page's RxDB instance hears nothing of
 * those writes, so a cached query result could be an old price or stock figure. A read of a few
 * documents by an index costs the same either way.
 */
async function stored<T>(collection: RxCollection<T> | undefined, selector: MangoQuerySelector<T>): Promise<T[]> {
  if (!collection) return [];
  const schema = collection.schema.jsonSchema;
  const query = normalizeMangoQuery(schema, { selector: { ...selector, _deleted: { $eq: false } } });
  const result = await collection.storageInstance.query(prepareQuery(schema, query));
  return result.documents;
}

/** The stored products with these skus, by sku (absent ones are missing from the map). */
export async function storedProducts(db: ShopDatabase, skus: readonly string[]): Promise<Map<string, ProductRecord>> {
  const wanted = [...new Set(skus.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const docs = await stored(db.collections.products as RxCollection<ProductRecord> | undefined, { sku: { $in: wanted } });
  return new Map(docs.map((d) => [d.sku, d]));
}

export async function storedProduct(db: ShopDatabase, sku: string): Promise<ProductRecord | undefined> {
  return (await storedProducts(db, [sku])).get(sku);
}

/** The stored content documents of an entity (with this identifier, when given): their `source`. */
export async function storedContent(db: ShopDatabase, entity: ContentEntity, identifier?: string): Promise<Record<string, unknown>[]> {
  const selector = identifier === undefined ? { entity } : { entity, identifier };
  const docs = await stored(db.collections.content as RxCollection<ContentRecord> | undefined, selector as MangoQuerySelector<ContentRecord>);
  return docs.map((d) => d.source);
}

/** One content document by its key, or undefined. */
export async function storedContentByKey(db: ShopDatabase, key: string): Promise<Record<string, unknown> | undefined> {
  const content = db.collections.content as RxCollection<ContentRecord> | undefined;
  if (!content) return undefined;
  const [doc] = await content.storageInstance.findDocumentsById([key], false);
  return doc ? (doc.source) : undefined;
}
