import type { CatalogQueryInput, CatalogQueryType } from './catalog-query';

/**
 * The catalogue search over GraphQL (SPEC §7: "Search can also go through a GraphQL endpoint"). Each
 * entity type is one root field of `/graphql`; its arguments are the fields of the POST /api/catalog
 * body (without `type`, which the field names) and it answers the same `{items, total, aggregations,
 * attributeMetadata, perPage}`, typed (server/graphql/schema.graphql). The server's schema and the
 * storefront's GraphQL search adapter are both built from these tables, so the two cannot drift apart.
 */
export const CATALOG_GRAPHQL_FIELDS = {
  product: 'products',
  category: 'categories',
  attribute: 'attributes',
  taxrule: 'taxRules',
  cms_page: 'cmsPages',
  cms_block: 'cmsBlocks',
  cms_hierarchy: 'cmsHierarchy',
} as const satisfies Record<CatalogQueryType, string>;

export type CatalogGraphqlField = (typeof CATALOG_GRAPHQL_FIELDS)[CatalogQueryType];

/** Each body field of POST /api/catalog and its GraphQL type (a new body field fails to compile until it is listed here). */
export const CATALOG_GRAPHQL_ARGUMENTS = {
  searchQuery: 'SearchQuery',
  size: 'Int',
  from: 'Int',
  sort: 'String',
  sourceInclude: '[String!]',
  sourceExclude: '[String!]',
  store: 'String',
  groupId: 'Int',
  groupToken: 'String',
} as const satisfies Record<Exclude<keyof CatalogQueryInput, 'type'>, string>;

export type CatalogGraphqlArgument = keyof typeof CATALOG_GRAPHQL_ARGUMENTS;
export const CATALOG_GRAPHQL_ARGUMENT_NAMES = Object.keys(CATALOG_GRAPHQL_ARGUMENTS) as CatalogGraphqlArgument[];

/** The fields every search field's result has: the typed page and facets, and `json`, the REST result as is. */
export const CATALOG_GRAPHQL_RESULT_FIELDS = ['items', 'total', 'aggregations', 'attributeMetadata', 'perPage', 'json'] as const;

/**
 * The result field the storefront's search adapter selects: POST /api/catalog's result as it comes.
 * The storefront keeps documents whole (open-ended attribute fields included) and reads facets by
 * name, so it takes the same JSON the REST adapter gets instead of naming every typed field.
 */
export const CATALOG_GRAPHQL_JSON_FIELD = 'json' satisfies (typeof CATALOG_GRAPHQL_RESULT_FIELDS)[number];
