import { andInto, andNotInto, copyBits, orInto, type Bits } from './bitset';
import type { CatalogIndex } from './catalog-index';
import { EFFECTIVE_PRICE, fieldValues, inclTaxPriceKey, PRICE_INCL_TAX } from './field-values';
import type { NumericRange } from './numeric-column';
import type { AppliedFilter, FilterScalar, FilterValue } from './types';

/** One condition of a filter: value in (or not in) a list, or within a range. */
type Condition = { kind: 'terms'; values: FilterScalar[]; negate: boolean } | RangeCondition;

interface RangeCondition {
  kind: 'range';
  lower?: string | number;
  upper?: string | number;
  lowerInclusive: boolean;
  upperInclusive: boolean;
}

const asList = (v: FilterScalar | FilterScalar[]): FilterScalar[] => (Array.isArray(v) ? v : [v]);

function isDottedString(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('.');
  if (Array.isArray(value)) return value.some(isDottedString);
  return value !== null && typeof value === 'object' && Object.values(value).some(isDottedString);
}

/** A range bound as a number, or undefined when it is text (a date, say). */
const numericBound = (v: string | number | undefined): number | undefined =>
  typeof v === 'number' ? v : v !== undefined && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;

type Bound = [value: string | number, inclusive: boolean];

/** Bounds compare as numbers when both are numeric, else as text. */
function compareBounds(a: string | number, b: string | number): number {
  const x = numericBound(a);
  const y = numericBound(b);
  if (x !== undefined && y !== undefined) return x - y;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** The tightest of the bounds given for one side: the highest lower bound, the lowest upper one. */
function tightest(side: 'lower' | 'upper', ...bounds: [string | number | undefined, boolean][]): Bound | undefined {
  let best: Bound | undefined;
  for (const [value, inclusive] of bounds) {
    if (value === undefined) continue;
    const c = best ? compareBounds(value, best[0]) * (side === 'lower' ? 1 : -1) : 1;
    if (c > 0 || (c === 0 && !inclusive)) best = [value, inclusive];
  }
  return best;
}

/**
 * The conditions of a filter value: a scalar means {in: [v]}, a list {in: list}; `from` is gte and
 * `to` is lte. Returns undefined for a filter to skip (SPEC §5: values containing a dot are skipped;
 * numbers such as 12.5 are not strings and stay).
 */
function conditionsOf(value: FilterValue): Condition[] | undefined {
  if (isDottedString(value)) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [{ kind: 'terms', values: asList(value), negate: false }];
  const out: Condition[] = [];
  for (const op of ['eq', 'in', 'neq', 'nin'] as const) {
    const operand = value[op];
    if (operand !== undefined) out.push({ kind: 'terms', values: asList(operand), negate: op === 'neq' || op === 'nin' });
  }
  const lower = tightest('lower', [value.gt, false], [value.gte, true], [value.from, true]);
  const upper = tightest('upper', [value.lt, false], [value.lte, true], [value.to, true]);
  if (lower || upper) {
    out.push({ kind: 'range', lower: lower?.[0], upper: upper?.[0], lowerInclusive: lower?.[1] ?? true, upperInclusive: upper?.[1] ?? true });
  }
  return out;
}

/**
 * Documents of `index` (live ones) that meet `condition` on the field `key`. A range is only
 * checked on the documents of `within` (the caller ANDs the answer with it anyway), so a price
 * range inside a category reads that category's prices rather than the whole column.
 */
function conditionBits(index: CatalogIndex, key: string, condition: Condition, within: Bits): Bits {
  const words = index.words;
  const live = index.store.live.words;
  if (condition.kind === 'range') return rangeBits(index, key, condition, within);
  const postings = index.termPostings(key);
  const values = condition.values.filter((v) => v !== null);
  const bits = postings.union(values, words);
  if (values.length < condition.values.length) {
    const missing = copyBits(live, words);
    andNotInto(missing, postings.present.words);
    orInto(bits, missing);
  }
  if (!condition.negate) return bits;
  const rest = copyBits(live, words);
  andNotInto(rest, bits);
  return rest;
}

function rangeBits(index: CatalogIndex, key: string, c: RangeCondition, candidates: Bits): Bits {
  const lower = numericBound(c.lower);
  const upper = numericBound(c.upper);
  if ((c.lower === undefined || lower !== undefined) && (c.upper === undefined || upper !== undefined)) {
    const range: NumericRange = { lower: lower ?? -Infinity, upper: upper ?? Infinity, lowerInclusive: c.lowerInclusive, upperInclusive: c.upperInclusive };
    return index.numericColumn(key).select(range, index.words, candidates);
  }
  // Text bounds (dates such as "2024-05-01 00:00:00") compare as text; rare, so a scan.
  const out = new Uint32Array(index.words);
  const within = (v: string) =>
    (c.lower === undefined || (c.lowerInclusive ? v >= String(c.lower) : v > String(c.lower))) &&
    (c.upper === undefined || (c.upperInclusive ? v <= String(c.upper) : v < String(c.upper)));
  index.store.docs.forEach((doc, slot) => {
    if (doc && fieldValues(doc, key).some((v) => within(String(v)))) out[slot >>> 5]! |= 1 << (slot & 31);
  });
  return out;
}

/**
 * The documents passing the baseline and every applied filter (all ANDed). A `catalog` scope
 * filter on X also accepts a configurable product whose `X_options` (its children's values) match.
 * A filter on `price` reads the final price when a document has one.
 */
export function filterBits(index: CatalogIndex, filters: readonly AppliedFilter[] = [], inclTaxKey = inclTaxPriceKey()): Bits {
  const result = copyBits(index.baseline.words, index.words);
  for (const filter of filters) {
    const conditions = conditionsOf(filter.value);
    if (!conditions) continue;
    const key = filter.attribute === 'price' ? EFFECTIVE_PRICE : filter.attribute === PRICE_INCL_TAX ? inclTaxKey : filter.attribute;
    for (const condition of conditions) {
      const bits = conditionBits(index, key, condition, result);
      if (filter.scope === 'catalog') {
        const viaChildren = conditionBits(index, `${filter.attribute}_options`, condition, result);
        andInto(viaChildren, index.termPostings('type_id').union(['configurable'], index.words));
        orInto(bits, viaChildren);
      }
      andInto(result, bits);
    }
  }
  return result;
}
