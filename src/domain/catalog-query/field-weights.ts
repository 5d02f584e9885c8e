/** BM25 parameters: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

/** What `FieldWeights` holds (`state`, `restore`). */
export interface FieldWeightsState {
  docLengths: Int32Array<ArrayBuffer>;
  lengthSums: Float64Array<ArrayBuffer>;
  docCount: number;
}

/**
 * The field lengths of the indexed documents, and from them the weight of each term of a
 * document: Σ over fields of boost × BM25 term-frequency part (a BM25F-like blend; the inverse
 * document frequency is applied at query time). Averages are those known when a document is
 * weighed, so later changes to the catalogue shift old weights slightly until the next rebuild.
 */
export class FieldWeights {
  /** Slot × field → tokens, one row per slot; -1 in a row's first cell: no document recorded. */
  private docLengths = new Int32Array(0);
  private readonly fields: number;
  private lengthSums: number[];
  private docCount = 0;
  private tf = new Int32Array(0);
  private acc = new Float64Array(0);

  constructor(private readonly boosts: readonly number[]) {
    this.fields = Math.max(1, boosts.length);
    this.lengthSums = boosts.map(() => 0);
  }

  /** The recorded lengths (the typed array is its own, not a copy). */
  state(): FieldWeightsState {
    return { docLengths: this.docLengths, lengthSums: Float64Array.from(this.lengthSums), docCount: this.docCount };
  }

  /** Weights over the lengths `state` was taken from. Throws when the state is malformed. */
  static restore(boosts: readonly number[], state: FieldWeightsState): FieldWeights {
    const weights = new FieldWeights(boosts);
    const { docLengths, lengthSums, docCount } = state;
    if (!(docLengths instanceof Int32Array) || docLengths.length % weights.fields !== 0 || !(lengthSums instanceof Float64Array) || lengthSums.length !== boosts.length || !Number.isInteger(docCount)) {
      throw new Error('field weights state is malformed');
    }
    weights.docLengths = docLengths;
    weights.lengthSums = Array.from(lengthSums);
    weights.docCount = docCount;
    return weights;
  }

  record(slot: number, lengths: number[]): void {
    const at = slot * this.fields;
    if (at + this.fields > this.docLengths.length) {
      const grown = new Int32Array(Math.max(at + this.fields, this.docLengths.length * 2)).fill(-1);
      grown.set(this.docLengths);
      this.docLengths = grown;
    }
    lengths.forEach((n, f) => {
      this.docLengths[at + f] = n;
      this.lengthSums[f]! += n;
    });
    if (lengths.length === 0) this.docLengths[at] = 0;
    this.docCount++;
  }

  /** Forgets a document's lengths; false when it was not recorded. */
  forget(slot: number): boolean {
    const at = slot * this.fields;
    if (at >= this.docLengths.length || this.docLengths[at]! < 0) return false;
    for (let f = 0; f < this.boosts.length; f++) this.lengthSums[f]! -= this.docLengths[at + f]!;
    this.docLengths[at] = -1;
    this.docCount--;
    return true;
  }

  /**
   * Emits each distinct term of one document's tokens [start, end) with its weight. `ids` are
   * term ids below `termCount`; `fieldOf` gives each token's field, tokens of a field together.
   */
  weigh(ids: Int32Array, fieldOf: Uint8Array, start: number, end: number, slot: number, termCount: number, emit: (id: number, weight: number) => void): void {
    if (start === end) return;
    if (this.tf.length < termCount) {
      this.tf = new Int32Array(termCount * 2);
      this.acc = new Float64Array(termCount * 2);
    }
    const { tf, acc } = this;
    const at = slot * this.fields;
    const seen: number[] = [];
    for (let i = start; i < end; ) {
      const f = fieldOf[i]!;
      let j = i;
      for (; j < end && fieldOf[j] === f; j++) tf[ids[j]!]!++;
      const avg = Math.max(1, this.lengthSums[f]! / Math.max(1, this.docCount));
      const norm = K1 * (1 - B + (B * this.docLengths[at + f]!) / avg);
      for (let k = i; k < j; k++) {
        const id = ids[k]!;
        const n = tf[id]!;
        if (n === 0) continue;
        if (acc[id] === 0) seen.push(id);
        acc[id]! += (this.boosts[f]! * n * (K1 + 1)) / (n + norm);
        tf[id] = 0;
      }
      i = j;
    }
    for (const id of seen) {
      emit(id, acc[id]!);
      acc[id] = 0;
    }
  }
}
