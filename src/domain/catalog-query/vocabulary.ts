import { PREFIX_LENGTH } from './fuzzy';

/** Where a term came from: words of text, or whole SKUs. A term may be both. */
export const WORD = 1;
export const WHOLE_SKU = 2;
export type TermKind = typeof WORD | typeof WHOLE_SKU;

/** How many terms of a prefix's range are looked at when completing it. */
const COMPLETION_SCAN = 2000;
const LETTERS_ONLY = /^\p{L}+$/u;

/** Terms in text order for prefix ranges; new terms wait unsorted until there are enough of them. */
class SortedTerms {
  private sorted: string[] = [];
  private pending: string[] = [];

  add(term: string): void {
    this.pending.push(term);
  }

  /** Up to `limit` terms starting with `prefix`, in text order (pending ones last). */
  withPrefix(prefix: string, limit: number): string[] {
    if (this.pending.length > 512) this.merge();
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sorted.length && out.length < limit && this.sorted[i]!.startsWith(prefix); i++) out.push(this.sorted[i]!);
    for (const term of this.pending) if (out.length < limit && term.startsWith(prefix)) out.push(term);
    return out;
  }

  /** Every term, in text order. */
  all(): readonly string[] {
    this.merge();
    return this.sorted;
  }

  /** A list of terms already in text order, each once. */
  static of(sorted: string[]): SortedTerms {
    const terms = new SortedTerms();
    terms.sorted = sorted;
    return terms;
  }

  /** Sorts the pending terms into the sorted list (a linear merge). */
  merge(): void {
    if (this.pending.length === 0) return;
    const add = this.pending.sort();
    const old = this.sorted;
    const out: string[] = new Array<string>(old.length + add.length);
    let i = 0;
    let j = 0;
    for (let k = 0; k < out.length; k++) out[k] = j >= add.length || (i < old.length && old[i]! < add[j]!) ? old[i++]! : add[j++]!;
    this.sorted = out;
    this.pending = [];
  }
}

/**
 * A vocabulary as plain arrays (`Vocabulary.state`, `Vocabulary.restore`): its terms by id, their
 * document frequencies and kinds, the fuzzy buckets' terms (ids, bucket by bucket, each bucket in
 * its own order) and each kind's terms in text order (ids).
 */
export interface VocabularyState {
  terms: string[];
  df: Int32Array<ArrayBuffer>;
  kinds: Uint8Array<ArrayBuffer>;
  buckets: Int32Array<ArrayBuffer>;
  sortedWords: Int32Array<ArrayBuffer>;
  sortedSkus: Int32Array<ArrayBuffer>;
}

/**
 * The terms of a text index with their document frequencies. Fuzzy candidates are the letter-only
 * words sharing the first PREFIX_LENGTH characters (fuzzy matching never applies to words with
 * digits, so SKU fragments stay out of the buckets); completions come from sorted term lists.
 */
export class Vocabulary {
  terms: string[] = [];
  /** Documents per term id (a typed array: 4 bytes a term, where a list of numbers takes 8). */
  df = new Int32Array(1024);
  private kinds = new Uint8Array(1024);
  private readonly ids = new Map<string, number>();
  private readonly buckets = new Map<string, string[]>();
  private sorted: Record<TermKind, SortedTerms> = { [WORD]: new SortedTerms(), [WHOLE_SKU]: new SortedTerms() };

  /** Everything the vocabulary holds, as arrays (the typed ones are its own, not copies). */
  state(): VocabularyState {
    const size = this.size;
    const idsOf = (terms: readonly string[]) => Int32Array.from(terms, (term) => this.ids.get(term)!);
    const buckets: number[] = [];
    for (const bucket of this.buckets.values()) for (const term of bucket) buckets.push(this.ids.get(term)!);
    return {
      terms: this.terms,
      df: this.df.subarray(0, size),
      kinds: this.kinds.subarray(0, size),
      buckets: Int32Array.from(buckets),
      sortedWords: idsOf(this.sorted[WORD].all()),
      sortedSkus: idsOf(this.sorted[WHOLE_SKU].all()),
    };
  }

