import type { FilterScalar } from '../../../schemas/catalog-query';
import type { TaxRatesByClass } from '../pricing/tax-rate';

export type {
  AppliedFilter,
  AppliedSort,
  AvailableFilter,
  CatalogQuery,
  CatalogQueryInput,
  FilterScalar,
  FilterValue,
} from '../../../schemas/catalog-query';

/** A catalogue document as stored: plain JSON. The index keeps a reference; treat it as read-only. */
export type Doc = Record<string, unknown>;
export type DocId = string | number;

/** A value a field can hold and a filter can name. */
export type Scalar = Exclude<FilterScalar, null>;

export interface AttributeOption {
  label: string;
  value: string | number;
}

/** An attribute document (SPEC §3 "Attribute"); only the fields the facet UI reads are returned. */
export interface AttributeDoc {
  attribute_code: string;
  attribute_id?: string | number;
  frontend_label?: string;
  options?: AttributeOption[];
  [field: string]: unknown;
}

export interface AttributeMetadata {
  attribute_code: string;
  attribute_id?: string | number;
  frontend_label?: string;
  options: AttributeOption[];
}

export interface TermsBucket {
  key: Scalar;
  doc_count: number;
}

export interface RangeBucket {
  key: string;
  from?: number;
  to?: number;
  doc_count: number;
}

export interface TermsAggregation {
  buckets: TermsBucket[];
}

export interface RangeAggregation {
  buckets: RangeBucket[];
}

export interface CatalogResult {
  items: Doc[];
  total: number;
  aggregations: Record<string, TermsAggregation | RangeAggregation>;
  attributeMetadata: AttributeMetadata[];
  perPage: number;
}

export interface QueryContext {
  /** Looks up an attribute document by `attribute_code` for the facet labels. */
  attributesByCode?: (code: string) => AttributeDoc | undefined;
  /**
   * The store's tax percent by product class: the `price_incl_tax` filter and the price buckets
   * (`agg_range_price`) read the final price with it added. Without it they read it as 0 %.
   */
  taxRates?: TaxRatesByClass;
}

/** One searchable field: its dot path and boost. */
export interface TextField {
  path: string;
  boost: number;
  /** SKU-like values: also indexed whole ("fix-tb-m10100") and answerable by exact SKU lookup. */
  sku?: boolean;
  /** Index only the whole value (configurable children SKUs), not its words. */
  wholeOnly?: boolean;
}

/** Structures to build up front (and again after a bulk reload) rather than on first use. */
export interface Prebuild {
  text?: boolean;
  /** Filter and facet fields, e.g. ["category_ids", "colour", "colour_options", "price"]. */
  fields?: string[];
  /** Sort orders as "field:asc" / "field:desc". */
  sorts?: string[];
}

export interface CatalogIndexOptions {
  /** Searchable fields; defaults depend on the entity type (see `defaultTextFields`). */
  textFields?: TextField[];
  prebuild?: Prebuild;
}
