/**
 * Plain bitsets over document slots (bit i = slot i), stored as Uint32Array words.
 * A shorter array reads as zeros beyond its end, so sets built at different capacities combine.
 */
export type Bits = Uint32Array;

export const wordsFor = (slots: number): number => (slots + 31) >>> 5;

export function hasBit(bits: Bits, slot: number): boolean {
  const word = bits[slot >>> 5];
  return word !== undefined && (word & (1 << (slot & 31))) !== 0;
}

/** A bitset that grows when a slot beyond its end is set. */
export class GrowableBits {
  words: Uint32Array;

  constructor(slots = 0) {
    this.words = new Uint32Array(wordsFor(slots));
  }

  set(slot: number): void {
    const w = slot >>> 5;
    if (w >= this.words.length) {
      const grown = new Uint32Array(Math.max(w + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words[w]! |= 1 << (slot & 31);
  }

  clear(slot: number): void {
    const w = slot >>> 5;
    if (w < this.words.length) this.words[w]! &= ~(1 << (slot & 31));
  }

  has(slot: number): boolean {
    return hasBit(this.words, slot);
  }
}

/** A new bitset of `words` words holding `source` (cut or zero-padded). */
export function copyBits(source: Bits, words: number): Bits {
  const out = new Uint32Array(words);
  out.set(source.length > words ? source.subarray(0, words) : source);
  return out;
}

export function andInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i]! &= other[i]!;
  target.fill(0, n);
}

export function orInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i]! |= other[i]!;
}

export function andNotInto(target: Bits, other: Bits): void {
  const n = Math.min(target.length, other.length);
  for (let i = 0; i < n; i++) target[i]! &= ~other[i]!;
}

/** Set bits in one 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function popcount(bits: Bits): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += popcount32(bits[i]!);
  return count;
}

/** |a ∩ b| without building the intersection. */
export function popcountAnd(a: Bits, b: Bits): number {
  const n = Math.min(a.length, b.length);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! & b[i]!;
    if (x !== 0) count += popcount32(x);
  }
  return count;
}

/** The set slots in ascending order. */
export function slotsOf(bits: Bits): number[] {
  const out: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      out.push((w << 5) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
  return out;
}
