import { GrowableBits, wordsFor } from './bitset';
import { DocumentStore } from './document-store';
import { EFFECTIVE_PRICE, isInclTaxPriceKey, termKey } from './field-values';
import { FilterResults } from './filter-results';
import { NumericColumn } from './numeric-column';
import { SkuLookup } from './sku-lookup';
import { SortColumn } from './sort-column';
import { TermPostings } from './term-postings';
import { TextIndex, type TextIndexState } from './text-index';
import type { CatalogIndexOptions, Doc, DocId, Prebuild, TextField } from './types';

/** SPEC §9 boosts: name 4, sku 2, category name 1, keywords 4; child SKUs and EANs (own, then a variant's) are found whole. */
const PRODUCT_TEXT_FIELDS: TextField[] = [
  { path: 'name', boost: 4 },
  { path: 'sku', boost: 2, sku: true },
  { path: 'category.name', boost: 1 },
  { path: 'keywords', boost: 4 },
  { path: 'configurable_children.sku', boost: 2, sku: true, wholeOnly: true },
  { path: 'ean', boost: 2, sku: true, wholeOnly: true },
  { path: 'configurable_children.ean', boost: 2, sku: true, wholeOnly: true },
];
const OTHER_TEXT_FIELDS: TextField[] = [
  { path: 'name', boost: 1 },
  { path: 'title', boost: 1 },
  { path: 'identifier', boost: 1 },
];

export function defaultTextFields(type: string): TextField[] {
  return type === 'product' ? PRODUCT_TEXT_FIELDS : OTHER_TEXT_FIELDS;
}

const anyOf = (doc: Doc, field: string, allowed: string[]) => {
  const raw = doc[field];
  return (Array.isArray(raw) ? raw : [raw]).some((v) => (typeof v === 'number' || typeof v === 'string') && allowed.includes(termKey(v)));
};

/** SPEC §5: product search always filters visibility in 2,3,4 and status in 0,1. */
export function inProductBaseline(doc: Doc): boolean {
  return anyOf(doc, 'visibility', ['2', '3', '4']) && anyOf(doc, 'status', ['0', '1']);
}

/** Batches larger than this rebuild sort orders on the next query instead of moving each slot. */
const BATCH_REBUILD = 64;
/** Batches this large (or a quarter of the index) drop every built structure instead of updating it. */
const BULK_RELOAD = 1000;

/**
 * The in-memory index of one entity type. Filter postings, range columns, sort orders and the
 * text index are built on first use and kept current by `upsertDocuments` / `removeDocuments`.
 * Opaque to callers: use the functions of this folder.
 */
export class CatalogIndex {
  readonly store = new DocumentStore();
  /** Live documents that pass the baseline filters of the type. */
  readonly baseline = new GrowableBits();
  readonly terms = new Map<string, TermPostings>();
  readonly numbers = new Map<string, NumericColumn>();
  readonly sorts = new Map<string, SortColumn>();
  /** Documents passing each recently asked set of applied filters; emptied on every change. */
  readonly filterResults = new FilterResults();
  private text: TextIndex | undefined;
  private codes: SkuLookup | undefined;

  constructor(
    readonly type: string,
    readonly textFields: readonly TextField[],
    private readonly prebuilt: Prebuild = {},
  ) {}

  get words(): number {
    return wordsFor(this.store.capacity);
  }

  termPostings(key: string): TermPostings {
    return getOrBuild(this.terms, key, () => new TermPostings(key, this.store));
  }

  numericColumn(key: string): NumericColumn {
    // A column at new tax rates replaces the one at the old rates, which would otherwise be kept current for nothing.
    if (isInclTaxPriceKey(key) && !this.numbers.has(key)) for (const old of this.numbers.keys()) if (isInclTaxPriceKey(old)) this.numbers.delete(old);
    return getOrBuild(this.numbers, key, () => new NumericColumn(key, this.store));
  }

  sortColumn(field: string): SortColumn {
    return getOrBuild(this.sorts, field, () => new SortColumn(field, this.store));
  }

  textIndex(): TextIndex {
    return (this.text ??= new TextIndex(this.textFields, this.store, this.codeLookup()));
  }

  /**
   * Takes the text index `state` as this index's own (see `TextIndex.state`): it must be of an index
   * built over the documents this store holds, in the same slots. Throws when it does not fit.
   */
  restoreTextIndex(state: TextIndexState): void {
    this.text = new TextIndex(this.textFields, this.store, this.codeLookup(), state);
  }

