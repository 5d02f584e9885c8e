/**
 * Fuzzy term matching in the manner of Elasticsearch's `fuzziness: 2, prefix_length: 2,
 * max_expansions: 3` with "AUTO"-like steps: terms of 1-2 characters must match exactly, 3-5
 * characters allow 1 edit, longer terms 2. An edit is an insertion, deletion, substitution or a
 * swap of two neighbouring letters ("thruogh" → "through" is one edit). Words with digits are never
 * fuzzy: "m10" must not find "m12".
 */

export const PREFIX_LENGTH = 2;
export const MAX_EXPANSIONS = 3;

export function allowedEdits(term: string): number {
  if (term.length < 3 || /\p{N}/u.test(term)) return 0;
  return term.length <= 5 ? 1 : 2;
}

let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/**
 * Optimal-string-alignment distance between a and b, or max + 1 as soon as it must exceed `max`.
 * Only the band |i - j| <= max can hold a distance within `max`; everything else counts as max + 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  const big = max + 1;
  if (Math.abs(n - m) > max) return big;
  if (m + 1 > rows[0].length) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= m; j++) prev[j] = Math.min(j, big);
  for (let i = 1; i <= n; i++) {
    cur.fill(big, 0, m + 1);
    cur[0] = Math.min(i, big);
    let rowMin = cur[0];
    const ca = a.charCodeAt(i - 1);
    for (let j = Math.max(1, i - max), hi = Math.min(m, i + max); j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j - 1]! + (ca === cb ? 0 : 1), cur[j - 1]! + 1, prev[j]! + 1);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d = Math.min(d, big);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return big;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m]!;
}

export interface Expansion {
  term: string;
  distance: number;
}

/**
 * The closest `MAX_EXPANSIONS` candidates within the allowed edits (the exact term counts as one),
 * nearer first, then more frequent. `candidates` share the query's first PREFIX_LENGTH characters.
 */
export function closestTerms(query: string, candidates: Iterable<string>, frequency: (term: string) => number): Expansion[] {
  const max = allowedEdits(query);
  const found: Expansion[] = [];
  for (const term of candidates) {
    const distance = term === query ? 0 : max === 0 ? max + 1 : editDistance(query, term, max);
    if (distance <= max && frequency(term) > 0) found.push({ term, distance });
  }
  found.sort((x, y) => x.distance - y.distance || frequency(y.term) - frequency(x.term) || (x.term < y.term ? -1 : 1));
  return found.slice(0, MAX_EXPANSIONS);
}
