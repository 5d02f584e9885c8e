import { popcount, slotsOf, type Bits } from './bitset';
import type { CatalogResult } from './types';

type Facets = CatalogResult['aggregations'];

/** Facet sets kept per filter set: a listing asks for the same few (its page's facets). */
const MAX_FACET_SETS = 4;

/**
 * The documents passing one set of applied filters, and the facets over them (a listing's result is
 * its filters' documents): read-only, shared by every query with that set.
 */
export class FilterResult {
  readonly total: number;
  private slotList: number[] | undefined;
  private readonly facetSets = new Map<string, { facets: Facets; size: number }>();
  private facetBytes = 0;

  constructor(readonly bits: Bits) {
    this.total = popcount(bits);
  }

  /** The set slots in ascending order, listed on first use. */
  slots(): number[] {
    return (this.slotList ??= slotsOf(this.bits));
  }

  /** The facets asked as `key` over these documents: kept, else `compute`'s, kept (a few sets at most). */
  facets(key: string, compute: () => Facets): Facets {
    const known = this.facetSets.get(key);
    if (known) return known.facets;
    const facets = compute();
    if (this.facetSets.size >= MAX_FACET_SETS) {
      this.facetSets.clear();
      this.facetBytes = 0;
    }
    // Their JSON's length in UTF-16 stands for the objects' size; made once, on the miss.
    const size = (key.length + JSON.stringify(facets).length) * 2;
    this.facetSets.set(key, { facets, size });
    this.facetBytes += size;
    return facets;
  }

  /** Bytes held: the bitset, the slots once listed, the kept facets. */
  get size(): number {
    return this.bits.byteLength + (this.slotList?.length ?? 0) * 8 + this.facetBytes;
  }
}

/** Default cap: at 50,000 products a filter set's bitset is 6 kB, so a few hundred sets (about 0.1 kB a product). */
export const DEFAULT_FILTER_RESULT_BYTES = 4 * 1024 * 1024;

/**
 * Filter results by their applied filters, kept until the documents change. Shoppers' requests share
 * a few filter sets (a category, the search's visibility and status, a category and a price range)
 * across their sorts, pages and search words, and a set's bitset is the same until a document is
 * added, changed or removed: the index empties this on every change. Least recently used sets go
 * first past `maxBytes`.
 */
export class FilterResults {
  private readonly entries = new Map<string, FilterResult>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_FILTER_RESULT_BYTES) {}

  /** The result kept for `key`, else `compute`'s, kept. */
  get(key: string, compute: () => Bits): FilterResult {
    let found = this.entries.get(key);
    if (found) {
      // Map order is insertion order: moving the entry to the end keeps the least recently used first.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    found = new FilterResult(compute());
    this.entries.set(key, found);
    this.bytes += found.size;
    this.evict();
    return found;
  }

  /** Listing a result's slots grows it: counted here so the cap holds. */
  listSlots(key: string, result: FilterResult): number[] {
    return this.growing(key, result, () => result.slots());
  }

  /** Facets over a result's documents (see `FilterResult.facets`), their size counted here. */
  facets(key: string, result: FilterResult, facetsKey: string, compute: () => Facets): Facets {
    return this.growing(key, result, () => result.facets(facetsKey, compute));
  }

  /** How deep `growing` is: facets computed may list the slots, and only the outer call counts. */
  private depth = 0;

  private growing<T>(key: string, result: FilterResult, grow: () => T): T {
    const before = result.size;
    this.depth++;
    let value: T;
    try {
      value = grow();
    } finally {
      this.depth--;
    }
    if (this.depth === 0 && result.size !== before && this.entries.get(key) === result) {
      this.bytes += result.size - before;
      this.evict();
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get count(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.entries.delete(key);
      this.bytes -= entry.size;
    }
  }
}
