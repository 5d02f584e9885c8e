import * as v from 'valibot';
// The entity types live in a module without valibot, so the storefront's search adapter can name them on its first screen.
import { CATALOG_QUERY_TYPES, type CatalogQueryType } from './catalog-query-types';
import { parseWith, type ParseResult } from './parse';

/**
 * The body of POST /api/catalog (SPEC §7 "Catalogue"): the serialisable catalogue query that the
 * server and offline search both run through the same engine (`src/domain/catalog-query`).
 */

export { CATALOG_QUERY_TYPES, type CatalogQueryType };

/** Largest page per entity type: product lists and CMS (SPEC: max 500), category fetch 4000, lookups 4000. */
export const MAX_PAGE_SIZE: Readonly<Record<CatalogQueryType, number>> = {
  product: 500,
  cms_page: 500,
  cms_block: 500,
  cms_hierarchy: 500,
  category: 4000,
  attribute: 4000,
  taxrule: 4000,
};

/** SPEC §9: "Maximum filters is 999" — also the cap on value lists and aggregation sizes. */
const MAX_LIST = 999;
const FILTER_OPERATORS = ['eq', 'in', 'neq', 'nin', 'gt', 'gte', 'lt', 'lte', 'from', 'to'] as const;

/** A field addressed by a dot path; `__proto__` and friends can never name a field. */
const fieldPath = v.pipe(
  v.string('must be a string'),
  v.maxLength(200, 'must be at most 200 characters'),
  v.regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'must be a field name or dot path (letters, digits, _ and .)'),
  v.check((path) => !path.split('.').some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype'), 'is not an allowed field name'),
);

const scalar = v.union(
  [v.string(), v.pipe(v.number(), v.finite('must be a finite number')), v.boolean(), v.null()],
  'must be a string, number, boolean or null',
);
const scalarList = v.pipe(v.array(scalar, 'must be a list'), v.maxLength(MAX_LIST, `must have at most ${MAX_LIST} values`));
/** Picks the branch by the input's shape, so a mistake deep inside a list or an operator object is reported where it is. */
const byShape = <TList extends v.GenericSchema, TObject extends v.GenericSchema>(list: TList, object: TObject) =>
  v.lazy((input: unknown) => (Array.isArray(input) ? list : input !== null && typeof input === 'object' ? object : scalar));
const scalarOrList = byShape(scalarList, v.never('must be a string, number, boolean, null or a list of them'));
const rangeBound = v.union([v.pipe(v.number(), v.finite('must be a finite number')), v.string()], 'must be a number or a string');

function strict<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  const allowed = Object.keys(entries).join(', ');
  return v.strictObject(entries, (issue) =>
    issue.expected === 'never' ? `unknown field (allowed: ${allowed})` : issue.input === undefined ? 'is required' : 'must be an object',
  );
}

const operatorValue = v.pipe(
  strict({
    eq: v.optional(scalarOrList),
    in: v.optional(scalarOrList),
    neq: v.optional(scalarOrList),
    nin: v.optional(scalarOrList),
    gt: v.optional(rangeBound),
    gte: v.optional(rangeBound),
    lt: v.optional(rangeBound),
    lte: v.optional(rangeBound),
    from: v.optional(rangeBound),
    to: v.optional(rangeBound),
  }),
  v.check((value) => FILTER_OPERATORS.some((op) => value[op] !== undefined), `must name at least one operator: ${FILTER_OPERATORS.join(', ')}`),
);

const appliedFilter = strict({
  attribute: fieldPath,
  value: byShape(scalarList, operatorValue),
  scope: v.optional(v.picklist(['default', 'catalog'], 'must be "default" or "catalog"')),
});

const availableFilter = strict({
  field: fieldPath,
  scope: v.optional(v.picklist(['default', 'catalog'], 'must be "default" or "catalog"')),
  options: v.optional(
    strict({
      size: v.optional(v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(MAX_LIST, `must be at most ${MAX_LIST}`))),
    }),
  ),
});

const appliedSort = strict({
  field: fieldPath,
  options: v.picklist(['asc', 'desc'], 'must be "asc" or "desc"'),
});

const searchQuery = strict({
  _searchText: v.optional(v.pipe(v.string('must be a string'), v.maxLength(256, 'must be at most 256 characters'))),
  _appliedFilters: v.optional(v.pipe(v.array(appliedFilter, 'must be a list'), v.maxLength(MAX_LIST, `must have at most ${MAX_LIST} filters`))),
  _availableFilters: v.optional(v.pipe(v.array(availableFilter, 'must be a list'), v.maxLength(MAX_LIST, `must have at most ${MAX_LIST} entries`))),
  _appliedSort: v.optional(v.pipe(v.array(appliedSort, 'must be a list'), v.maxLength(10, 'must have at most 10 entries'))),
});

const integer = v.pipe(v.number('must be a number'), v.integer('must be an integer'));
const pathList = v.pipe(v.array(fieldPath, 'must be a list of field paths'), v.maxLength(200, 'must have at most 200 paths'));

export const catalogQuerySchema = v.pipe(
  strict({
    type: v.optional(v.picklist(CATALOG_QUERY_TYPES, `must be one of: ${CATALOG_QUERY_TYPES.join(', ')}`), 'product'),
    store: v.optional(v.pipe(v.string('must be a string'), v.maxLength(64, 'must be at most 64 characters'))),
    searchQuery: v.optional(searchQuery),
    size: v.optional(integer),
    from: v.optional(integer),
    sort: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.maxLength(500, 'must be at most 500 characters'),
        v.regex(/^\s*[A-Za-z0-9_.]+(:(asc|desc))?\s*(,\s*[A-Za-z0-9_.]+(:(asc|desc))?\s*)*$/, 'must look like "field:asc" or "field:desc", comma separated'),
      ),
    ),
    sourceInclude: v.optional(pathList),
    sourceExclude: v.optional(pathList),
    groupId: v.optional(v.pipe(integer, v.minValue(0, 'must be at least 0'))),
    groupToken: v.optional(v.pipe(v.string('must be a string'), v.maxLength(4096, 'must be at most 4096 characters'))),
  }),
  v.forward(
    v.check(
      (query) => query.size === undefined || query.size <= MAX_PAGE_SIZE[query.type],
      (issue) => `must be at most ${MAX_PAGE_SIZE[(issue.input as { type: CatalogQueryType }).type]}`,
    ),
    ['size'],
  ),
);

/** The validated body (type defaulted to "product"). */
export type CatalogQuery = v.InferOutput<typeof catalogQuerySchema>;
/** What a caller may build by hand (the browser's offline search): `type` may be left out. */
export type CatalogQueryInput = v.InferInput<typeof catalogQuerySchema>;
export type SearchQuery = NonNullable<CatalogQueryInput['searchQuery']>;
export type AppliedFilter = NonNullable<SearchQuery['_appliedFilters']>[number];
export type AvailableFilter = NonNullable<SearchQuery['_availableFilters']>[number];
export type AppliedSort = NonNullable<SearchQuery['_appliedSort']>[number];
export type FilterValue = AppliedFilter['value'];
export type FilterScalar = v.InferOutput<typeof scalar>;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Validates an untrusted body; the message names the offending field, e.g. `searchQuery._appliedFilters.0.value: ...`. */
export function parseCatalogQuery(input: unknown): ParseResult<CatalogQuery> {
  return parseWith(catalogQuerySchema, input);
}
