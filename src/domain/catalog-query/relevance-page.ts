import { compareIdKeys, type IdKey } from './document-store';

/** Swaps two entries without the array a destructuring swap may allocate on every call. */
function swap(heap: Int32Array, a: number, b: number): void {
  const t = heap[a]!;
  heap[a] = heap[b]!;
  heap[b] = t;
}

/**
 * The first `k` text hits in `_score desc` order (ties by id), as the generic comparator would
 * order them, without a comparator call per hit: most hits of a broad search score below the
 * worst of the k kept so far and cost one comparison. Pinned (exact SKU) hits come first, in
 * their order: their scores sit above every normalised score.
 */
export function topByScore(pinned: readonly number[], slots: Int32Array, scores: Float64Array, idKeys: readonly IdKey[], k: number): number[] {
  const out = pinned.slice(0, k);
  const m = k - out.length;
  if (m <= 0) return out;
  // A heap of indices into `slots`, the worst kept hit at the root.
  const heap = new Int32Array(Math.min(m, slots.length));
  let size = 0;
  const worse = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && compareIdKeys(idKeys[slots[a]!]!, idKeys[slots[b]!]!) > 0);
  for (let n = 0; n < slots.length; n++) {
    if (size < m) {
      let i = size++;
      heap[i] = n;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        swap(heap, i, parent);
        i = parent;
      }
      continue;
    }
    const root = heap[0]!;
    if (scores[n]! < scores[root]! || !worse(root, n)) continue;
    heap[0] = n;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < size && worse(heap[l]!, heap[top]!)) top = l;
      if (r < size && worse(heap[r]!, heap[top]!)) top = r;
      if (top === i) break;
      swap(heap, i, top);
      i = top;
    }
  }
  const best = Array.from(heap.subarray(0, size)).sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  for (const n of best) out.push(slots[n]!);
  return out;
}
