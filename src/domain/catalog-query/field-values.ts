import { addPercent, fromPence, toPence } from '../pricing/money';
import { DEFAULT_PRODUCT_TAX_CLASS, type TaxRatesByClass } from '../pricing/tax-rate';
import type { Doc, Scalar } from './types';

/**
 * Reading fields by dot path. A path goes through arrays, so `category.name` on
 * `{category: [{name: 'Anchors'}, {name: 'Bolts'}]}` yields both names; null and objects are no value.
 */

/** The field key filters and facets use for `price`: the final price when a document has one. */
export const EFFECTIVE_PRICE = '@price';

const pathCache = new Map<string, string[]>();

function splitPath(path: string): string[] {
  let parts = pathCache.get(path);
  if (!parts) {
    parts = path.split('.');
    pathCache.set(path, parts);
  }
  return parts;
}

function collect(value: unknown, parts: string[], depth: number, out: Scalar[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parts, depth, out);
    return;
  }
  if (depth === parts.length) {
    if (typeof value === 'string' || typeof value === 'boolean') out.push(value);
    else if (typeof value === 'number' && Number.isFinite(value)) out.push(value);
    return;
  }
  if (value !== null && typeof value === 'object') {
    collect((value as Record<string, unknown>)[parts[depth]!], parts, depth + 1, out);
  }
}

/** Every scalar at `path` in `doc`, appended to `out` (pass a cleared scratch array in hot loops). */
export function pathValues(doc: Doc, path: string, out: Scalar[] = []): Scalar[] {
  const parts = splitPath(path);
  if (parts.length === 1) {
    const value = doc[path];
    if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      out.push(value);
      return out;
    }
  }
  collect(doc, parts, 0, out);
  return out;
}

function toNumber(value: Scalar): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

/**
 * The filter attribute for the final price including tax, the price a tile leads with: the price
 * buckets count on it, so "< £50" never lists a product shown at £50.99.
 */
export const PRICE_INCL_TAX = 'price_incl_tax';
const INCL_TAX_PREFIX = '@price_incl_tax:';

/**
 * The field key of the price incl. tax at these rates. The rates are part of the key, so a column or
 * a cached filter result built at other rates is never read for these (tax rules change rarely).
 */
export function inclTaxPriceKey(rates: TaxRatesByClass = {}): string {
  const entries = Object.entries(rates).sort(([a], [b]) => Number(a) - Number(b));
  return INCL_TAX_PREFIX + entries.map(([taxClass, percent]) => `${taxClass}=${percent}`).join(',');
}

export const isInclTaxPriceKey = (key: string): boolean => key.startsWith(INCL_TAX_PREFIX);

const ratesByKey = new Map<string, Map<number, number>>();

function ratesOfKey(key: string): Map<number, number> {
  let rates = ratesByKey.get(key);
  if (!rates) {
    const body = key.slice(INCL_TAX_PREFIX.length);
    rates = new Map(body === '' ? [] : body.split(',').map((entry) => entry.split('=').map(Number) as [number, number]));
    ratesByKey.set(key, rates);
  }
  return rates;
}

/** The final price with its class's tax added as a tile adds it (whole pence), in pounds; no rule is 0 %. */
function inclTaxPrice(doc: Doc, key: string): number | undefined {
  const price = effectivePrice(doc);
  if (price === undefined) return undefined;
  const taxClass = typeof doc.tax_class_id === 'number' ? doc.tax_class_id : DEFAULT_PRODUCT_TAX_CLASS;
  return fromPence(addPercent(toPence(price), ratesOfKey(key).get(taxClass) ?? 0));
}

/** `final_price` when the document has one, else `price`. */
export function effectivePrice(doc: Doc): number | undefined {
  for (const field of ['final_price', 'price']) {
    const raw = doc[field];
    const value = typeof raw === 'number' || typeof raw === 'string' ? toNumber(raw) : Number.NaN;
    if (Number.isFinite(value)) return value;
  }
  return undefined;
}

/** Values of a filter/facet field key (a dot path, `EFFECTIVE_PRICE` or an `inclTaxPriceKey`), appended to `out`. */
export function fieldValues(doc: Doc, key: string, out: Scalar[] = []): Scalar[] {
  if (isInclTaxPriceKey(key)) {
    const price = inclTaxPrice(doc, key);
    if (price !== undefined) out.push(price);
    return out;
  }
  if (key !== EFFECTIVE_PRICE) return pathValues(doc, key, out);
  const price = effectivePrice(doc);
  if (price !== undefined) out.push(price);
  return out;
}

/** Numeric values of a field (numeric strings count), for range filters. */
export function numericValues(doc: Doc, key: string): number[] {
  const out: number[] = [];
  for (const value of fieldValues(doc, key)) {
    const n = toNumber(value);
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/**
 * The key a value is matched by in term filters: numbers and their decimal text match
 * (a filter on "2" finds visibility 2, as Elasticsearch coerces), strings are case-sensitive.
 */
export function termKey(value: Scalar): string {
  return typeof value === 'string' ? value : String(value);
}
