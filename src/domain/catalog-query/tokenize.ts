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
  const lower = value.toLowerCase();
  if (!NON_ASCII.test(lower)) return asciiTokens(lower);
  const out: string[] = [];
  for (const word of splitWords(value)) {
    out.push(word);
    for (const part of wordParts(word)) if (part !== word) out.push(part);
  }
  return out;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => c >= 97 && c <= 122;

/**
 * `textTokens` of lower-cased ASCII text, by one scan of its characters instead of the Unicode
 * expressions (a catalogue's names, SKUs and keywords are mostly ASCII, and building the search
 * index tokenizes every one of them at each start): in ASCII the letters are a-z once lower-cased,
 * the digits 0-9, and anything else separates words. The same tokens in the same order.
 */
function asciiTokens(lower: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < lower.length) {
    const c = lower.charCodeAt(start);
    if (!isDigit(c) && !isLetter(c)) {
      start++;
      continue;
    }
    let end = start;
    let digits = false;
    let letters = false;
    for (; end < lower.length; end++) {
      const d = lower.charCodeAt(end);
      if (isDigit(d)) digits = true;
      else if (isLetter(d)) letters = true;
      else break;
    }
    out.push(lower.slice(start, end));
    if (digits && letters) {
      // The word's parts (see `wordParts`): digit runs, and letter runs of 2+, each once.
      const parts: string[] = [];
      for (let at = start; at < end; ) {
        const digitRun = isDigit(lower.charCodeAt(at));
        let stop = at + 1;
        while (stop < end && isDigit(lower.charCodeAt(stop)) === digitRun) stop++;
        const run = lower.slice(at, stop);
        if ((digitRun || run.length >= 2) && !parts.includes(run)) parts.push(run);
        at = stop;
      }
      out.push(...parts);
    }
    start = end;
  }
  return out;
}
