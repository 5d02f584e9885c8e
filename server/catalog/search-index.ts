import { createHash } from 'node:crypto';
import type { CatalogQuery } from '../../schemas/catalog-query';
import { createCatalogIndex, removeDocuments, upsertDocuments, type CatalogIndex } from '../../src/domain/catalog-query/catalog-index';
import { attributeMetadata } from '../../src/domain/catalog-query/aggregations';
import { TEXT_INDEX_VERSION, type TextIndexState } from '../../src/domain/catalog-query/text-index';
import { queryPage, runCatalogQuery } from '../../src/domain/catalog-query/run-query';
import type { AttributeDoc, AvailableFilter, CatalogResult, Doc, DocId, QueryContext } from '../../src/domain/catalog-query/types';
import { ValuePool } from '../../src/domain/catalog-query/value-pool';
import type { CatalogEntity } from './catalog-store';
import { ProjectedJson } from './projected-json';

/** The shared query engine over one entity's documents, as the server uses it. */
export interface SearchIndex {
  /** Adds or replaces documents; `seqs` are their change sequence numbers (later than any before when left out). */
  upsert(docs: Doc[], seqs?: readonly number[]): void;
  remove(ids: string[]): void;
  /** Live documents in change order (as a database load reads them), with their sequence numbers. */
  documents(): { docs: Doc[]; seqs: number[] };
  /**
   * `documents()`, and the text index when it is the one a build over them in that order makes (built
   * in bulk, nothing changed since, each document in the slot of its place in that order), for the
   * snapshot; its arrays are the index's own, to be serialized before the next change.
   */
  snapshot(): { docs: Doc[]; seqs: number[]; text?: TextIndexState };
  /** Live documents. */
  readonly count: number;
  /** `context`: the attribute lookup for facet labels and the tax rates of the prices incl. tax (`CatalogService.queryContext`). */
  query(query: CatalogQuery, context: QueryContext): CatalogResult;
  /** The same answer as JSON text, each document's (projected) JSON made once and reused. */
  queryJson(query: CatalogQuery, context: QueryContext): string;
  /** `head`, the answer's JSON and `tail` as UTF-8 bytes (a reply's body), as `queryJson` makes it. */
  queryBytes(query: CatalogQuery, context: QueryContext, head?: string, tail?: string): Buffer;
  /**
   * Live documents (listed or not) whose SKU, configurable child SKU or EAN (the index's code
   * fields) is `code`, ignoring case and outer spaces: candidates the caller checks exactly.
   */
  withCode(code: string): Doc[];
  /**
   * Live documents (listed or not) where one of the top-level `fields` reads as `value` in text
   * (`textOf`). One map per list of fields, built on its first use and kept with the index.
   */
  withText(fields: readonly string[], value: string): Doc[];
}

/** A field's value as text, as the database's `doc->>'field'` reads a string, number or boolean; else undefined. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Changes this large rebuild the text maps on their next use instead of adding to them. */
const TEXT_MAP_RELOAD = 1000;

/**
 * Text of some fields → the slots holding it. Entries are checked against the current document when
 * read, so a changed or removed document needs no clean-up here (a bulk change drops the map).
 */
class TextMap {
  private readonly slots = new Map<string, number | number[]>();

  constructor(
    private readonly fields: readonly string[],
    docs: readonly (Doc | undefined)[],
  ) {
    docs.forEach((doc, slot) => doc && this.add(slot, doc));
  }

  add(slot: number, doc: Doc): void {
    for (const field of this.fields) {
      const text = textOf(doc[field]);
      if (text === undefined) continue;
      const known = this.slots.get(text);
      if (known === undefined) this.slots.set(text, slot);
      else if (typeof known === 'number') {
        if (known !== slot) this.slots.set(text, [known, slot]);
      } else if (!known.includes(slot)) known.push(slot);
    }
  }

  find(value: string, docs: readonly (Doc | undefined)[]): Doc[] {
    const known = this.slots.get(value);
    const found: Doc[] = [];
    for (const slot of known === undefined ? [] : typeof known === 'number' ? [known] : known) {
      const doc = docs[slot];
      if (doc && this.fields.some((field) => textOf(doc[field]) === value)) found.push(doc);
    }
    return found;
  }
}

/**
 * JSON of the objects a reply shares with others: a listing's facets, kept with its filters' documents
 * and read-only (filter-results.ts), and each facet attribute's label metadata, made once per version
 * of the attribute document. A listing's reply then costs no serialisation of either.
 */
const sharedJson = new WeakMap<object, string>();

function jsonOf(value: object, make: () => unknown = () => value): string {
  let json = sharedJson.get(value);
  if (json === undefined) sharedJson.set(value, (json = JSON.stringify(make())));
  return json;
}

