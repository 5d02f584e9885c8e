/** BM25 parameters: term-frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

/**
 * The field lengths of the indexed documents, and from them the weight of each term of a
 * document: Σ over fields of boost × BM25 term-frequency part (a BM25F-like blend; the inverse
 * document frequency is applied at query time). Averages are those known when a document is
 * weighed, so later changes to the catalogue shift old weights slightly until the next rebuild.
 */
export class FieldWeights {
  private readonly docLengths: (number[] | undefined)[] = [];
  private readonly lengthSums: number[];
  private docCount = 0;
  private tf = new Int32Array(0);
  private acc = new Float64Array(0);

  constructor(private readonly boosts: readonly number[]) {
    this.lengthSums = boosts.map(() => 0);
  }

  record(slot: number, lengths: number[]): void {
    this.docLengths[slot] = lengths;
    lengths.forEach((n, f) => (this.lengthSums[f]! += n));
    this.docCount++;
  }

  /** Forgets a document's lengths; false when it was not recorded. */
  forget(slot: number): boolean {
    const lengths = this.docLengths[slot];
    if (!lengths) return false;
    lengths.forEach((n, f) => (this.lengthSums[f]! -= n));
    this.docLengths[slot] = undefined;
    this.docCount--;
    return true;
  }

  /**
   * Emits each distinct term of one document's tokens [start, end) with its weight. `ids` are
   * term ids below `termCount`; `fieldOf` gives each token's field, tokens of a field together.
   */
  weigh(ids: Int32Array, fieldOf: Int32Array, start: number, end: number, slot: number, termCount: number, emit: (id: number, weight: number) => void): void {
    if (start === end) return;
    if (this.tf.length < termCount) {
      this.tf = new Int32Array(termCount * 2);
      this.acc = new Float64Array(termCount * 2);
    }
    const { tf, acc } = this;
    const lengths = this.docLengths[slot]!;
    const seen: number[] = [];
    for (let i = start; i < end; ) {
      const f = fieldOf[i]!;
      let j = i;
      for (; j < end && fieldOf[j] === f; j++) tf[ids[j]!]!++;
      const avg = Math.max(1, this.lengthSums[f]! / Math.max(1, this.docCount));
      const norm = K1 * (1 - B + (B * lengths[f]!) / avg);
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
