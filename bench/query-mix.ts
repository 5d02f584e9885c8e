/**
 * A shopper-like stream of `POST /api/catalog` bodies, so the server's reply cache is measured the way
 * real traffic meets it, not on a dozen bodies it would answer from memory every time:
 * - 60 % category listings: every category with products, 4 sorts, first and second page, sometimes a
 *   price range; picked by popularity (Zipf, s = 1: the 10th listing is asked a tenth as often as the first);
 * - 30 % popular searches: words and misspellings from product names, also by Zipf;
 * - 10 % long-tail searches (a shopper's own wording): random pairs of name words, one misspelt.
 * The bodies come from the storefront's own builders (list-query.ts); the seed makes runs comparable.
 */
import { mulberry32 } from '../server/seed/rng';
import { categoryListQuery, searchTextQuery, SORTS, type SortKey } from '../src/domain/catalog/list-query';

const FACETS = ['finish', 'material', 'bolt_diameter', 'colour'];
const PRICE_RANGES = [{ from: 0, to: 10 }, { from: 10, to: 50 }, { from: 50, to: 100 }, { from: 100 }];

export interface QueryMix {
  next(): unknown;
  /** Distinct popular bodies (listings and searches) the Zipf picks come from. */
  popular: number;
  /** Expected share of requests the reply cache can answer once warm (the never-seen ones cannot). */
  repeatShare: number;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`catalogue query answered ${response.status}`);
  return ((await response.json()) as { result: T }).result;
}

/** Cumulative Zipf weights over `n` ranks, for picking by binary search. */
export function zipf(n: number): Float64Array {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  for (let i = 0; i < n; i++) cumulative[i]! /= sum;
  return cumulative;
}

/** The rank whose cumulative weight first reaches `r` (0..1). */
export function pick(cumulative: Float64Array, r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const misspell = (word: string, r: number) => (word.length > 4 ? word.slice(0, 1 + Math.floor(r * (word.length - 2))) + word.slice(2 + Math.floor(r * (word.length - 2))) : word);

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export async function buildQueryMix(url: string, seed = 8): Promise<QueryMix> {
  const random = mulberry32(seed);
  const categories = (await post<{ items: { id: number; product_count?: number }[] }>(url, { type: 'category', size: 2000, sourceInclude: ['id', 'product_count'] })).items;
  const withProducts = categories.filter((c) => (c.product_count ?? 1) > 0).map((c) => c.id);
  const listings: unknown[] = [];
  for (const categoryId of withProducts) {
    for (const sort of Object.keys(SORTS) as SortKey[]) {
      for (const from of [0, 50]) listings.push(categoryListQuery({ categoryId, sort, from, facets: FACETS, filters: { attributes: {} } }));
      const price = PRICE_RANGES[Math.floor(random() * PRICE_RANGES.length)]!;
      listings.push(categoryListQuery({ categoryId, sort, from: 0, facets: FACETS, filters: { attributes: {}, price } }));
    }
  }
  const names = (await post<{ items: { name?: string }[] }>(url, { type: 'product', size: 400, from: 0, sourceInclude: ['name'] })).items.map((p) => p.name ?? '');
  const words = [...new Set(names.flatMap((n) => n.toLowerCase().split(/[^a-z0-9.]+/).filter((w) => w.length > 2)))];
  const phrases = [...new Set(names.map((n) => n.toLowerCase().split(/\s+/).slice(0, 3).join(' ')))];
  const searches = [
    ...phrases.map((p) => searchTextQuery(p, 0)),
    ...phrases.map((p) => searchTextQuery(p.split(' ').map((w, i) => (i === 0 ? misspell(w, random()) : w)).join(' '), 0)),
    ...words.map((w) => searchTextQuery(w, 0)),
  ];
  shuffle(listings, random);
  shuffle(searches, random);
  const listingRanks = zipf(listings.length);
  const searchRanks = zipf(searches.length);
  return {
    popular: listings.length + searches.length,
    repeatShare: 0.9,
    next() {
      const r = random();
      if (r < 0.6) return listings[pick(listingRanks, random())];
      if (r < 0.9) return searches[pick(searchRanks, random())];
      const a = words[Math.floor(random() * words.length)]!;
      const b = words[Math.floor(random() * words.length)]!;
      // Hundreds of words squared, one misspelt at a random place: a repeat within a run is rare.
      return searchTextQuery(`${misspell(a, random())} ${b}`, 0);
    },
  };
}
