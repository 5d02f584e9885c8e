import { LOCKS, type Database, type Queryable } from '../db/database';

export const CATALOG_ENTITIES = ['product', 'category', 'attribute', 'taxrule', 'cms_page', 'cms_block', 'blog_post', 'banner', 'static_content'] as const;
export type CatalogEntity = (typeof CATALOG_ENTITIES)[number];

export type CatalogDoc = Record<string, unknown> & { id: string | number };

export interface ChangeCheckpoint {
  seq: number;
  id: string;
}

export interface StoredRow {
  entity: CatalogEntity;
  id: string;
  seq: number;
  doc: CatalogDoc;
  deleted: boolean;
}

export const CHANGES_CHANNEL = 'catalog_changes';

/**
 * Writes documents of one entity (insert or replace by id). Writers take one advisory lock so
 * sequence numbers are handed out in commit order, then NOTIFY every process on the database.
 */
export async function writeDocuments(tx: Queryable, db: Database, entity: CatalogEntity, docs: CatalogDoc[]): Promise<number> {
  if (docs.length === 0) return 0;
  await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.catalogWrite]);
  const chunk = 1000;
  for (let i = 0; i < docs.length; i += chunk) {
    await tx.query(
      `insert into catalog_documents (entity, id, seq, doc, deleted, updated_at)
       select $1, d->>'id', nextval('catalog_seq'), d, false, now() from jsonb_array_elements($2::jsonb) d
       on conflict (entity, id) do update set seq = excluded.seq, doc = excluded.doc, deleted = false, updated_at = now()`,
      [entity, JSON.stringify(docs.slice(i, i + chunk))],
    );
  }
  await notifyChange(tx, db, [entity]);
  return docs.length;
}

/** Marks documents removed; they reach replicas as deletions. */
export async function deleteDocuments(tx: Queryable, db: Database, entity: CatalogEntity, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await tx.query('select pg_advisory_xact_lock($1)', [LOCKS.catalogWrite]);
  const rows = await tx.query(
    `update catalog_documents set deleted = true, seq = nextval('catalog_seq'), updated_at = now()
     where entity = $1 and id = any($2::text[]) and not deleted returning id`,
    [entity, ids],
  );
  await notifyChange(tx, db, [entity]);
  return rows.length;
}

async function notifyChange(tx: Queryable, db: Database, entities: string[]): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [db.channel(CHANGES_CHANNEL), JSON.stringify({ entities })]);
}

/** Documents of the given entities changed after the checkpoint, oldest change first. */
export async function readChanges(db: Queryable, entities: readonly string[], after: ChangeCheckpoint | null, limit: number): Promise<StoredRow[]> {
  return db.query<StoredRow>(
    `select entity, id, seq, doc, deleted from catalog_documents
     where entity = any($1::text[]) and seq > $2 order by seq limit $3`,
    [entities, after?.seq ?? 0, limit],
  );
}

export async function readAll(db: Queryable, entity: CatalogEntity): Promise<StoredRow[]> {
  return db.query<StoredRow>('select entity, id, seq, doc, deleted from catalog_documents where entity = $1 and not deleted order by seq', [entity]);
}

/**
 * Every live document of an entity in `seq` order (as `readAll`), handed over `batch` rows at a
 * time through a cursor, so start-up never holds a large catalogue's parsed rows all at once beside
 * the index being built from them (the peak would stay in the process's resident memory). Each
 * batch comes with its documents' change sequence numbers.
 */
export async function readAllInBatches(
  db: Database,
  entity: CatalogEntity,
  batch: number,
  onBatch: (docs: CatalogDoc[], seqs: number[]) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('declare catalog_load no scroll cursor for select seq, doc from catalog_documents where entity = $1 and not deleted order by seq', [entity]);
    for (;;) {
      const rows = await tx.query<{ seq: number | string; doc: CatalogDoc }>(`fetch ${Math.max(1, Math.floor(batch))} from catalog_load`);
      if (rows.length === 0) break;
      onBatch(
        rows.map((row) => row.doc),
        rows.map((row) => Number(row.seq)),
      );
    }
    await tx.query('close catalog_load');
  });
}

/**
 * What a start-up snapshot of the catalogue is checked against: the newest change (as `maxSeq`)
 * and the number of live documents of the given entities. Every write through the catalogue store takes a new `seq`,
 * so any change moves `seq`; a row removed outright (no `seq`) changes `live`.
 */
export async function catalogState(db: Queryable, entities: readonly string[]): Promise<{ seq: number; live: number }> {
  const rows = await db.query<{ seq: number | string | null; live: number | string }>(
    'select max(seq) as seq, count(*) filter (where not deleted and entity = any($1::text[])) as live from catalog_documents',
    [entities],
  );
  return { seq: Number(rows[0]?.seq ?? 0), live: Number(rows[0]?.live ?? 0) };
}

export async function maxSeq(db: Queryable): Promise<number> {
  const rows = await db.query<{ seq: number | null }>('select max(seq) as seq from catalog_documents');
  return Number(rows[0]?.seq ?? 0);
}

export async function getDocument(db: Queryable, entity: CatalogEntity, id: string): Promise<CatalogDoc | undefined> {
  const rows = await db.query<{ doc: CatalogDoc }>('select doc from catalog_documents where entity = $1 and id = $2 and not deleted', [entity, id]);
  return rows[0]?.doc;
}

/** The live products whose sku is one of $1 (a text array), as `doc`. */
export const PRODUCTS_BY_SKU_SQL = "select doc from catalog_documents where entity = 'product' and not deleted and doc->>'sku' = any($1::text[])";

/** Products by SKU, including configurable children found through their parent. */
export async function getProductsBySku(db: Queryable, skus: readonly string[]): Promise<Map<string, CatalogDoc>> {
  const rows = await db.query<{ doc: CatalogDoc }>(PRODUCTS_BY_SKU_SQL, [skus]);
  return new Map(rows.map((r) => [String(r.doc.sku), r.doc]));
}

export async function findByUrlPath(db: Queryable, urlPath: string): Promise<{ entity: CatalogEntity; doc: CatalogDoc } | undefined> {
  const rows = await db.query<{ entity: CatalogEntity; doc: CatalogDoc }>(
    `select entity, doc from catalog_documents
     where not deleted and entity in ('product', 'category', 'cms_page')
       and (doc->>'url_path' = $1 or (entity = 'cms_page' and doc->>'identifier' = $1))
     order by case entity when 'product' then 0 when 'category' then 1 else 2 end limit 1`,
    [urlPath],
  );
  return rows[0];
}