/** `JSON.stringify(attributeMetadata(available, context))`, each attribute's entry from `sharedJson`. */
function attributeMetadataJson(available: readonly AvailableFilter[], context: QueryContext): string {
  const entries: string[] = [];
  for (const field of new Set(available.map((f) => f.field))) {
    const attribute = context.attributesByCode?.(field);
    if (attribute) entries.push(jsonOf(attribute, () => attributeMetadata([{ field }], { attributesByCode: () => attribute })[0]));
  }
  return `[${entries.join(',')}]`;
}

function queryBytes(index: CatalogIndex, texts: ProjectedJson, query: CatalogQuery, context: QueryContext, head: string, tail: string): Buffer {
  const { sourceInclude, sourceExclude, ...rest } = query;
  // The labels are written from their kept JSON below, not made for the page.
  const { page, total, aggregations, perPage } = queryPage(index, rest, { ...context, attributesByCode: undefined });
  // As `JSON.stringify({ items, total, aggregations, attributeMetadata, perPage })` writes the result, `items` first.
  const others = `,"total":${JSON.stringify(total)},"aggregations":${jsonOf(aggregations)},"attributeMetadata":${attributeMetadataJson(rest.searchQuery?._availableFilters ?? [], context)},"perPage":${JSON.stringify(perPage)}}`;
  return texts.write(page, index.store.docs, sourceInclude, sourceExclude, `${head}{"items":[`, `]${others}${tail}`);
}

/** Tile texts kept for about 1 kB a document: the storefront's tile projection (about 0.8 kB) over the whole catalogue. */
const TEXT_BYTES_PER_DOCUMENT = 1024;
const MIN_TEXT_BYTES = 16 * 1024 * 1024;

// What shoppers hit first (category pages, sorts, search), built at start rather than on the first request.
const PRODUCT_PREBUILD = {
  text: true,
  fields: ['category_ids', 'price'],
  sorts: ['position:desc', 'final_price:asc', 'final_price:desc', 'updated_at:desc', 'created_at:desc'],
};

/**
 * Builds a search index from documents given batch by batch (a database read in batches): each
 * batch is kept as copies whose equal field values are shared (see `ValuePool`), so the catalogue
 * holds each repeated specification or description once and a batch's rows can go as soon as it is added.
 * Documents restored from a snapshot come with their values shared already and are kept as given.
 */
export class SearchIndexLoader {
  private readonly pool = new ValuePool();
  private docs: Doc[] = [];
  private seqs: number[] = [];
  private text: TextIndexState | undefined;

  constructor(private readonly entity: CatalogEntity) {}

  /**
   * The text index of the documents added (in the order added), saved with them (`SearchIndex.snapshot`):
   * taken instead of tokenizing them again. Only with `textIndexFormat()` matching the one it was saved under.
   */
  restoreText(state: TextIndexState): void {
    this.text = state;
  }

  /** The index builds its text index at start (else on the first search). */
  get buildsText(): boolean {
    return this.entity === 'product' && PRODUCT_PREBUILD.text;
  }

  add(batch: readonly Doc[], seqs?: readonly number[]): void {
    this.append(this.pool.internAll(batch), seqs);
  }

  /** Documents whose equal values are already one object each (a decoded snapshot), in change order. */
  addShared(docs: Doc[], seqs: readonly number[]): void {
    this.append(docs, seqs);
  }

  private append(docs: readonly Doc[], seqs: readonly number[] | undefined): void {
    if (seqs && seqs.length !== docs.length) throw new Error('one sequence number per document');
    const last = this.seqs.length ? this.seqs[this.seqs.length - 1]! : 0;
    docs.forEach((doc, i) => {
      this.docs.push(doc);
      this.seqs.push(seqs ? seqs[i]! : last + i + 1);
    });
  }

  finish(): SearchIndex {
    const { docs, seqs, text } = this;
    this.docs = [];
    this.seqs = [];
    this.text = undefined;
    const index = createCatalogIndex(this.entity, docs, { ...(this.entity === 'product' ? { prebuild: PRODUCT_PREBUILD } : {}), text });
    const seqBySlot: number[] = [];
    docs.forEach((doc, i) => {
      const slot = index.store.slotOf(doc.id as DocId);
      if (slot !== undefined) seqBySlot[slot] = seqs[i]!;
    });
    return serverIndex(index, this.pool, seqBySlot);
  }
}

export function createSearchIndex(entity: CatalogEntity, docs: readonly Doc[]): SearchIndex {
  const loader = new SearchIndexLoader(entity);
  loader.add(docs);
  return loader.finish();
}

