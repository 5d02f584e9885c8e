import type { RxCollection } from 'rxdb';
import { Subject, type Subscription } from 'rxjs';
import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import { createCatalogIndex, removeDocuments, upsertDocuments, type CatalogIndex } from '../../domain/catalog-query/catalog-index';
import { findByCode } from '../../domain/catalog-query/code-lookup';
import { runCatalogQuery } from '../../domain/catalog-query/run-query';
import type { AttributeDoc, CatalogResult, Doc } from '../../domain/catalog-query/types';
import type { ShopDatabase } from '../database-types';
import { taxRatesByClass, type TaxRatesByClass } from '../../domain/pricing/tax-rate';
import { UK_STORE } from '../../i18n/store-views';
import { storedContent } from './catalog-records';

/** The catalogue entities the storefront lists and searches locally. */
export type LocalEntity = 'product' | 'category' | 'attribute';
export const LOCAL_ENTITIES: readonly LocalEntity[] = ['product', 'category', 'attribute'];

const COLLECTION = { product: 'products', category: 'categories', attribute: 'attributes' } as const;

export interface LocalCatalogIndex {
  /** Same semantics as POST /api/catalog, answered from this page's replica. */
  query(entity: LocalEntity, query: CatalogQueryInput): CatalogResult;
  /** Listed products whose SKU, configurable child SKU or EAN is exactly `code` (see `findByCode`). */
  findProductsByCode(code: string): Doc[];
  /** Live documents held for the entity (deleted ones are gone). */
  count(entity: LocalEntity): number;
  /** Emits the entity whenever a change from the collection has been applied. */
  changes$: Subject<LocalEntity>;
  /** Reads these documents again from storage and applies them: a write this database instance did not make (another worker's). */
  refresh(entity: LocalEntity, ids: readonly string[]): Promise<void>;
  stop(): void;
}

type SourceRecord = { source: Doc };
type Change = { operation: 'INSERT' | 'UPDATE' | 'DELETE'; documentId: string; documentData: { source?: Doc; _deleted?: boolean } };

/**
 * The shared query engine over the local collections (DESIGN "Local database": a Dexie query no index
 * serves scans every document; the in-memory index answers in about a millisecond). Each index is
 * built once from the stored documents and then follows the collection's change stream, so a
 * replicated batch costs an upsert of the changed documents, never a rebuild.
 */
export async function startCatalogIndex(db: ShopDatabase): Promise<LocalCatalogIndex> {
  const indexes = new Map<LocalEntity, CatalogIndex>();
  const counts = new Map<LocalEntity, Set<string>>();
  const attributes = new Map<string, AttributeDoc>();
  const changes$ = new Subject<LocalEntity>();
  const subscriptions: Subscription[] = [];
  // The price buckets count prices incl. tax at the store's rates, as the server's do (server/catalog/catalog-service.ts).
  let taxRates: TaxRatesByClass = {};
  const readTaxRates = async () => {
    taxRates = taxRatesByClass((await storedContent(db, 'taxrule')), UK_STORE.tax.defaultCountry);
  };
  const content = db.collections.content as unknown as RxCollection<{ entity: string }> | undefined;
  if (content) {
    subscriptions.push(
      content.eventBulks$.subscribe((bulk: { events: unknown[] }) => {
        const touched = (bulk.events as { documentData?: { entity?: string }; previousDocumentData?: { entity?: string } }[]).some(
          (e) => e.documentData?.entity === 'taxrule' || e.previousDocumentData?.entity === 'taxrule',
        );
        if (touched) void readTaxRates().then(() => changes$.next('product'));
      }),
    );
  }
  await readTaxRates();

  const noteAttributes = (docs: Doc[]) => {
    for (const doc of docs) if (typeof doc.attribute_code === 'string') attributes.set(doc.attribute_code, doc as AttributeDoc);
  };

  function apply(entity: LocalEntity, events: readonly Change[]): void {
    const index = indexes.get(entity);
    const live = counts.get(entity);
    if (!index || !live) return;
    const upserts: Doc[] = [];
    const removals: string[] = [];
    for (const event of events) {
      const source = event.documentData.source;
      if (event.operation === 'DELETE' || event.documentData._deleted || !source) {
        removals.push(event.documentId);
        live.delete(event.documentId);
      } else {
        upserts.push(source);
        live.add(event.documentId);
      }
    }
    if (removals.length) removeDocuments(index, removals);
    if (upserts.length) upsertDocuments(index, upserts);
    if (entity === 'attribute') {
      for (const [code, doc] of attributes) if (removals.includes(String(doc.id))) attributes.delete(code);
      noteAttributes(upserts);
    }
    changes$.next(entity);
  }

  for (const entity of LOCAL_ENTITIES) {
    const collection = db.collections[COLLECTION[entity]] as unknown as RxCollection<SourceRecord> | undefined;
    if (!collection) continue;
    // Listen before reading, so a batch written while the documents load is applied afterwards.
    const pending: Change[][] = [];
    subscriptions.push(
      collection.eventBulks$.subscribe((bulk: { events: unknown[] }) => {
        const events = bulk.events as Change[];
        if (indexes.has(entity)) apply(entity, events);
        else pending.push(events);
      }),
    );
    const records = await collection.find().exec();
    const docs = records.map((r) => r.toJSON().source as Doc);
    indexes.set(entity, createCatalogIndex(entity, docs));
    counts.set(entity, new Set(records.map((r) => r.primary)));
    if (entity === 'attribute') noteAttributes(docs);
    for (const events of pending.splice(0)) apply(entity, events);
  }

  return {
    query(entity, query) {
      const index = indexes.get(entity);
      if (!index) return { items: [], total: 0, aggregations: {}, attributeMetadata: [], perPage: 0 };
      return runCatalogQuery(index, { ...query, type: entity }, { attributesByCode: (code) => attributes.get(code), taxRates });
    },
    findProductsByCode(code) {
      const index = indexes.get('product');
      return index ? findByCode(index, code) : [];
    },
    count: (entity) => counts.get(entity)?.size ?? 0,
    changes$,
    async refresh(entity, ids) {
      const collection = db.collections[COLLECTION[entity]] as unknown as RxCollection<SourceRecord> | undefined;
      if (!collection || ids.length === 0) return;
      const found = new Map((await collection.storageInstance.findDocumentsById([...ids], true)).map((d) => [String((d as Record<string, unknown>)[collection.schema.primaryPath]), d]));
      apply(
        entity,
        ids.map((id) => {
          const doc = found.get(id);
          return { operation: doc && !doc._deleted ? 'UPDATE' : 'DELETE', documentId: id, documentData: doc ? { source: doc.source, _deleted: doc._deleted } : { _deleted: true } };
        }),
      );
    },
    stop() {
      subscriptions.splice(0).forEach((s) => s.unsubscribe());
      changes$.complete();
    },
  };
}
