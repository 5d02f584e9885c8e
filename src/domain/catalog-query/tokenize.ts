/**
 * Tokens for text search. Text is lower-cased, accents are dropped, and it is split on anything
 * that is not a letter or digit. A word that mixes letters and digits ("m10", "100mm", "10x100")
 * also yields its digit runs and its letter runs of 2+ letters ("10"; "100", "mm"; "10", "100"),
 * so "frame fixing 10x100" meets "Frame Fixing 10 x 100mm" and "m10" meets "M10".
 * SKUs are also kept whole ("fix-tb-m10100") so an SKU typed or pasted matches as one token.
 */

const NON_ASCII = /[\u0080-\uffff]/;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const RUNS = /\p{N}+|\p{L}+/gu;
const HAS_DIGIT = /\p{N}/u;
const HAS_LETTER = /\p{L}/u;

export function normalizeText(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(/\p{M}+/gu, '') : lower;
}

export function hasDigit(word: string): boolean {
  return HAS_DIGIT.test(word);
}

/** The words of a text, normalised, in order (duplicates kept). */
export function splitWords(text: string): string[] {
  return normalizeText(text).split(SEPARATORS).filter((w) => w !== '');
}

/** The digit runs and 2+ letter runs of a word mixing letters and digits; [] otherwise. */
export function wordParts(word: string): string[] {
  if (!HAS_DIGIT.test(word) || !HAS_LETTER.test(word)) return [];
  const parts: string[] = [];
  for (const run of word.match(RUNS) ?? []) {
    if ((run.length >= 2 || HAS_DIGIT.test(run)) && !parts.includes(run)) parts.push(run);
  }
  return parts;
}

/** A whole SKU-like value as one token, e.g. "FIX-TB-M10100" → "fix-tb-m10100". */
export function wholeToken(value: string): string {
  return normalizeText(value.trim());
}

/** True for a single SKU-shaped word with a digit and a separator, like "FIX-TB-M10" or "12/34-A". */
export function looksLikeSku(text: string): boolean {
  const t = text.trim();
  return t.length >= 3 && !/\s/.test(t) && HAS_DIGIT.test(t) && SEPARATORS.test(t);
}

/** Index tokens of a text value: its words, each followed by its parts (duplicates kept: they are term frequencies). */
export function textTokens(value: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(value)) {
    out.push(word);
    for (const part of wordParts(word)) if (part !== word) out.push(part);
  }
  return out;
}
