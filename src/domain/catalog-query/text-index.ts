import type { DocumentStore } from './document-store';
import { FieldWeights, type FieldWeightsState } from './field-weights';
import { pathValues } from './field-values';
import { float32s, int32s, uint8s, type Growable } from './growable-array';
import type { SkuLookup } from './sku-lookup';
import { textTokens, wholeToken } from './tokenize';
import type { Doc, TextField } from './types';
import { Vocabulary, WHOLE_SKU, WORD, type TermKind, type VocabularyState } from './vocabulary';

/**
 * The version of what a built text index holds and how it is made. A saved `TextIndexState` is
 * restored only where its version is this one (and its fields the index's): raise it whenever the
 * tokenizer, the weights, the vocabulary or the postings' layout change. The server also compares a
 * fingerprint of a small index built on sample documents (`textIndexFormat` in
 * `server/catalog/search-index.ts`), so a change that forgets this still never restores a stale index.
 */
export const TEXT_INDEX_VERSION = 1;

/**
 * A text index as built from a document store in bulk, before any change (`TextIndex.state`): it is
 * the same index again over a store holding the same documents in the same slots (`TextIndex.restore`).
 */
export interface TextIndexState {
  version: number;
  /** The text fields, as JSON. */
  fields: string;
  /** The store's capacity (slots) it was built over. */
  capacity: number;
  vocab: VocabularyState;
  weights: FieldWeightsState;
  offsets: Int32Array<ArrayBuffer>;
  slots: Int32Array<ArrayBuffer>;
  postingWeights: Float32Array<ArrayBuffer>;
}

/** Documents tokenized before the build sizes its token arrays for the whole store. */
const ESTIMATE_AFTER = 256;
/** Field numbers of tokens are kept in bytes. */
const MAX_FIELDS = 255;

/**
 * Inverted index for text search: term → postings (slot, weight); see `FieldWeights` for the weight.
 * Postings of the bulk load sit in one compact term-major block (`base*`); documents added or
 * replaced later go to per-term `delta*` lists, their base postings retired by `baseStale` and
 * their older delta postings by generation. When the delta grows past a quarter of the base the
 * whole index is rebuilt, so an update costs O(its tokens) amortised. The base block keeps no
 * per-document list of its terms: when a base document is replaced or removed, its terms are found
 * again by tokenizing the version being replaced (documents are read-only once indexed).
 */
export class TextIndex {
  vocab = new Vocabulary();
  readonly skus: SkuLookup;
  baseOffsets = new Int32Array(1);
  baseSlots = new Int32Array(0);
  baseWeights = new Float32Array(0);
  baseStale = new Uint8Array(0);
  deltaSlots: (number[] | undefined)[] = [];
  deltaWeights: (number[] | undefined)[] = [];
  deltaGens: (number[] | undefined)[] = [];
  /** Slot → generation; a delta posting is current when it carries its slot's generation. */
  gens: number[] = [];
  private deltaCount = 0;
  private deltaDocTerms = new Map<number, Int32Array>();
  private weights: FieldWeights;
  /** No document was added, replaced or removed since the base block was built. */
  private unchanged = false;

  /**
   * `skus` is the index's exact code lookup over the same SKU fields, shared rather than built twice.
   * With `restored` (the `state` of an index built over the same documents in the same slots) the
   * index is that one again, without tokenizing; else it is built from the store.
   */
  constructor(
    readonly fields: readonly TextField[],
    private readonly store: DocumentStore,
    skus: SkuLookup,
    restored?: TextIndexState,
  ) {
    if (fields.length > MAX_FIELDS) throw new RangeError(`a text index takes at most ${MAX_FIELDS} fields`);
    this.skus = skus;
    this.weights = new FieldWeights(fields.map((f) => f.boost));
    if (restored) this.restore(restored);
    else this.build();
  }

