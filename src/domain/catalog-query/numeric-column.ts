import type { Bits } from './bitset';
import type { DocumentStore } from './document-store';
import { numericValues } from './field-values';
import type { Doc } from './types';

/** Lower/upper bounds of a range filter; `true` in `*Inclusive` means gte/lte. */
export interface NumericRange {
  lower: number;
  lowerInclusive: boolean;
  upper: number;
  upperInclusive: boolean;
}

function inRange(value: number, range: NumericRange): boolean {
  return (
    (range.lowerInclusive ? value >= range.lower : value > range.lower) &&
    (range.upperInclusive ? value <= range.upper : value < range.upper)
  );
}

/**
 * One numeric field as a column (NaN = no value), for range filters and price buckets.
 * Documents with several values keep them aside and match when any value is in range.
 */
export class NumericColumn {
  values = new Float64Array(0);
  readonly multi = new Map<number, number[]>();
  /** Documents with at least one value; a column nobody fills is answered without a scan. */
  private filled = 0;

  constructor(
    readonly key: string,
    store: DocumentStore,
  ) {
    this.values = new Float64Array(Math.max(16, store.capacity)).fill(Number.NaN);
    store.docs.forEach((doc, slot) => doc && this.update(slot, doc));
  }

  update(slot: number, doc: Doc | undefined): void {
    if (slot >= this.values.length) {
      const grown = new Float64Array(Math.max(slot + 1, this.values.length * 2)).fill(Number.NaN);
      grown.set(this.values);
      this.values = grown;
    }
    const numbers = doc ? numericValues(doc, this.key) : [];
    this.filled += (numbers.length > 0 ? 1 : 0) - (Number.isNaN(this.values[slot]) && !this.multi.has(slot) ? 0 : 1);
    this.values[slot] = numbers.length === 1 ? numbers[0]! : Number.NaN;
    if (numbers.length > 1) this.multi.set(slot, numbers);
    else this.multi.delete(slot);
  }

  /** Documents of `within` (all when not given) with a value in `range`. */
  select(range: NumericRange, words: number, within?: Bits): Bits {
    const out = new Uint32Array(words);
    if (this.filled === 0) return out;
    const { values } = this;
    const end = Math.min(values.length, words << 5);
    const { lower, upper, lowerInclusive, upperInclusive } = range;
    const test = (slot: number) => {
      const v = values[slot]!;
      if ((lowerInclusive ? v >= lower : v > lower) && (upperInclusive ? v <= upper : v < upper)) out[slot >>> 5]! |= 1 << (slot & 31);
    };
    if (within) {
      // Only the set bits of `within`: a category's few hundred documents, not the whole column.
      for (let w = 0, n = Math.min(within.length, words); w < n; w++) {
        for (let x = within[w]!; x !== 0; x &= x - 1) {
          const slot = (w << 5) + 31 - Math.clz32(x & -x);
          if (slot < end) test(slot);
        }
      }
    } else for (let slot = 0; slot < end; slot++) test(slot);
    for (const [slot, list] of this.multi) {
      if (slot < end && list.some((v) => inRange(v, range))) out[slot >>> 5]! |= 1 << (slot & 31);
    }
    return out;
  }
}
