import { CATALOG_GRAPHQL_ARGUMENTS, CATALOG_GRAPHQL_ARGUMENT_NAMES, CATALOG_GRAPHQL_FIELDS } from '../../schemas/catalog-graphql';
import { CATALOG_QUERY_TYPES, parseCatalogQuery, type CatalogQueryType } from '../../schemas/catalog-query';
import type { CatalogResult } from '../../src/domain/catalog-query/types';
import type { CatalogService } from '../catalog/catalog-service';
import { refusedQuery } from './graphql-errors';
import { GUEST_GROUP, hiddenCategoriesFor, withoutHidden } from '../catalog/trade-only';
import { DOCUMENT_RESOLVERS } from './document-resolvers';
import { ENTITY_SDL } from './entity-sdl';
import { FieldValueScalar } from './field-value-scalar';
import { JsonScalar } from './json-scalar';
import { PRODUCT_SDL } from './product-sdl';
import { RESULT_RESOLVERS, RESULT_SDL, resultTypeOf } from './result-sdl';

const ENTITY_DESCRIPTIONS: Record<CatalogQueryType, string> = {
  product: 'Products (entity type product); only visible, enabled products, as POST /api/catalog lists them.',
  category: 'Categories (entity type category).',
  attribute: 'Attributes (entity type attribute): labels, options, the comparable and filterable flags.',
  taxrule: 'Tax rules (entity type taxrule).',
  cms_page: 'CMS pages (entity type cms_page), filtered by identifier like any field.',
  cms_block: 'CMS blocks (entity type cms_block), filtered by identifier like any field.',
  cms_hierarchy: "The CMS hierarchy (entity type cms_hierarchy): the pages' identifiers.",
};

const ARGUMENT_DESCRIPTIONS: Record<keyof typeof CATALOG_GRAPHQL_ARGUMENTS, string> = {
  searchQuery: 'Text, filters, facets and sort (searchQuery of POST /api/catalog).',
  size: 'Page size; 0 or less (or none) is 50. At most 500 for products and CMS, 4000 for the others.',
  from: 'Offset of the first item; a negative one is 0.',
  sort: 'Sort as text, "field:asc,other:desc"; used when searchQuery._appliedSort is empty.',
  sourceInclude: 'Only these fields (dot paths) of each item.',
  sourceExclude: 'Not these fields (dot paths) of each item.',
  store: 'Store code (accepted for compatibility; one catalogue serves every store view).',
  groupId: 'Customer group id.',
  groupToken: 'Customer group token.',
};

/** A description as a block string, so quotes in it need no escaping. */
const described = (text: string, indent: string) => `${indent}"""${text}"""\n${indent}`;

const argumentList = CATALOG_GRAPHQL_ARGUMENT_NAMES.map((name) => `${described(ARGUMENT_DESCRIPTIONS[name], '    ')}${name}: ${CATALOG_GRAPHQL_ARGUMENTS[name]}`).join('\n');

/**
 * The schema of `/graphql`: one field per catalogue entity type, each with the arguments of POST
 * /api/catalog and its result typed (documents, facets, attribute labels), so a client selects the
 * fields it wants and can generate types. The result's `json` field is the REST reply as is.
 */
export const CATALOG_SDL = `"""
The catalogue search of the shop: the query semantics and replies of POST /api/catalog (SPEC §7),
answered by the same engine. Read only.
"""
type Query {
${CATALOG_QUERY_TYPES.map((type) => `${described(ENTITY_DESCRIPTIONS[type], '  ')}${CATALOG_GRAPHQL_FIELDS[type]}(\n${argumentList}\n  ): ${resultTypeOf(type)}!`).join('\n')}
}

${described(JsonScalar.description ?? '', '')}scalar JSON
${RESULT_SDL}${PRODUCT_SDL}${ENTITY_SDL}
"Text, filters, facets and sort of a catalogue query."
input SearchQuery {
  "Text search with relevance (typos forgiven); an exact SKU ranks first. At most 256 characters."
  _searchText: String
  "Filters every result must pass (at most 999)."
  _appliedFilters: [AppliedFilter!]
  "Facets to count over every match (at most 999)."
  _availableFilters: [AvailableFilter!]
  "Sort, first entry first (at most 10)."
  _appliedSort: [AppliedSort!]
}

input AppliedFilter {
  "A field name or dot path."
  attribute: String!
  "Required: a list (any of its values), or an operator object {eq, in, neq, nin, gt, gte, lt, lte, from, to}."
  value: JSON
  scope: FilterScope
}

input AvailableFilter {
  "A field name or dot path; price gives the price buckets."
  field: String!
  scope: FilterScope
  options: AvailableFilterOptions
}

input AvailableFilterOptions {
  "Most buckets to return (1 to 999)."
  size: Int
}

input AppliedSort {
  "A field name or dot path; _score is text relevance."
  field: String!
  options: SortDirection!
}

enum SortDirection {
  asc
  desc
}

enum FilterScope {
  default
  catalog
}
`;

type Args = Record<string, unknown>;

/**
 * GraphQL passes an argument given as `null` (or a variable left null) as null; the REST body has
 * no nulls outside filter values, so a null means "not given". A filter's `value` is data and kept.
 */
function withoutNulls(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(withoutNulls);
  if (input === null || typeof input !== 'object') return input;
  const entries = Object.entries(input as Args)
    .filter(([key, value]) => value !== null || key === 'value')
    .map(([key, value]) => [key, key === 'value' ? value : withoutNulls(value)] as const);
  return Object.fromEntries(entries);
}

/** The POST /api/catalog body a search field's arguments stand for. */
export function catalogBody(type: CatalogQueryType, args: Args): Args {
  return { type, ...(withoutNulls(args) as Args) };
}

function searchResolver(catalog: CatalogService, type: CatalogQueryType) {
  return (_root: unknown, args: Args): CatalogResult => {
    const parsed = parseCatalogQuery(catalogBody(type, args));
    // The message names the argument by its path, as POST /api/catalog names the body field.
    if (!parsed.ok) throw refusedQuery(parsed.message);
    // GraphQL reads no customer token: it answers as a guest, without the trade-only products (server/catalog/trade-only.ts).
    return catalog.indexFor(type).query(withoutHidden(parsed.value, hiddenCategoriesFor(catalog, GUEST_GROUP)), catalog.queryContext);
  };
}

export function catalogResolvers(catalog: CatalogService) {
  return {
    JSON: JsonScalar,
    FieldValue: FieldValueScalar,
    ...RESULT_RESOLVERS,
    ...DOCUMENT_RESOLVERS,
    Query: Object.fromEntries(CATALOG_QUERY_TYPES.map((type) => [CATALOG_GRAPHQL_FIELDS[type], searchResolver(catalog, type)])),
  };
}

/** Which entity type a root field searches, for the cost estimate. */
export const SEARCH_TYPE_OF_FIELD = new Map<string, CatalogQueryType>(CATALOG_QUERY_TYPES.map((type) => [CATALOG_GRAPHQL_FIELDS[type], type]));
