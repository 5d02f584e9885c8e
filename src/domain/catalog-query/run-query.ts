import { popcount32, type Bits } from './bitset';
import { aggregate, attributeMetadata } from './aggregations';
import type { CatalogIndex } from './catalog-index';
import { compareIdKeys } from './document-store';
import { inclTaxPriceKey } from './field-values';
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

function clearScores(scores: Float64Array, hits: TextHits): void {
  for (let i = 0; i < hits.pinned.length; i++) scores[hits.pinned[i]!] = 0;
  for (let i = 0; i < hits.slots.length; i++) scores[hits.slots[i]!] = 0;
}

/** Pinned hits, then the others. */
function hitSlots(hits: TextHits): Int32Array {
  const all = new Int32Array(hits.pinned.length + hits.slots.length);
  all.set(hits.pinned);
  all.set(hits.slots, hits.pinned.length);
  return all;
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
  const { page, total, aggregations, attributeMetadata, perPage } = queryPage(index, query, context);
  return {
    items: page.map((slot) => projectFields(index.store.docs[slot]!, query.sourceInclude, query.sourceExclude)),
    total,
    aggregations,
    attributeMetadata,
    perPage,
  };
}

/** A query's answer with the page as the documents' slots, for a caller that writes their JSON itself (the server keeps it by slot). */
export interface QueryPage extends Omit<CatalogResult, 'items'> {
  page: number[];
}

/** `runCatalogQuery` without the projection: the page's slots in order. */
export function queryPage(index: CatalogIndex, query: CatalogQueryInput, context: QueryContext = {}): QueryPage {
  const { size, from } = effectivePage(query);
  const sq = query.searchQuery ?? {};
  // Prices incl. tax depend on the rates: kept results are told apart by them.
  const inclTaxKey = inclTaxPriceKey(context.taxRates);
  const filterKey = `${JSON.stringify(sq._appliedFilters ?? [])}${inclTaxKey}`;
  const filteredSet = index.filterResults.get(filterKey, () => filterBits(index, sq._appliedFilters, inclTaxKey));
  // Shared with later queries of the same filters: read, never changed.
  const filtered = filteredSet.bits;
  const text = sq._searchText?.trim() ?? '';
  const hits = text === '' ? undefined : searchText(index.textIndex(), index.store, text, filtered);

  // The result's slots and bitset are made only when a facet or a sort needs them: a search ranked by
  // relevance reads the hits as they are.
  let matches: ArrayLike<number> | undefined;
  let result: Bits | undefined = hits ? undefined : filtered;
  const total = hits ? hits.pinned.length + hits.slots.length : filteredSet.total;
  const slotsOfResult = () => (matches ??= hits ? hitSlots(hits) : index.filterResults.listSlots(filterKey, filteredSet));
  const resultBits = () => (result ??= bitsOf(slotsOfResult(), index.words));

  const requested = requestedSort(query);
  const sort = requested.length ? requested : defaultSort(index.type, hits !== undefined);
  let page: number[];
  if (hits && sort.length === 1 && sort[0]!.field === '_score' && sort[0]!.dir === 'desc') {
    page = from >= total ? [] : topByScore(hits.pinned, hits.slots, hits.scores, index.store.idKeys, from + size).slice(from);
  } else {
    const scores = hits && sort.some((spec) => spec.field === '_score') ? scoresOf(hits, index.store.capacity) : undefined;
    page = pickPage(index, sort, resultBits, total, slotsOfResult, scores, from, size);
    if (scores && hits) clearScores(scores, hits);
  }

  const available = sq._availableFilters ?? [];
  return {
    page,
    total,
    aggregations: !available.length
      ? {}
      : hits
        ? aggregate(index, available, resultBits(), slotsOfResult, total, inclTaxKey)
        : // Without search text the result is the filters' documents: their facets are kept with them.
          index.filterResults.facets(filterKey, filteredSet, JSON.stringify(available), () => aggregate(index, available, filtered, slotsOfResult, total, inclTaxKey)),
    attributeMetadata: attributeMetadata(available, context),
    perPage: size,
  };
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

let placeScratch = new Uint32Array(0);

/**
 * Slots `from`..`from + size` of a small result in the order `order` (one field, ties by id: the
 * comparator's own order): the result's places in it are marked in a bitset over the order, which
 * is then read from its start until the page is filled (places are distinct, so the bits in order
 * are the places sorted, without sorting them all). Undefined when a slot has no place (never for
 * live documents), for the comparator to decide.
 */
function pageByRank(order: readonly number[], rank: Int32Array, slots: ArrayLike<number>, from: number, size: number): number[] | undefined {
  const words = (order.length + 31) >>> 5;
  if (placeScratch.length < words) placeScratch = new Uint32Array(words);
  const marks = placeScratch;
  let missing = false;
  for (let i = 0; i < slots.length; i++) {
    const place = rank[slots[i]!] ?? -1;
    if (place < 0) {
      missing = true;
      break;
    }
    marks[place >>> 5]! |= 1 << (place & 31);
  }
  const page: number[] = [];
  const end = Math.min(slots.length, from + size);
  if (!missing) {
    let seen = 0;
    for (let w = 0; w < words && seen < end; w++) {
      let bits = marks[w]!;
      if (bits === 0) continue;
      const ones = popcount32(bits);
      if (seen + ones <= from) {
        seen += ones;
        continue;
      }
      while (bits !== 0 && seen < end) {
        const low = bits & -bits;
        if (seen++ >= from) page.push(order[(w << 5) + 31 - Math.clz32(low)]!);
        bits ^= low;
      }
    }
  }
  // The scratch is all zero again for the next query: only the words the result marked.
  for (let i = 0; i < slots.length; i++) {
    const place = rank[slots[i]!] ?? -1;
    if (place >= 0) marks[place >>> 5] = 0;
  }
  return missing ? undefined : page;
}

function scoreOrder(scores: Float64Array | undefined, a: number, b: number, dir: 'asc' | 'desc'): number {
  if (!scores) return 0;
  const d = scores[a]! - scores[b]!;
  return d === 0 ? 0 : (d < 0) === (dir === 'desc') ? 1 : -1;
}