  /** The text index as its bulk build left it (undefined when not built, or changed since). */
  textIndexState(): TextIndexState | undefined {
    return this.text?.state();
  }

  /**
   * Exact lookup by the SKU-like text fields (SKU, child SKU, EAN) without the text index: a map per
   * field, built in milliseconds where the text index takes about a second at 10,000 products.
   */
  codeLookup(): SkuLookup {
    if (!this.codes) {
      const codes = new SkuLookup(this.textFields.filter((f) => f.sku).map((f) => f.path));
      this.store.docs.forEach((doc, slot) => doc && codes.add(slot, doc));
      this.codes = codes;
    }
    return this.codes;
  }

  /** Builds what `prebuild` names now (the same happens after every bulk change). */
  prebuild(): void {
    const { text, fields = [], sorts = [] } = this.prebuilt;
    if (text) this.textIndex();
    for (const field of fields) this.termPostings(field === 'price' ? EFFECTIVE_PRICE : field);
    for (const spec of sorts) {
      const [field = '', dir] = spec.split(':');
      this.sortColumn(field).order(dir === 'desc' ? 'desc' : 'asc');
    }
  }

  /** `prebuild` false: a bulk change leaves what `prebuild` names to be built by the caller. */
  upsert(docs: readonly Doc[], prebuild = true): void {
    this.filterResults.clear();
    const bulk = this.beginBatch(docs.length);
    for (const doc of docs) {
      const { slot, previous } = this.store.put(doc);
      if (this.type !== 'product' || inProductBaseline(doc)) this.baseline.set(slot);
      else this.baseline.clear(slot);
      this.updateStructures(slot, doc, previous);
    }
    if (bulk && prebuild) this.prebuild();
  }

  remove(ids: readonly DocId[]): void {
    this.filterResults.clear();
    const bulk = this.beginBatch(ids.length);
    for (const id of ids) {
      const slot = this.store.slotOf(id);
      if (slot === undefined) continue;
      this.updateStructures(slot, undefined, this.store.docs[slot]);
      this.baseline.clear(slot);
      this.store.remove(id);
    }
    if (bulk) this.prebuild();
  }

  /** A big batch drops the built structures (cheaper to rebuild than to update); a mid-sized one the sort orders. */
  private beginBatch(size: number): boolean {
    if (size >= Math.max(BULK_RELOAD, this.store.count / 4)) {
      this.terms.clear();
      this.numbers.clear();
      this.sorts.clear();
      this.text = undefined;
      this.codes = undefined;
      return true;
    }
    if (size > BATCH_REBUILD) for (const column of this.sorts.values()) column.invalidateOrders();
    return false;
  }

  /** `previous`: the slot's document before this change (undefined for a new slot). */
  private updateStructures(slot: number, doc: Doc | undefined, previous: Doc | undefined): void {
    for (const postings of this.terms.values()) postings.update(slot, doc);
    for (const column of this.numbers.values()) column.update(slot, doc);
    for (const column of this.sorts.values()) column.update(slot, doc);
    this.text?.update(slot, doc, previous);
    // Stale entries are checked against the current document when read, so only additions are recorded.
    if (doc) this.codes?.add(slot, doc);
  }
}

function getOrBuild<T>(map: Map<string, T>, key: string, build: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = build();
    map.set(key, value);
  }
  return value;
}

/**
 * An index of `docs`, with what `options.prebuild` names built. `options.text` is the text index of
 * the same documents in the same order (`CatalogIndex.textIndexState` of an index built from them),
 * taken instead of tokenizing them again.
 */
export function createCatalogIndex(type: string, docs: Iterable<Doc>, options: CatalogIndexOptions & { text?: TextIndexState } = {}): CatalogIndex {
  const index = new CatalogIndex(type, options.textFields ?? defaultTextFields(type), options.prebuild);
  index.upsert([...docs], false);
  if (options.text) index.restoreTextIndex(options.text);
  index.prebuild();
  return index;
}

/** Adds or replaces documents by `id` (ids compare as strings). */
export function upsertDocuments(index: CatalogIndex, docs: readonly Doc[]): void {
  index.upsert(docs);
}

/** Forgets documents by id; unknown ids are ignored. */
export function removeDocuments(index: CatalogIndex, ids: readonly DocId[]): void {
  index.remove(ids);
}