  /** The vocabulary `state` was taken from. Throws when the state is malformed. */
  static restore(state: VocabularyState): Vocabulary {
    const { terms, df, kinds, buckets, sortedWords, sortedSkus } = state;
    const size = Array.isArray(terms) ? terms.length : -1;
    if (size < 0 || !(df instanceof Int32Array) || df.length !== size || !(kinds instanceof Uint8Array) || kinds.length !== size) {
      throw new Error('vocabulary state is malformed');
    }
    const vocab = new Vocabulary();
    const capacity = Math.max(1024, size);
    vocab.df = new Int32Array(capacity);
    vocab.df.set(df);
    vocab.kinds = new Uint8Array(capacity);
    vocab.kinds.set(kinds);
    vocab.terms = terms;
    for (let id = 0; id < size; id++) {
      const term = terms[id];
      if (typeof term !== 'string' || vocab.ids.has(term)) throw new Error('vocabulary state is malformed');
      vocab.ids.set(term, id);
    }
    const termsOf = (ids: unknown) => {
      if (!(ids instanceof Int32Array)) throw new Error('vocabulary state is malformed');
      return Array.from(ids, (id) => {
        const term = terms[id];
        if (term === undefined) throw new Error('vocabulary state is malformed');
        return term;
      });
    };
    for (const term of termsOf(buckets)) {
      const head = term.slice(0, PREFIX_LENGTH);
      const bucket = vocab.buckets.get(head);
      if (bucket) bucket.push(term);
      else vocab.buckets.set(head, [term]);
    }
    vocab.sorted = { [WORD]: SortedTerms.of(termsOf(sortedWords)), [WHOLE_SKU]: SortedTerms.of(termsOf(sortedSkus)) };
    return vocab;
  }

  get size(): number {
    return this.terms.length;
  }

  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** The id of a term that some current document holds, else undefined. */
  liveId(term: string): number | undefined {
    const id = this.ids.get(term);
    return id !== undefined && this.df[id]! > 0 ? id : undefined;
  }

  intern(term: string, kind: TermKind): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.ids.set(term, id);
      this.terms.push(term);
      if (id === this.df.length) {
        const df = new Int32Array(id * 2);
        df.set(this.df);
        this.df = df;
        const kinds = new Uint8Array(id * 2);
        kinds.set(this.kinds);
        this.kinds = kinds;
      }
    }
    if ((this.kinds[id]! & kind) === 0) {
      this.kinds[id]! |= kind;
      this.sorted[kind].add(term);
      if (kind === WORD && term.length >= PREFIX_LENGTH && LETTERS_ONLY.test(term)) {
        const head = term.slice(0, PREFIX_LENGTH);
        const bucket = this.buckets.get(head);
        if (bucket) bucket.push(term);
        else this.buckets.set(head, [term]);
      }
    }
    return id;
  }

  /** Sorts every new term in (after a bulk load, so the first query does not pay for it). */
  settle(): void {
    this.sorted[WORD].merge();
    this.sorted[WHOLE_SKU].merge();
  }

  /** Letter-only words that share `word`'s first PREFIX_LENGTH characters. */
  fuzzyCandidates(word: string): readonly string[] {
    return this.buckets.get(word.slice(0, PREFIX_LENGTH)) ?? [];
  }

  /** Ids of current terms that extend `prefix` (not the prefix itself), the most frequent first. */
  completions(prefix: string, kind: TermKind, limit: number): number[] {
    if (prefix.length < PREFIX_LENGTH) return [];
    const ids: number[] = [];
    for (const term of this.sorted[kind].withPrefix(prefix, COMPLETION_SCAN)) {
      const id = this.ids.get(term)!;
      if (term !== prefix && this.df[id]! > 0) ids.push(id);
    }
    return ids.sort((a, b) => this.df[b]! - this.df[a]!).slice(0, limit);
  }
}