function serverIndex(index: CatalogIndex, pool: ValuePool, seqBySlot: number[]): SearchIndex {
  const texts = new ProjectedJson(() => Math.max(MIN_TEXT_BYTES, index.store.capacity * TEXT_BYTES_PER_DOCUMENT));
  let lastSeq = seqBySlot.reduce((max, seq) => Math.max(max, seq), 0);
  const textMaps = new Map<string, TextMap>();
  const ordered = () => {
    const slots: number[] = [];
    index.store.docs.forEach((doc, slot) => doc && slots.push(slot));
    slots.sort((a, b) => seqBySlot[a]! - seqBySlot[b]!);
    return { docs: slots.map((slot) => index.store.docs[slot]!), seqs: slots.map((slot) => seqBySlot[slot]!), slots };
  };
  return {
    upsert: (changed, seqs) => {
      upsertDocuments(index, pool.internAll(changed));
      if (changed.length >= TEXT_MAP_RELOAD) textMaps.clear();
      changed.forEach((doc, i) => {
        const slot = index.store.slotOf(doc.id as DocId);
        if (slot === undefined) return;
        lastSeq = Math.max(lastSeq, seqs?.[i] ?? lastSeq + 1);
        seqBySlot[slot] = seqs?.[i] ?? lastSeq;
        for (const map of textMaps.values()) map.add(slot, index.store.docs[slot]!);
      });
    },
    remove: (ids) => {
      removeDocuments(index, ids);
      if (ids.length >= TEXT_MAP_RELOAD) textMaps.clear();
    },
    documents: () => {
      const { docs, seqs } = ordered();
      return { docs, seqs };
    },
    snapshot: () => {
      const { docs, seqs, slots } = ordered();
      const inOrder = slots.length === index.store.capacity && slots.every((slot, i) => slot === i);
      const text = inOrder ? index.textIndexState() : undefined;
      return { docs, seqs, ...(text ? { text } : {}) };
    },
    get count() {
      return index.store.count;
    },
    query: (query, context) => runCatalogQuery(index, query, context),
    queryJson: (query, context) => queryBytes(index, texts, query, context, '', '').toString('utf8'),
    queryBytes: (query, context, head = '', tail = '') => queryBytes(index, texts, query, context, head, tail),
    withCode: (code) => {
      const found: Doc[] = [];
      for (const slot of index.codeLookup().find(code, index.store)) found.push(index.store.docs[slot]!);
      return found;
    },
    withText: (fields, value) => {
      const key = fields.join('\n');
      let map = textMaps.get(key);
      if (!map) textMaps.set(key, (map = new TextMap(fields, index.store.docs)));
      return map.find(value, index.store.docs);
    },
  };
}

/** Sample documents whose text index `textIndexFormat` fingerprints: accents, codes, words mixing letters and digits. */
const FINGERPRINT_DOCS: Doc[] = [
  { id: 1, name: 'Écrou Hexagonal M10 Zinc-Plated', sku: 'FIX-NUT-M10', category: [{ name: 'Nuts & Washers' }], keywords: ['nut', '10x100mm', 'Straße'], ean: '5012345678900', visibility: 4, status: 1 },
  { id: 'two', name: 'Frame Fixing 10 x 100mm', sku: 'FF/10-100', category: [{ name: 'Fixings' }, { name: 'Frame Fixings' }], configurable_children: [{ sku: 'FF/10-100-A', ean: '0000000000017' }, { sku: 'ff/10-100-b' }], visibility: 2, status: 1 },
  { id: 3, name: 'Wedge anchor ñandú 12mm', sku: 'WA12', keywords: 'anchor, wedge; m12', title: 'Wedge', identifier: 'wedge-anchor', visibility: 3, status: 0, enabled: true },
  { id: 4, name: 'Résumé 3.5" screws — 4,0×40 mm', sku: ' SCR-4X40 ', category: { name: 'Screws' }, keywords: [], visibility: 4, status: 1 },
];

let fingerprint: string | undefined;

/**
 * The text index format a snapshot's saved indexes were built under: the engine's `TEXT_INDEX_VERSION`
 * and a hash of what a build over sample documents makes (tokens, vocabulary, weights, postings) with
 * the product and the other entities' text fields. A saved index is used only where this is the same,
 * so a change to the tokenizer or the weights rebuilds it even when the version was not raised.
 */
export function textIndexFormat(): string {
  if (fingerprint === undefined) {
    const hash = createHash('sha1');
    for (const entity of ['product', 'category'] as const) {
      const state = createCatalogIndex(entity, FINGERPRINT_DOCS, { prebuild: { text: true } }).textIndexState();
      if (!state) throw new Error('the sample text index was not built');
      hash.update(JSON.stringify(state, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as Float32Array) : value)));
    }
    fingerprint = `${TEXT_INDEX_VERSION}:${hash.digest('hex').slice(0, 16)}`;
  }
  return fingerprint;
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

  clear(): void {
    this.byCode.clear();
    this.codeById.clear();
  }
}
