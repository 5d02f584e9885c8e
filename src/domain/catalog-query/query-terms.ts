import { allowedEdits, closestTerms } from './fuzzy';
import { hasDigit, looksLikeSku, splitWords, wholeToken, wordParts } from './tokenize';
import { WHOLE_SKU, WORD, type Vocabulary } from './vocabulary';

/** How much a match counts, relative to an exact one. */
export const MATCH_WEIGHT = { exact: 1, prefix: 0.6, fuzzy1: 0.5, fuzzy2: 0.35, part: 0.6 } as const;
/** Search-as-you-type: how many completions of the last word are tried (most frequent first). */
const PREFIX_EXPANSIONS = 30;
const MAX_WORDS = 16;

/** One vocabulary term a query word may match, with the weight of that kind of match. */
export interface Alternative {
  id: number;
  weight: number;
}

/**
 * One query word: it scores the best of its `whole` alternatives, or the sum of its `parts`
 * (for "10x100": the best of "10" plus the best of "100") when that is higher.
 */
export interface Clause {
  whole: Alternative[];
  parts: Alternative[][];
}

function add(list: Alternative[], id: number | undefined, weight: number): void {
  if (id === undefined) return;
  const known = list.find((alt) => alt.id === id);
  if (known) known.weight = Math.max(known.weight, weight);
  else list.push({ id, weight });
}

function wordAlternatives(vocab: Vocabulary, word: string, last: boolean): Alternative[] {
  const alts: Alternative[] = [];
  add(alts, vocab.liveId(word), MATCH_WEIGHT.exact);
  if (allowedEdits(word) > 0) {
    for (const { term, distance } of closestTerms(word, vocab.fuzzyCandidates(word), (t) => vocab.df[vocab.id(t)!]!)) {
      add(alts, vocab.id(term), distance === 0 ? MATCH_WEIGHT.exact : distance === 1 ? MATCH_WEIGHT.fuzzy1 : MATCH_WEIGHT.fuzzy2);
    }
  }
  if (last) for (const id of vocab.completions(word, WORD, PREFIX_EXPANSIONS)) add(alts, id, MATCH_WEIGHT.prefix);
  return alts;
}

/**
 * The clauses of a search text. A single SKU-shaped word ("FIX-TB-M10") is first looked up as a
 * whole SKU token, exact or as a prefix; otherwise the text is split into words, each a clause.
 */
export function parseClauses(vocab: Vocabulary, text: string): Clause[] {
  if (looksLikeSku(text)) {
    const whole = wholeToken(text);
    const alts: Alternative[] = [];
    add(alts, vocab.liveId(whole), MATCH_WEIGHT.exact);
    for (const id of vocab.completions(whole, WHOLE_SKU, PREFIX_EXPANSIONS)) add(alts, id, MATCH_WEIGHT.prefix);
    if (alts.length) return [{ whole: alts, parts: [] }];
  }
  const words = [...new Set(splitWords(text))].slice(0, MAX_WORDS);
  return words.map((word, i) => ({
    whole: wordAlternatives(vocab, word, i === words.length - 1),
    // The digit runs of "m10", "12mm", "10x100": units such as "mm" would match nearly everything.
    parts: wordParts(word).filter(hasDigit).map((part) => {
      const alts: Alternative[] = [];
      add(alts, vocab.liveId(part), MATCH_WEIGHT.part);
      return alts;
    }),
  }));
}
