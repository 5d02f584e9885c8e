import { hasBit, type Bits } from './bitset';
import { parseClauses, type Alternative } from './query-terms';
import type { TextIndex } from './text-index';
import type { DocumentStore } from './document-store';

/** SPEC §9: minimum should-match 75 %, min_score 0.02 (of the best hit's score). */
export const MINIMUM_SHOULD_MATCH = 0.75;
export const MIN_SCORE = 0.02;

/**
 * Per-slot scores where 0 means "not touched", and the touched slots in a typed list, both reused
 * from query to query: a search over tens of thousands of matches allocates nothing per match.
 * Every score is above 0 (an idf and a BM25 weight are), so a slot is listed once.
 */
class SparseScores {
  readonly values: Float64Array;
  readonly touched: Int32Array;
  count = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
    this.touched = new Int32Array(capacity);
  }
}

interface Scratch {
  clause: SparseScores;
  part: SparseScores;
  parts: SparseScores;
  total: SparseScores;
  matched: Uint8Array;
  /** The hits' slots and scores, handed to the caller (valid until the next search). */
  slots: Int32Array;
  scores: Float64Array;
}

let scratch: Scratch | undefined;

function scratchFor(capacity: number): Scratch {
  if (!scratch || scratch.matched.length < capacity) {
    const size = Math.max(capacity, 1024);
    scratch = {
      clause: new SparseScores(size),
      part: new SparseScores(size),
      parts: new SparseScores(size),
      total: new SparseScores(size),
      matched: new Uint8Array(size),
      slots: new Int32Array(size),
      scores: new Float64Array(size),
    };
  }
  return scratch;
}

/**
 * Folds the current postings of each alternative into `into`, keeping each slot's best. With
 * `matched`, the one alternative of a clause is added to `into` (the total) instead, each slot
 * counted as matched: a slot has at most one current posting per term, so this is the clause's score
 * added as `foldAndClear` would add it, without the clause's own pass.
 */
function scoreBest(index: TextIndex, alts: Alternative[], docCount: number, allowed: Bits, into: SparseScores, matched?: Uint8Array): void {
  const { values, touched } = into;
  const { baseOffsets, baseSlots, baseWeights, baseStale, gens } = index;
  const words = allowed.length;
  let count = into.count;
  for (const { id, weight } of alts) {
    const df = index.vocab.df[id]!;
    if (df <= 0) continue;
    const factor = weight * Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
    if (id + 1 < baseOffsets.length) {
      for (let i = baseOffsets[id]!, end = baseOffsets[id + 1]!; i < end; i++) {
        const slot = baseSlots[i]!;
        if (baseStale[slot] !== 0) continue;
        const word = slot >>> 5;
        if (word >= words || (allowed[word]! & (1 << (slot & 31))) === 0) continue;
        const score = factor * baseWeights[i]!;
        const old = values[slot]!;
        if (old === 0) touched[count++] = slot;
        if (matched) {
          values[slot] = old + score;
          matched[slot]!++;
        } else if (score > old) values[slot] = score;
      }
    }
    // Postings of documents added or replaced since the build: current generation only.
    const delta = index.deltaSlots[id];
    if (!delta) continue;
    const deltaWeights = index.deltaWeights[id]!;
    const deltaGens = index.deltaGens[id]!;
    for (let j = 0; j < delta.length; j++) {
      const slot = delta[j]!;
      if (deltaGens[j] !== (gens[slot] ?? 0)) continue;
      const word = slot >>> 5;
      if (word >= words || (allowed[word]! & (1 << (slot & 31))) === 0) continue;
      const score = factor * deltaWeights[j]!;
      const old = values[slot]!;
      if (old === 0) touched[count++] = slot;
      if (matched) {
        values[slot] = old + score;
        matched[slot]!++;
      } else if (score > old) values[slot] = score;
    }
  }
  into.count = count;
}

/** into[slot] = op(into[slot], from[slot]) for every slot touched in `from`, which is cleared. */
function foldAndClear(from: SparseScores, into: SparseScores, op: 'add' | 'max', matched?: Uint8Array): void {
  const fromValues = from.values;
  const intoValues = into.values;
  const intoTouched = into.touched;
  let intoCount = into.count;
  const add = op === 'add';
  for (let i = 0, n = from.count; i < n; i++) {
    const slot = from.touched[i]!;
    const old = intoValues[slot]!;
    if (old === 0) intoTouched[intoCount++] = slot;
    const v = fromValues[slot]!;
    intoValues[slot] = add ? old + v : Math.max(old, v);
    fromValues[slot] = 0;
    if (matched) matched[slot]!++;
  }
  into.count = intoCount;
  from.count = 0;
}

export interface TextHits {
  /** Exact SKU matches (the product's own SKU first, then a configurable child's), above every other hit. */
  pinned: number[];
  /** Other matching slots and their scores normalised to the best (1.0); views valid until the next search. */
  slots: Int32Array;
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
  const only = clauses.length === 1 && clauses[0]!.parts.length === 0 ? clauses[0] : undefined;
  if (only) {
    // One plain word: its clause score is the total (0 + x is x), and every touched slot matches it.
    scoreBest(index, only.whole, docCount, allowed, s.total);
  } else {
    for (const clause of clauses) {
      if (clause.parts.length === 0 && clause.whole.length <= 1) {
        // The usual word of a phrase: one term, scored straight into the total.
        scoreBest(index, clause.whole, docCount, allowed, s.total, s.matched);
        continue;
      }
      scoreBest(index, clause.whole, docCount, allowed, s.clause);
      for (const part of clause.parts) {
        scoreBest(index, part, docCount, allowed, s.part);
        foldAndClear(s.part, s.parts, 'add');
      }
      foldAndClear(s.parts, s.clause, 'max');
      foldAndClear(s.clause, s.total, 'add', s.matched);
    }
  }
  const required = only ? 0 : Math.max(1, Math.floor(MINIMUM_SHOULD_MATCH * clauses.length));
  const pinned = index.skus.find(text, store).filter((slot) => hasBit(allowed, slot));
  // One pass over the touched slots: keep the candidates with their raw scores, clear the rest.
  const { values, touched } = s.total;
  const { matched, slots, scores } = s;
  let candidates = 0;
  let best = 0;
  for (let i = 0, n = s.total.count; i < n; i++) {
    const slot = touched[i]!;
    const score = values[slot]!;
    values[slot] = 0;
    const enough = matched[slot]! >= required;
    matched[slot] = 0;
    if (enough && (pinned.length === 0 || !pinned.includes(slot))) {
      slots[candidates] = slot;
      scores[candidates++] = score;
      if (score > best) best = score;
    }
  }
  s.total.count = 0;
  let kept = 0;
  for (let i = 0; i < candidates; i++) {
    const score = scores[i]! / best;
    if (score >= MIN_SCORE) {
      slots[kept] = slots[i]!;
      scores[kept++] = score;
    }
  }
  return { pinned, slots: slots.subarray(0, kept), scores: scores.subarray(0, kept) };
}
