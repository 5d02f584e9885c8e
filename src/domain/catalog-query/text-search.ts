import { hasBit, type Bits } from './bitset';
import { parseClauses, type Alternative, type Clause } from './query-terms';
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
  /** The allowed slots that can still meet the clauses needed (see `narrowedBits`). */
  narrowed: Uint32Array;
}

let scratch: Scratch | undefined;

/** Below this many postings in the clauses left out, narrowing costs about what it saves. */
const NARROW_MIN_POSTINGS = 4096;

let narrowing = true;
let narrowMinPostings = NARROW_MIN_POSTINGS;

/**
 * Whether searches skip the slots no hit can be (`narrowedBits`), and from how many postings: for
 * tests, which check on small catalogues that the hits are the same either way.
 */
export function setNarrowing(on: boolean, minPostings = NARROW_MIN_POSTINGS): void {
  narrowing = on;
  narrowMinPostings = minPostings;
}

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
      narrowed: new Uint32Array((size + 31) >>> 5),
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

/** Postings of a clause's alternatives (whole and parts), base and added, current or not: what scoring it walks. */
function postingsOf(index: TextIndex, clause: Clause): number {
  let count = 0;
  const add = (alts: Alternative[]) => {
    for (const { id } of alts) {
      if (id + 1 < index.baseOffsets.length) count += index.baseOffsets[id + 1]! - index.baseOffsets[id]!;
      count += index.deltaSlots[id]?.length ?? 0;
    }
  };
  add(clause.whole);
  for (const part of clause.parts) add(part);
  return count;
}

/**
 * A document must match `required` of the clauses, so it misses at most `clauses.length - required`
 * of them and matches at least one of any `clauses.length - required + 1`: the union of the
 * postings of that many clauses (the ones with the fewest postings) holds every hit. For each
 * clause left out (`narrow[c]`), the allowed slots outside that union can never be a hit, and
 * scoring it only there leaves every hit's score as it was (the same additions in the same order)
 * while a broad word ("series" in 42,000 of 50,000 products) no longer touches the slots it alone
 * would match. Undefined when nothing is left out or it would not pay.
 */
function narrowedBits(index: TextIndex, clauses: readonly Clause[], required: number, allowed: Bits, s: Scratch): { bits: Uint32Array; narrow: boolean[] } | undefined {
  const keep = clauses.length - required + 1;
  if (keep >= clauses.length) return undefined;
  const costs = clauses.map((clause) => postingsOf(index, clause));
  const byCost = clauses.map((_, c) => c).sort((a, b) => costs[a]! - costs[b]! || a - b);
  const narrow = clauses.map(() => false);
  let keptCost = 0;
  let leftCost = 0;
  byCost.forEach((c, rank) => {
    if (rank < keep) keptCost += costs[c]!;
    else {
      narrow[c] = true;
      leftCost += costs[c]!;
    }
  });
  if (leftCost < narrowMinPostings || leftCost <= keptCost) return undefined;
  const words = allowed.length;
  const bits = s.narrowed.subarray(0, words);
  bits.fill(0);
  const mark = (alts: Alternative[]) => {
    for (const { id } of alts) {
      if (id + 1 < index.baseOffsets.length) {
        for (let i = index.baseOffsets[id]!, end = index.baseOffsets[id + 1]!; i < end; i++) {
          const slot = index.baseSlots[i]!;
          if (slot >>> 5 < words) bits[slot >>> 5]! |= 1 << (slot & 31);
        }
      }
      for (const slot of index.deltaSlots[id] ?? []) if (slot >>> 5 < words) bits[slot >>> 5]! |= 1 << (slot & 31);
    }
  };
  clauses.forEach((clause, c) => {
    if (narrow[c]) return;
    mark(clause.whole);
    for (const part of clause.parts) mark(part);
  });
  for (let w = 0; w < words; w++) bits[w]! &= allowed[w]!;
  return { bits, narrow };
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
  const required = only ? 0 : Math.max(1, Math.floor(MINIMUM_SHOULD_MATCH * clauses.length));
  if (only) {
    // One plain word: its clause score is the total (0 + x is x), and every touched slot matches it.
    scoreBest(index, only.whole, docCount, allowed, s.total);
  } else {
    const narrowed = narrowing ? narrowedBits(index, clauses, required, allowed, s) : undefined;
    clauses.forEach((clause, c) => {
      const where = narrowed?.narrow[c] ? narrowed.bits : allowed;
      if (clause.parts.length === 0 && clause.whole.length <= 1) {
        // The usual word of a phrase: one term, scored straight into the total.
        scoreBest(index, clause.whole, docCount, where, s.total, s.matched);
        return;
      }
      scoreBest(index, clause.whole, docCount, where, s.clause);
      for (const part of clause.parts) {
        scoreBest(index, part, docCount, where, s.part);
        foldAndClear(s.part, s.parts, 'add');
      }
      foldAndClear(s.parts, s.clause, 'max');
      foldAndClear(s.clause, s.total, 'add', s.matched);
    });
  }
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
