import { popcount, slotsOf, type Bits } from './bitset';
import { aggregate, attributeMetadata } from './aggregations';
import type { CatalogIndex } from './catalog-index';
import { compareIdKeys } from './document-store';
import { filterBits } from './filters';
import { projectFields } from './project-fields';
import { defaultSort, pageFromOrder, requestedSort, topK, type SortSpec } from './sort';
import { topByScore } from './relevance-page';
import { searchText, type TextHits } from './text-search';
import type { CatalogQueryInput, CatalogResult, QueryContext } from './types';

/** SPEC §5 / §9: a size of 0 or less becomes 50 (the list page size); a negative start becomes 0. */
export const DEFAULT_PAGE_SIZE = 50;

export function effectivePage(query: Pick<CatalogQueryInput, 'size' | 'from'>): { size: number; from: number } {
  const size = query.size !== undefined && query.size > 0 ? Math.floor(query.size) : DEFAULT_PAGE_SIZE;
  const from = query.from !== undefined && query.from > 0 ? Math.floor(query.from) : 0;
  return { size, from };
}

let scoreScratch = new Float64Array(0);

/** The hits' scores by slot in a shared scratch array, which the caller zeroes again after use. */
function scoresOf(hits: TextHits, capacity: number): Float64Array {
  if (scoreScratch.length < capacity) scoreScratch = new Float64Array(capacity);
  const { pinned, slots, scores } = hits;
  // Exact SKU hits rank above every relevance hit (scores are normalised to at most 1).
  for (let i = 0; i < pinned.length; i++) scoreScratch[pinned[i]!] = 2 + pinned.length - i;
  for (let i = 0; i < slots.length; i++) scoreScratch[slots[i]!] = scores[i]!;
  return scoreScratch;
}

function bitsOf(slots: ArrayLike<number>, words: number): Bits {
  const bits = new Uint32Array(words);
  for (let i = 0; i < slots.length; i++) bits[slots[i]! >>> 5]! |= 1 << (slots[i]! & 31);
  return bits;
}

/**
 * Answers a catalogue query from the index: baseline and applied filters, text relevance, facets
 * over every match, sort and page, field projection. The `type` of the query is the index's.
 */
export function runCatalogQuery(index: CatalogIndex, query: CatalogQueryInput, context: QueryContext = {}): CatalogResult {
  const { size, from } = effectivePage(query);
  const sq = query.searchQuery ?? {};
  const filtered = filterBits(index, sq._appliedFilters);
  const text = sq._searchText?.trim() ?? '';
  const hits = text === '' ? undefined : searchText(index.textIndex(), index.store, text, filtered);

  let matches: ArrayLike<number> | undefined;
  let result: Bits | undefined = hits ? undefined : filtered;
  if (hits) {
    const all = new Int32Array(hits.pinned.length + hits.slots.length);
    all.set(hits.pinned);
    all.set(hits.slots, hits.pinned.length);
    matches = all;
  }
  const total = matches ? matches.length : popcount(filtered);
  const slotsOfResult = () => (matches ??= slotsOf(filtered));
  const resultBits = () => (result ??= bitsOf(matches!, index.words));

  const requested = requestedSort(query);
  const sort = requested.length ? requested : defaultSort(index.type, hits !== undefined);
  let page: number[];
  if (hits && sort.length === 1 && sort[0]!.field === '_score' && sort[0]!.dir === 'desc') {
    page = from >= total ? [] : topByScore(hits.pinned, hits.slots, hits.scores, index.store.idKeys, from + size).slice(from);
  } else {
    const scores = hits && sort.some((spec) => spec.field === '_score') ? scoresOf(hits, index.store.capacity) : undefined;
    page = pickPage(index, sort, resultBits, total, slotsOfResult, scores, from, size);
    if (scores && matches) for (let i = 0; i < matches.length; i++) scores[matches[i]!] = 0;
  }

  const available = sq._availableFilters ?? [];
  const output: CatalogResult = {
    items: page.map((slot) => projectFields(index.store.docs[slot]!, query.sourceInclude, query.sourceExclude)),
    total,
    aggregations: available.length ? aggregate(index, available, resultBits(), slotsOfResult, total) : {},
    attributeMetadata: attributeMetadata(available, context),
    perPage: size,
  };
  return output;
}

/**
 * The slots of the page. One plain field over a large result: walk that field's prebuilt order and
 * keep the slots in the result. Otherwise: the top `from + size` of the result by a comparator.
 */
function pickPage(
  index: CatalogIndex,
  sort: SortSpec[],
  result: () => Bits,
  total: number,
  resultSlots: () => ArrayLike<number>,
  scores: Float64Array | undefined,
  from: number,
  size: number,
): number[] {
  if (from >= total) return [];
  const only = sort.length === 1 ? sort[0] : undefined;
  if (only && only.field !== '_score') {
    const column = index.sortColumn(only.field);
    if (total * 16 >= index.store.count) return pageFromOrder(column.order(only.dir), result(), from, size);
    const page = pageByRank(column.order(only.dir), column.rank(only.dir), resultSlots(), from, size);
    if (page) return page;
  }
  const idKeys = index.store.idKeys;
  const columns = sort.map((spec) => (spec.field === '_score' ? undefined : index.sortColumn(spec.field)));
  const compare = (a: number, b: number): number => {
    for (let i = 0; i < sort.length; i++) {
      const column = columns[i];
      const c = column ? column.compareValues(a, b, sort[i]!.dir) : scoreOrder(scores, a, b, sort[i]!.dir);
      if (c !== 0) return c;
    }
    return compareIdKeys(idKeys[a]!, idKeys[b]!);
  };
  return topK(resultSlots(), from + size, compare).slice(from);
}

/**
 * Slots `from`..`from + size` of a small result in the order `order` (one field, ties by id: the
 * comparator's own order): the result's places in it, sorted as numbers. Undefined when a slot has
 * no place (never for live documents), for the comparator to decide.
 */
function pageByRank(order: readonly number[], rank: Int32Array, slots: ArrayLike<number>, from: number, size: number): number[] | undefined {
  const places = new Int32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    const place = rank[slots[i]!] ?? -1;
    if (place < 0) return undefined;
    places[i] = place;
  }
  places.sort();
  const page: number[] = [];
  for (let i = from, end = Math.min(places.length, from + size); i < end; i++) page.push(order[places[i]!]!);
  return page;
}

function scoreOrder(scores: Float64Array | undefined, a: number, b: number, dir: 'asc' | 'desc'): number {
  if (!scores) return 0;
  const d = scores[a]! - scores[b]!;
  return d === 0 ? 0 : (d < 0) === (dir === 'desc') ? 1 : -1;
}