  /**
   * The index as its bulk build left it, or undefined once a document has changed since (its
   * postings are then no longer what a build over the same documents makes). The arrays are the
   * index's own: serialize them before the next change.
   */
  state(): TextIndexState | undefined {
    if (!this.unchanged) return undefined;
    return {
      version: TEXT_INDEX_VERSION,
      fields: JSON.stringify(this.fields),
      capacity: this.baseStale.length,
      vocab: this.vocab.state(),
      weights: this.weights.state(),
      offsets: this.baseOffsets,
      slots: this.baseSlots,
      postingWeights: this.baseWeights,
    };
  }

  /** Takes a `state` over this store; throws when it is of another version, fields or store size, or malformed. */
  private restore(state: TextIndexState): void {
    const { capacity } = this.store;
    if (state.version !== TEXT_INDEX_VERSION) throw new Error(`text index state of version ${String(state.version)}, not ${TEXT_INDEX_VERSION}`);
    if (state.fields !== JSON.stringify(this.fields)) throw new Error('text index state of other fields');
    if (state.capacity !== capacity) throw new Error(`text index state over ${String(state.capacity)} slots, the store has ${capacity}`);
    const { offsets, slots, postingWeights } = state;
    const vocab = Vocabulary.restore(state.vocab);
    if (!(offsets instanceof Int32Array) || offsets.length !== vocab.size + 1 || !(slots instanceof Int32Array) || !(postingWeights instanceof Float32Array)) {
      throw new Error('text index state is malformed');
    }
    if (offsets[0] !== 0 || offsets[vocab.size] !== slots.length || postingWeights.length !== slots.length) throw new Error('text index state is malformed');
    for (let id = 0; id < vocab.size; id++) if (offsets[id + 1]! < offsets[id]!) throw new Error('text index state is malformed');
    for (let i = 0; i < slots.length; i++) if (!(slots[i]! >= 0 && slots[i]! < capacity)) throw new Error('text index state is malformed');
    const weights = FieldWeights.restore(this.fields.map((f) => f.boost), state.weights);
    if (state.weights.docLengths.length < capacity * Math.max(1, this.fields.length)) throw new Error('text index state is malformed');
    this.weights = weights;
    this.vocab = vocab;
    this.baseOffsets = offsets;
    this.baseSlots = slots;
    this.baseWeights = postingWeights;
    this.baseStale = new Uint8Array(capacity);
    this.unchanged = true;
  }

  /** `previous`: the version of the slot's document this index holds (the one being replaced or removed). */
  update(slot: number, doc: Doc | undefined, previous: Doc | undefined): void {
    this.unchanged = false;
    this.drop(slot, previous);
    if (!doc) return;
    const ids = int32s(64);
    const fieldOf = uint8s(64);
    this.tokenize(slot, doc, ids, fieldOf);
    const terms: number[] = [];
    this.weights.weigh(ids.data, fieldOf.data, 0, ids.length, slot, this.vocab.size, (id, weight) => {
      (this.deltaSlots[id] ??= []).push(slot);
      (this.deltaWeights[id] ??= []).push(weight);
      (this.deltaGens[id] ??= []).push(this.gens[slot] ?? 0);
      this.vocab.df[id]!++;
      terms.push(id);
    });
    this.deltaDocTerms.set(slot, Int32Array.from(terms));
    this.deltaCount += terms.length;
    if (this.deltaCount > Math.max(50_000, this.baseSlots.length / 4)) {
      this.reset();
      this.build();
    }
  }

  private reset(): void {
    this.vocab = new Vocabulary();
    this.weights = new FieldWeights(this.fields.map((f) => f.boost));
    this.deltaSlots = [];
    this.deltaWeights = [];
    this.deltaGens = [];
    this.gens = [];
    this.deltaDocTerms = new Map();
    this.deltaCount = 0;
  }

