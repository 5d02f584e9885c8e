import { hasBit, type Bits } from './bitset';
import { parseClauses, type Alternative } from './query-terms';
import type { TextIndex } from './text-index';
import type { DocumentStore } from './document-store';

/** SPEC §9: minimum should-match 75 %, min_score 0.02 (of the best hit's score). */
export const MINIMUM_SHOULD_MATCH = 0.75;
export const MIN_SCORE = 0.02;

/** Per-slot scores where 0 means "not touched", reset through the touched list. */
class SparseScores {
  values: Float64Array;
  readonly touched: number[] = [];

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }
}

let scratch: { clause: SparseScores; part: SparseScores; parts: SparseScores; total: SparseScores; matched: Uint8Array } | undefined;

function scratchFor(capacity: number) {
  if (!scratch || scratch.matched.length < capacity) {
    const size = Math.max(capacity, 1024);
    scratch = { clause: new SparseScores(size), part: new SparseScores(size), parts: new SparseScores(size), total: new SparseScores(size), matched: new Uint8Array(size) };
  }
  return scratch;
}

/** Folds the current postings of each alternative into `into`, keeping each slot's best. */
function scoreBest(index: TextIndex, alts: Alternative[], docCount: number, allowed: Bits, into: SparseScores): void {
  const { values, touched } = into;
  const { baseOffsets, baseSlots, baseWeights, baseStale, gens } = index;
  const words = allowed.length;
  for (const { id, weight } of alts) {
    const df = index.vocab.df[id]!;
    if (df <= 0) continue;
    const factor = weight * Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
    const base = id + 1 < baseOffsets.length;
    const delta = index.deltaSlots[id];
    const deltaWeights = index.deltaWeights[id];
    const deltaGens = index.deltaGens[id];
    const end = base ? baseOffsets[id + 1]! : 0;
    const count = delta ? delta.length : 0;
    // Base postings first, then delta ones (current generation only).
    for (let i = base ? baseOffsets[id]! : 0, j = 0; i < end || j < count; ) {
      let slot: number;
      let w: number;
      if (i < end) {
        slot = baseSlots[i]!;
        w = baseWeights[i++]!;
        if (baseStale[slot] !== 0) continue;
      } else {
        slot = delta![j]!;
        w = deltaWeights![j]!;
        if (deltaGens![j++] !== (gens[slot] ?? 0)) continue;
      }
      const word = slot >>> 5;
      if (word >= words || (allowed[word]! & (1 << (slot & 31))) === 0) continue;
      const score = factor * w;
      const old = values[slot]!;
      if (old === 0) touched.push(slot);
      if (score > old) values[slot] = score;
    }
  }
}

/** into[slot] = op(into[slot], from[slot]) for every slot touched in `from`, which is cleared. */
function foldAndClear(from: SparseScores, into: SparseScores, op: 'add' | 'max', matched?: Uint8Array): void {
  for (const slot of from.touched) {
    const old = into.values[slot]!;
    if (old === 0) into.touched.push(slot);
    const v = from.values[slot]!;
    into.values[slot] = op === 'add' ? old + v : Math.max(old, v);
    from.values[slot] = 0;
    if (matched) matched[slot]!++;
  }
  from.touched.length = 0;
}

export interface TextHits {
  /** Exact SKU matches (the product's own SKU first, then a configurable child's), above every other hit. */
  pinned: number[];
  /** Other matching slots and their scores normalised to the best (1.0). */
  slots: number[];
  scores: Float64Array;
}

/**
 * Elasticsearch multi_match emulation over `index`: each query word is a clause scored by its
 * best alternative (exact, fuzzy, prefix on the last word), clause scores add up, a document must
 * match floor(75 %) of the clauses (at least one), and hits under MIN_SCORE of the best are dropped.
 * Only slots in `allowed` (the filtered set) count, also for picking the best.
 */
export function searchText(index: TextIndex, store: DocumentStore, text: string, allowed: Bits): TextHits {
  const s = scratchFor(store.capacity);
  const docCount = store.count;
  const clauses = parseClauses(index.vocab, text);
  for (const clause of clauses) {
    scoreBest(index, clause.whole, docCount, allowed, s.clause);
    for (const part of clause.parts) {
      scoreBest(index, part, docCount, allowed, s.part);
      foldAndClear(s.part, s.parts, 'add');
    }
    foldAndClear(s.parts, s.clause, 'max');
    foldAndClear(s.clause, s.total, 'add', s.matched);
  }
  const required = Math.max(1, Math.floor(MINIMUM_SHOULD_MATCH * clauses.length));
  const pinned = index.skus.find(text, store).filter((slot) => hasBit(allowed, slot));
  const candidates: number[] = [];
  let best = 0;
  for (const slot of s.total.touched) {
    if (s.matched[slot]! >= required && (pinned.length === 0 || !pinned.includes(slot))) {
      candidates.push(slot);
      best = Math.max(best, s.total.values[slot]!);
    }
  }
  const slots: number[] = [];
  const kept: number[] = [];
  for (const slot of candidates) {
    const score = s.total.values[slot]! / best;
    if (score >= MIN_SCORE) {
      slots.push(slot);
      kept.push(score);
    }
  }
  for (const slot of s.total.touched) {
    s.matched[slot] = 0;
    s.total.values[slot] = 0;
  }
  s.total.touched.length = 0;
  return { pinned, slots, scores: Float64Array.from(kept) };
}
