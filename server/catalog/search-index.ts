import type { CatalogQuery } from '../../schemas/catalog-query';
import { createCatalogIndex, removeDocuments, upsertDocuments, type CatalogIndex } from '../../src/domain/catalog-query/catalog-index';
import { runCatalogQuery } from '../../src/domain/catalog-query/run-query';
import type { AttributeDoc, CatalogResult, Doc } from '../../src/domain/catalog-query/types';
import type { CatalogEntity } from './catalog-store';

/** The shared query engine over one entity's documents, as the server uses it. */
export interface SearchIndex {
  upsert(docs: Doc[]): void;
  remove(ids: string[]): void;
  query(query: CatalogQuery, attributeByCode: (code: string) => AttributeDoc | undefined): CatalogResult;
}

// What shoppers hit first (category pages, sorts, search), built at start rather than on the first request.
const PRODUCT_PREBUILD = {
  text: true,
  fields: ['category_ids', 'price'],
  sorts: ['position:desc', 'final_price:asc', 'final_price:desc', 'updated_at:desc', 'created_at:desc'],
};

export function createSearchIndex(entity: CatalogEntity, docs: Doc[]): SearchIndex {
  const index: CatalogIndex = createCatalogIndex(entity, docs, entity === 'product' ? { prebuild: PRODUCT_PREBUILD } : {});
  return {
    upsert: (changed) => upsertDocuments(index, changed),
    remove: (ids) => removeDocuments(index, ids),
    query: (query, attributeByCode) => runCatalogQuery(index, query, { attributesByCode: attributeByCode }),
  };
}

/** Attribute documents by `attribute_code`, for the facet labels in `attributeMetadata`. */
export class AttributeLookup {
  private readonly byCode = new Map<string, AttributeDoc>();
  private readonly codeById = new Map<string, string>();

  upsert(docs: Doc[]): void {
    for (const doc of docs) {
      const code = doc.attribute_code;
      if (typeof code !== 'string') continue;
      this.remove([String(doc.id)]);
      this.byCode.set(code, doc as unknown as AttributeDoc);
      this.codeById.set(String(doc.id), code);
    }
  }

  remove(ids: string[]): void {
    for (const id of ids) {
      const code = this.codeById.get(id);
      if (code === undefined) continue;
      this.byCode.delete(code);
      this.codeById.delete(id);
    }
  }

  get = (code: string): AttributeDoc | undefined => this.byCode.get(code);
}
