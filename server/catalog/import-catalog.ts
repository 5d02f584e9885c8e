import { columnKey } from '../../schemas/catalog/catalog-csv';
import type { CatalogImport, ImportProduct } from '../../schemas/catalog/catalog-import';
import { LOCKS, type Database, type Queryable } from '../db/database';
import { ApiError } from '../http/api-error';
import { getProductsBySku, readAll, type CatalogEntity } from './catalog-store';
import { CsvProblems, parseCsv, productsFromCsv } from './catalog-csv';
import { SECTION_ENTITIES, documentId, writeCatalogSections, type CatalogSections } from './write-catalog';

/** A validated JSON catalogue file, or the text of a CSV one (one row per product). */
export type ImportSource = { kind: 'json'; sections: CatalogImport } | { kind: 'csv'; text: string };

export type ImportReport = Partial<Record<CatalogEntity, { created: number; updated: number }>>;

/** A report lists this many problems; a sheet with a systematic mistake would otherwise list one per row. */
const MAX_LISTED_PROBLEMS = 50;

/** Refuses the import with every problem, one per line (`row 7, column price: must be a number ...`). */
function refuse(problems: readonly string[]): never {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  if (problems.length > listed.length) listed.push(`… and ${problems.length - listed.length} more`);
  throw new ApiError(400, listed.join('\n'), { problems: listed });
}

/**
 * The highest product id ever handed out: live, removed, and configurable children kept inside their
 * parent. Read under the catalogue write lock, so two imports can never hand out the same id.
 */
async function highestProductId(tx: Queryable): Promise<number> {
  const rows = await tx.query<{ top: string | number | null }>(
    `select greatest(
       (select max(id::bigint) from catalog_documents where entity = 'product' and id ~ '^[0-9]{1,15}$'),
       (select max((child->>'id')::bigint) from catalog_documents d
          cross join lateral jsonb_array_elements(d.doc->'configurable_children') child
          where d.entity = 'product' and jsonb_typeof(d.doc->'configurable_children') = 'array' and child->>'id' ~ '^[0-9]{1,15}$')
     ) as top`,
  );
  return Number(rows[0]?.top ?? 0);
}

/**
 * Ids for products given without one: the id of the live product with that SKU, else the next free
 * id. A SKU may appear once in a file when it is to find its product.
 */
async function assignIds(tx: Queryable, products: readonly ImportProduct[]): Promise<CatalogSections['products']> {
  const missing = products.flatMap((p, index) => (p.id === undefined ? [index] : []));
  if (missing.length === 0) return products;
  const indexesOfSku = new Map<string, number[]>();
  products.forEach((p, index) => indexesOfSku.set(p.sku, [...(indexesOfSku.get(p.sku) ?? []), index]));
  const problems: string[] = [];
  for (const index of missing) {
    const sku = products[index]!.sku;
    const other = indexesOfSku.get(sku)!.find((i) => i !== index);
    if (other !== undefined) problems.push(`products[${index}].sku: ${sku} is also the SKU of products[${other}]; a product without an id is found by its SKU, so the SKU must be there once`);
  }
  if (problems.length > 0) refuse(problems);
  const existing = await getProductsBySku(
    tx,
    missing.map((i) => products[i]!.sku),
  );
  let next = Math.max(await highestProductId(tx), ...products.map((p) => p.id ?? 0)) + 1;
  return products.map((product) => {
    if (product.id !== undefined) return product;
    const id = Number(existing.get(product.sku)?.id ?? next++);
    const stock = product.stock ? { stock: { ...product.stock, product_id: id } } : {};
    return { ...product, id, ...stock };
  });
}

/** How many documents of each entity are new and how many replace a live one. */
async function countChanges(tx: Queryable, sections: CatalogSections): Promise<ImportReport> {
  const report: ImportReport = {};
  for (const [section, entity] of Object.entries(SECTION_ENTITIES) as [keyof typeof SECTION_ENTITIES, CatalogEntity][]) {
    const docs = sections[section];
    if (!docs?.length) continue;
    const ids = [...new Set(docs.map((doc) => String(documentId(entity, doc))))];
    const rows = await tx.query<{ live: string | number }>('select count(*) as live from catalog_documents where entity = $1 and id = any($2::text[]) and not deleted', [entity, ids]);
    const updated = Number(rows[0]?.live ?? 0);
    report[entity] = { created: ids.length - updated, updated };
  }
  return report;
}

/** Reads a CSV file against the catalogue as it is inside the transaction. */
async function csvProducts(tx: Queryable, text: string, now: Date): Promise<ImportProduct[]> {
  try {
    const records = parseCsv(text);
    const skuIndex = (records[0] ?? []).findIndex((heading) => columnKey(heading) === 'sku');
    const skus = skuIndex < 0 ? [] : records.slice(1).map((cells) => (cells[skuIndex] ?? '').trim()).filter(Boolean);
    const [categories, attributes, existingBySku] = await Promise.all([readAll(tx, 'category'), readAll(tx, 'attribute'), getProductsBySku(tx, skus)]);
    const products = productsFromCsv(records, { categories: categories.map((r) => r.doc), attributes: attributes.map((r) => r.doc), existingBySku, now });
    return products.map((p) => p.doc as ImportProduct);
  } catch (error) {
    if (error instanceof CsvProblems) refuse(error.problems);
    throw error;
  }
}

/**
 * Imports a catalogue file in one transaction under the catalogue write lock: CSV rows are read
 * against the categories and attributes as they are, products without an id get theirs, and
 * nothing is written when anything is wrong (an `ApiError` 400 lists the problems).
 */
export async function importCatalog(db: Database, source: ImportSource, now = new Date()): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.catalogWrite]);
    const sections: CatalogImport = source.kind === 'csv' ? { products: await csvProducts(tx, source.text, now) } : source.sections;
    const products = sections.products ? await assignIds(tx, sections.products) : undefined;
    const ready: CatalogSections = { ...sections, ...(products ? { products } : {}) };
    const report = await countChanges(tx, ready);
    await writeCatalogSections(tx, db, ready, { stampUpdatedAt: now });
    return report;
  });
}