  /** Builds the base block from the store: every token first (for average lengths), then weights. */
  private build(): void {
    const { docs, capacity } = this.store;
    const ids = int32s();
    const fieldOf = uint8s();
    const tokenStart = new Int32Array(capacity + 1);
    let tokenized = 0;
    docs.forEach((doc, slot) => {
      tokenStart[slot] = ids.length;
      if (doc) this.tokenize(slot, doc, ids, fieldOf);
      tokenStart[slot + 1] = ids.length;
      // From the first documents' tokens, room for all of them at once (see `Growable.reserve`).
      if (doc && ++tokenized === ESTIMATE_AFTER) {
        const estimate = Math.ceil((ids.length / tokenized) * this.store.count * 1.1);
        ids.reserve(estimate);
        fieldOf.reserve(estimate);
      }
    });
    // A document's distinct terms are at most its tokens.
    const docTerms = int32s(ids.length);
    const docWeights = float32s(ids.length);
    const docOffsets = new Int32Array(capacity + 1);
    for (let slot = 0; slot < capacity; slot++) {
      docOffsets[slot] = docTerms.length;
      this.weights.weigh(ids.data, fieldOf.data, tokenStart[slot]!, tokenStart[slot + 1]!, slot, this.vocab.size, (id, weight) => {
        docTerms.push(id);
        docWeights.push(weight);
        this.vocab.df[id]!++;
      });
    }
    docOffsets[capacity] = docTerms.length;
    // Doc-major → term-major: a counting sort by term id, slots ascending within each term.
    const offsets = new Int32Array(this.vocab.size + 1);
    for (let id = 0; id < this.vocab.size; id++) offsets[id + 1] = offsets[id]! + this.vocab.df[id]!;
    const fill = offsets.slice(0, this.vocab.size);
    this.baseSlots = new Int32Array(docTerms.length);
    this.baseWeights = new Float32Array(docTerms.length);
    for (let slot = 0; slot < capacity; slot++) {
      for (let i = docOffsets[slot]!; i < docOffsets[slot + 1]!; i++) {
        const at = fill[docTerms.data[i]!]!++;
        this.baseSlots[at] = slot;
        this.baseWeights[at] = docWeights.data[i]!;
      }
    }
    this.baseOffsets = offsets;
    this.baseStale = new Uint8Array(capacity);
    this.vocab.settle();
    this.unchanged = true;
  }

  /**
   * Appends the term ids of `doc`'s tokens, field by field, and records its field lengths. SKU
   * fields add the whole value as one more token (unless it is a single word already).
   */
  private tokenize(slot: number, doc: Doc, ids: Growable<Int32Array>, fieldOf: Growable<Uint8Array>): void {
    const lengths = this.fields.map(() => 0);
    this.eachToken(doc, (term, kind) => this.vocab.intern(term, kind), (id, f) => {
      ids.push(id);
      fieldOf.push(f);
      lengths[f]!++;
    });
    this.weights.record(slot, lengths);
  }

  /**
   * Each token of `doc`, field by field, as the term id `idOf` gives (-1: skipped). SKU fields add
   * the whole value as one more token (unless it is a single word already).
   */
  private eachToken(doc: Doc, idOf: (term: string, kind: TermKind) => number, visit: (id: number, field: number) => void): void {
    this.fields.forEach((field, f) => {
      for (const raw of pathValues(doc, field.path)) {
        if (typeof raw === 'boolean') continue;
        const value = String(raw);
        const tokens = field.wholeOnly ? [] : textTokens(value).map((token) => idOf(token, WORD));
        const whole = field.sku ? wholeToken(value) : '';
        if (whole !== '') {
          const id = idOf(whole, WHOLE_SKU);
          if (tokens.length !== 1 || tokens[0] !== id) tokens.push(id);
        }
        for (const id of tokens) if (id >= 0) visit(id, f);
      }
    });
  }

  private drop(slot: number, previous: Doc | undefined): void {
    if (!this.weights.forget(slot)) return;
    const delta = this.deltaDocTerms.get(slot);
    if (delta) {
      for (const id of delta) this.vocab.df[id]!--;
      this.deltaDocTerms.delete(slot);
      this.gens[slot] = (this.gens[slot] ?? 0) + 1;
      return;
    }
    // A base document: its distinct terms, from the version the base was built with.
    if (!previous) throw new Error('text index: the replaced version of an indexed document is needed');
    const terms = new Set<number>();
    this.eachToken(previous, (term) => this.vocab.id(term) ?? -1, (id) => terms.add(id));
    for (const id of terms) this.vocab.df[id]!--;
    this.baseStale[slot] = 1;
  }
}
