import type { Bits } from './bitset';
import type { CatalogIndex } from './catalog-index';
import { EFFECTIVE_PRICE, inclTaxPriceKey } from './field-values';
import { topK } from './sort';
import type { AttributeMetadata, AvailableFilter, QueryContext, RangeAggregation, Scalar, TermsAggregation, TermsBucket } from './types';

/** SPEC §9: filter aggregation size 10; price ranges 0-50, 50-100, 100-150, 150 and above. */
export const DEFAULT_AGGREGATION_SIZE = 10;
export const PRICE_RANGES: readonly { from: number; to?: number }[] = [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }];

const compareKeys = (a: Scalar, b: Scalar): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : typeof a === 'number' ? -1 : typeof b === 'number' ? 1 : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

/** Counts by term id, reused from facet to facet; only the ids counted are set, and they are cleared after. */
let countScratch = new Int32Array(64);

/**
 * Terms facet of field `key` over the result: the `size` buckets with most documents (ties by key).
 * Counts per value by intersection when that is cheaper than walking the result's slots. Walking
 * notes each term as it is first counted, so a field of thousands of values (the price) costs the
 * result's slots, not a pass over every value.
 */
function termsAggregation(index: CatalogIndex, key: string, result: Bits, resultSlots: () => ArrayLike<number>, total: number, size: number): TermsAggregation {
  const postings = index.termPostings(key);
  const termCount = postings.values.length;
  if (countScratch.length < termCount) countScratch = new Int32Array(Math.max(termCount, countScratch.length * 2));
  const counts = countScratch;
  const ids: number[] = [];
  if (postings.countingCost(index.words) > total * 2) {
    const slots = resultSlots();
    for (let i = 0; i < slots.length; i++) {
      const terms = postings.docTerms[slots[i]!];
      if (typeof terms === 'number') {
        if (terms >= 0 && counts[terms]!++ === 0) ids.push(terms);
      } else if (terms) for (const id of terms) if (counts[id]!++ === 0) ids.push(id);
    }
  } else {
    for (let id = 0; id < termCount; id++) {
      if (postings.counts[id]! === 0) continue;
      const count = postings.countIn(id, result);
      if (count > 0) {
        counts[id] = count;
        ids.push(id);
      }
    }
  }
  // Distinct terms never tie on their keys (a term is its value's text, and keys compare by number or text), so
  // the order in which the ids were noted does not change the top.
  const top = topK(ids, size, (a, b) => counts[b]! - counts[a]! || compareKeys(postings.values[a]!, postings.values[b]!));
  const buckets = top.map((id): TermsBucket => ({ key: postings.values[id]!, doc_count: counts[id]! }));
  for (const id of ids) counts[id] = 0;
  return { buckets };
}

const label = (n: number): string => n.toFixed(1);

/**
 * `agg_range_price`: ranges over the final price incl. tax (`inclTaxKey`), the price the tiles lead
 * with (from inclusive, to exclusive, as Elasticsearch).
 */
function priceRangeAggregation(index: CatalogIndex, resultSlots: () => ArrayLike<number>, inclTaxKey: string): RangeAggregation {
  const column = index.numericColumn(inclTaxKey);
  const counts = PRICE_RANGES.map(() => 0);
  const rangeOf = (v: number) => {
    for (let i = 0; i < PRICE_RANGES.length; i++) {
      const r = PRICE_RANGES[i]!;
      if (v >= r.from && (r.to === undefined || v < r.to)) return i;
    }
    return -1;
  };
  const slots = resultSlots();
  for (let n = 0; n < slots.length; n++) {
    const slot = slots[n]!;
    const many = column.multi.get(slot);
    if (!many) {
      const i = rangeOf(column.values[slot]!);
      if (i >= 0) counts[i]!++;
    } else for (const i of new Set(many.map(rangeOf))) if (i >= 0) counts[i]!++;
  }
  return {
    buckets: PRICE_RANGES.map((r, i) => ({
      key: `${label(r.from)}-${r.to === undefined ? '*' : label(r.to)}`,
      from: r.from,
      ...(r.to === undefined ? {} : { to: r.to }),
      doc_count: counts[i]!,
    })),
  };
}

/**
 * For each requested facet: `agg_terms_<field>` and `agg_terms_<field>_options`, and for `price`
 * also `agg_range_price`. A facet on `price` reads the final price, like the `price` filter; the
 * ranges read it incl. tax, like the `price_incl_tax` filter.
 */
export function aggregate(index: CatalogIndex, available: readonly AvailableFilter[], result: Bits, resultSlots: () => ArrayLike<number>, total: number, inclTaxKey = inclTaxPriceKey()) {
  const aggregations: Record<string, TermsAggregation | RangeAggregation> = {};
  for (const { field, options } of available) {
    const size = options?.size ?? DEFAULT_AGGREGATION_SIZE;
    aggregations[`agg_terms_${field}`] = termsAggregation(index, field === 'price' ? EFFECTIVE_PRICE : field, result, resultSlots, total, size);
    aggregations[`agg_terms_${field}_options`] = termsAggregation(index, `${field}_options`, result, resultSlots, total, size);
    if (field === 'price') aggregations.agg_range_price = priceRangeAggregation(index, resultSlots, inclTaxKey);
  }
  return aggregations;
}

/** The attribute documents of the facet fields, trimmed to what the facet labels need. */
export function attributeMetadata(available: readonly AvailableFilter[], context: QueryContext): AttributeMetadata[] {
  const out: AttributeMetadata[] = [];
  for (const field of new Set(available.map((f) => f.field))) {
    const attribute = context.attributesByCode?.(field);
    if (!attribute) continue;
    out.push({
      attribute_code: attribute.attribute_code,
      ...(attribute.attribute_id === undefined ? {} : { attribute_id: attribute.attribute_id }),
      ...(attribute.frontend_label === undefined ? {} : { frontend_label: attribute.frontend_label }),
      options: (attribute.options ?? []).map(({ label: optionLabel, value }) => ({ label: optionLabel, value })),
    });
  }
  return out;
}
