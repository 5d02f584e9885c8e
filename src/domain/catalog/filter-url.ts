import { DEFAULT_SORT, isSortKey, type ListFilters, type PriceRange, type SortKey } from './list-query';

/**
 * Filters and sort live in the category URL's query (SPEC §2): `?bolt_diameter=10,12&price=0-50&sort=latest`,
 * so a shared or reloaded link shows the same list.
 */
const RESERVED = new Set(['sort', 'price', 'childSku']);

export function parsePrice(text: string | null): PriceRange | undefined {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/.exec(text ?? '');
  if (!match) return undefined;
  const from = Number(match[1]);
  return match[2] === undefined ? { from } : { from, to: Number(match[2]) };
}

export const formatPrice = (range: PriceRange): string => `${range.from}-${range.to ?? ''}`;

export function readListState(params: URLSearchParams): { filters: ListFilters; sort: SortKey } {
  const attributes: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key) || !/^[a-z0-9_]+$/.test(key)) continue;
    attributes[key] = value.split(',').filter((v) => v !== '');
  }
  const sort = params.get('sort');
  const price = parsePrice(params.get('price'));
  return { filters: { attributes, ...(price ? { price } : {}) }, sort: isSortKey(sort) ? sort : DEFAULT_SORT };
}

/** Turns one option on or off, keeping the rest of the query as it was. */
export function toggleOption(params: URLSearchParams, code: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = (next.get(code) ?? '').split(',').filter((v) => v !== '');
  const updated = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  if (updated.length === 0) next.delete(code);
  else next.set(code, updated.join(','));
  return next;
}

export function setParam(params: URLSearchParams, key: string, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(key);
  else next.set(key, value);
  return next;
}
