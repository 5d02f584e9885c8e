import { GrowableBits, hasBit, orInto, popcountAnd, type Bits } from './bitset';
import type { DocumentStore } from './document-store';
import { fieldValues, termKey } from './field-values';
import type { Doc, Scalar } from './types';

const NONE = -1;
const scratch: Scalar[] = [];
/** A term's slots stay a short list until a bitset (capacity / 8 bytes) would be smaller. */
const DENSE_AT = (capacity: number) => Math.max(64, capacity >>> 5);

/**
 * The distinct values of one field and, for each, the documents holding it (a slot list for rare
 * values, a bitset for common ones); plus the reverse (slot → value ids) for facet counting and
 * for updating a document in place.
 */
export class TermPostings {
  /** First-seen original value of each term id (a facet bucket's key). */
  readonly values: Scalar[] = [];
  /** Documents per term id. */
  readonly counts: number[] = [];
  /** Slot → its term id, its term ids, or NONE. */
  readonly docTerms: (number | number[])[] = [];
  /** Documents with at least one value. */
  readonly present = new GrowableBits();
  private readonly sparse: (number[] | undefined)[] = [];
  private readonly dense: (GrowableBits | undefined)[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * One list per distinct set of term ids in order: products of one category share its
   * `category_ids`, so a slot's list is held once for them all (lists are never changed in place).
   */
  private readonly lists = new Map<string, number[]>();
  /** Terms held as bitsets, and the slots listed by the others: `countingCost` without a pass over every term. */
  private denseTerms = 0;
  private sparseSlots = 0;

  constructor(
    readonly key: string,
    private readonly store: DocumentStore,
  ) {
    store.docs.forEach((doc, slot) => {
      if (doc) this.add(slot, doc);
      else this.docTerms[slot] = NONE;
    });
  }

  termId(value: Scalar): number | undefined {
    return this.ids.get(termKey(value));
  }

  /** Replaces what the index knows of `slot` with `doc` (or nothing). */
  update(slot: number, doc: Doc | undefined): void {
    this.drop(slot);
    if (doc) this.add(slot, doc);
  }

  /** Documents holding any of `values`. */
  union(values: readonly Scalar[], words: number): Bits {
    const out = new Uint32Array(words);
    for (const value of values) {
      const id = this.termId(value);
      if (id === undefined) continue;
      const dense = this.dense[id];
      if (dense) orInto(out, dense.words);
      else for (const slot of this.sparse[id]!) out[slot >>> 5]! |= 1 << (slot & 31);
    }
    return out;
  }

  /** How many documents of `bits` hold term `id`. */
  countIn(id: number, bits: Bits): number {
    const dense = this.dense[id];
    if (dense) return popcountAnd(dense.words, bits);
    let n = 0;
    for (const slot of this.sparse[id]!) if (hasBit(bits, slot)) n++;
    return n;
  }

  /** The work `countIn` would do for every term: words of dense terms plus slots of sparse ones. */
  countingCost(words: number): number {
    return this.denseTerms * words + this.sparseSlots;
  }

  private add(slot: number, doc: Doc): void {
    let terms: number | number[] = NONE;
    scratch.length = 0;
    for (const value of fieldValues(doc, this.key, scratch)) {
      const id = this.intern(value);
      if (terms === id || (Array.isArray(terms) && terms.includes(id))) continue;
      if (terms === NONE) terms = id;
      else if (Array.isArray(terms)) terms.push(id);
      else terms = [terms, id];
      this.counts[id]!++;
      const dense = this.dense[id];
      if (dense) dense.set(slot);
      else {
        const list = this.sparse[id]!;
        list.push(slot);
        this.sparseSlots++;
        if (list.length > DENSE_AT(this.store.capacity)) this.densify(id);
      }
    }
    this.docTerms[slot] = Array.isArray(terms) ? this.sharedList(terms) : terms;
    if (terms !== NONE) this.present.set(slot);
  }

  private sharedList(terms: number[]): number[] {
    const key = terms.join(',');
    const known = this.lists.get(key);
    if (known) return known;
    this.lists.set(key, terms);
    return terms;
  }

  private densify(id: number): void {
    const bits = new GrowableBits(this.store.capacity);
    for (const slot of this.sparse[id]!) bits.set(slot);
    this.dense[id] = bits;
    this.denseTerms++;
    this.sparseSlots -= this.sparse[id]!.length;
    this.sparse[id] = undefined;
  }

  private drop(slot: number): void {
    const terms = this.docTerms[slot];
    if (terms === undefined || terms === NONE) return;
    for (const id of Array.isArray(terms) ? terms : [terms]) {
      this.counts[id]!--;
      const dense = this.dense[id];
      if (dense) dense.clear(slot);
      else {
        const list = this.sparse[id]!;
        const at = list.indexOf(slot);
        list[at] = list[list.length - 1]!;
        list.pop();
        this.sparseSlots--;
      }
    }
    this.docTerms[slot] = NONE;
    this.present.clear(slot);
  }

  private intern(value: Scalar): number {
    const key = termKey(value);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(key, id);
      this.values.push(value);
      this.counts.push(0);
      this.sparse.push([]);
      this.dense.push(undefined);
    }
    return id;
  }
}
