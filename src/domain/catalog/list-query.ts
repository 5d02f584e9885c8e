import type { AppliedFilter, CatalogQueryInput } from '../../../schemas/catalog-query';
import { PRICE_INCL_TAX } from '../catalog-query/field-values';

/**
 * Product list queries (SPEC §9): page size 50, load more from the next offset, sort options, the
 * attribute and price filters a category page keeps in its URL query, and the visibility rules.
 */
export const PAGE_SIZE = 50;
export const HOME_LIST_SIZE = 8;
export const FACET_SIZE = 10;

/**
 * What a product tile reads (product-tile-data.ts, the price rules): lists ask for only these, so a
 * page of 50 is a few kB instead of whole documents with descriptions, media and children.
 */
export const TILE_FIELDS = [
  'id', 'sku', 'parentSku', 'type_id', 'name', 'url_key', 'slug', 'url_path', 'thumbnail', 'image', 'tax_class_id', 'sell_unit_description',
  'price', 'special_price', 'special_from_date', 'special_to_date', 'tier_prices', 'stock.is_in_stock',
];

export const SORTS = {
  recommended: { field: 'position', options: 'desc' },
  latest: { field: 'updated_at', options: 'desc' },
  'price-asc': { field: 'final_price', options: 'asc' },
  'price-desc': { field: 'final_price', options: 'desc' },
} as const;
export type SortKey = keyof typeof SORTS;
export const DEFAULT_SORT: SortKey = 'recommended';
export const isSortKey = (value: string | null): value is SortKey => value !== null && value in SORTS;

/** Catalogue lists show visibility 2 or 4; search shows 2, 3 and 4; status 0 or 1 (SPEC §9). */
export const CATALOG_VISIBILITY = [2, 4];
export const SEARCH_VISIBILITY = [2, 3, 4];
const ENABLED = { attribute: 'status', value: { in: [0, 1] } } satisfies AppliedFilter;

/** A price bucket in the URL: `0-50`, `150-` (150 and above). From inclusive, to exclusive, as the aggregation counts. */
export interface PriceRange {
  from: number;
  to?: number;
}

export interface ListFilters {
  /** attribute code → chosen option values */
  attributes: Record<string, string[]>;
  price?: PriceRange;
}

/** On the price incl. VAT, as the tiles lead with it and the buckets count it. */
export function priceFilter(range: PriceRange): AppliedFilter {
  return { attribute: PRICE_INCL_TAX, value: range.to === undefined ? { gte: range.from } : { gte: range.from, lt: range.to } };
}

export interface CategoryListRequest {
  categoryId: number;
  filters: ListFilters;
  sort: SortKey;
  from: number;
  facets: readonly string[];
}

export function categoryListQuery(req: CategoryListRequest): CatalogQueryInput {
  const applied: AppliedFilter[] = [
    { attribute: 'category_ids', value: { in: [req.categoryId] } },
    { attribute: 'visibility', value: { in: CATALOG_VISIBILITY } },
    ENABLED,
    ...Object.entries(req.filters.attributes)
      .filter(([, values]) => values.length > 0)
      .map(([attribute, values]): AppliedFilter => ({ attribute, value: { in: values } })),
    ...(req.filters.price ? [priceFilter(req.filters.price)] : []),
  ];
  return {
    type: 'product',
    size: PAGE_SIZE,
    from: req.from,
    sourceInclude: TILE_FIELDS,
    searchQuery: {
      _appliedFilters: applied,
      _availableFilters: ['price', ...req.facets].map((field) => ({ field, options: { size: FACET_SIZE } })),
      _appliedSort: [SORTS[req.sort]],
    },
  };
}

/** Home lists: 8 products by created_at descending (SPEC §2), optionally narrowed by a filter. */
export function homeListQuery(extra: AppliedFilter[] = []): CatalogQueryInput {
  return {
    type: 'product',
    size: HOME_LIST_SIZE,
    sourceInclude: TILE_FIELDS,
    searchQuery: {
      _appliedFilters: [{ attribute: 'visibility', value: { in: CATALOG_VISIBILITY } }, ENABLED, ...extra],
      _appliedSort: [{ field: 'created_at', options: 'desc' }],
    },
  };
}

export function searchTextQuery(text: string, from: number): CatalogQueryInput {
  return {
    type: 'product',
    size: PAGE_SIZE,
    from,
    sourceInclude: TILE_FIELDS,
    searchQuery: { _searchText: text, _appliedFilters: [{ attribute: 'visibility', value: { in: SEARCH_VISIBILITY } }, ENABLED] },
  };
}
