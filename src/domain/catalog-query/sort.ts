import { hasBit, type Bits } from './bitset';
import type { SortDirection } from './sort-column';
import type { CatalogQueryInput } from './types';

/** One sort key; `_score` is text relevance. */
export interface SortSpec {
  field: string;
  dir: SortDirection;
}

const RELEVANCE: SortSpec = { field: '_score', dir: 'desc' };

/** `_appliedSort` when given, else the `sort` string ("final_price:desc,id:asc"; no direction = asc). */
export function requestedSort(query: CatalogQueryInput): SortSpec[] {
  const applied = query.searchQuery?._appliedSort;
  if (applied?.length) return applied.map(({ field, options }) => ({ field, dir: options }));
  return (query.sort ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [field = '', dir] = part.split(':');
      return { field, dir: dir === 'desc' ? 'desc' : 'asc' };
    });
}

/**
 * Without an explicit sort: relevance when there is search text; otherwise position descending for
 * products (SPEC §9 "Recommended", the default) and position ascending for other entities
 * (categories are fetched by position ascending).
 */
export function defaultSort(type: string, hasText: boolean): SortSpec[] {
  if (hasText) return [RELEVANCE];
  return [{ field: 'position', dir: type === 'product' ? 'desc' : 'asc' }];
}

/** The first `k` of `items` in `compare` order, without sorting the rest. */
export function topK(items: ArrayLike<number>, k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 4 >= items.length) return Array.from(items).sort(compare).slice(0, k);
  // A heap of the best k so far, the worst of them at the root.
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (let n = 0; n < items.length; n++) {
    const item = items[n]!;
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < k && worse(l, top)) top = l;
        if (r < k && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}

/** Slots `from`..`from + size` of `order` that are in `result`: a page without sorting the result. */
export function pageFromOrder(order: readonly number[], result: Bits, from: number, size: number): number[] {
  const page: number[] = [];
  let skipped = 0;
  for (const slot of order) {
    if (!hasBit(result, slot)) continue;
    if (skipped < from) skipped++;
    else if (page.push(slot) >= size) break;
  }
  return page;
}
