import type { CatalogQuery } from '../../schemas/catalog-query';
import { createCatalogIndex, removeDocuments, upsertDocuments, type CatalogIndex } from '../../src/domain/catalog-query/catalog-index';
import { projectFields } from '../../src/domain/catalog-query/project-fields';
import { runCatalogQuery } from '../../src/domain/catalog-query/run-query';
import type { AttributeDoc, CatalogResult, Doc } from '../../src/domain/catalog-query/types';
import type { CatalogEntity } from './catalog-store';

/** The shared query engine over one entity's documents, as the server uses it. */
export interface SearchIndex {
  upsert(docs: Doc[]): void;
  remove(ids: string[]): void;
  query(query: CatalogQuery, attributeByCode: (code: string) => AttributeDoc | undefined): CatalogResult;
  /** The same answer as JSON text, each document's (projected) JSON made once and reused. */
  queryJson(query: CatalogQuery, attributeByCode: (code: string) => AttributeDoc | undefined): string;
}

type Lookup = (code: string) => AttributeDoc | undefined;

/**
 * JSON of documents by projection. A stored document is replaced, never changed, on update, so its
 * entries go with it; a list page then costs a lookup per tile instead of a projection and a stringify.
 */
const documentJson = new WeakMap<Doc, Map<string, string>>();

function jsonOf(doc: Doc, projection: string, include: readonly string[] | undefined, exclude: readonly string[] | undefined): string {
  let byProjection = documentJson.get(doc);
  if (!byProjection) documentJson.set(doc, (byProjection = new Map<string, string>()));
  let json = byProjection.get(projection);
  if (json === undefined) byProjection.set(projection, (json = JSON.stringify(projectFields(doc, include, exclude))));
  return json;
}

function queryJson(index: CatalogIndex, query: CatalogQuery, attributeByCode: Lookup): string {
  const { sourceInclude, sourceExclude, ...rest } = query;
  const result = runCatalogQuery(index, rest, { attributesByCode: attributeByCode });
  const projection = `${sourceInclude?.join(',') ?? ''}|${sourceExclude?.join(',') ?? ''}`;
  const items = result.items.map((doc) => jsonOf(doc, projection, sourceInclude, sourceExclude)).join(',');
  // `items` is the result's first key: its placeholder is the start of the text.
  const others = JSON.stringify({ ...result, items: 0 });
  return `{"items":[${items}]${others.slice('{"items":0'.length)}`;
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
    queryJson: (query, attributeByCode) => queryJson(index, query, attributeByCode),
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
