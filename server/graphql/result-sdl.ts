import { CATALOG_GRAPHQL_JSON_FIELD } from '../../schemas/catalog-graphql';
import type { CatalogQueryType } from '../../schemas/catalog-query';
import type { CatalogResult } from '../../src/domain/catalog-query/types';
import { FieldValueScalar } from './field-value-scalar';

/** The document type each search field's items are: the CMS hierarchy lists the CMS pages. */
export const ITEM_TYPE: Readonly<Record<CatalogQueryType, string>> = {
  product: 'Product',
  category: 'Category',
  attribute: 'Attribute',
  taxrule: 'TaxRule',
  cms_page: 'CmsPage',
  cms_block: 'CmsBlock',
  cms_hierarchy: 'CmsPage',
};

export const resultTypeOf = (type: CatalogQueryType) => `${ITEM_TYPE[type]}SearchResult`;

const RESULT_FIELDS = `  "How many documents match."
  total: Int!
  "Facet counts, one per facet asked for in searchQuery._availableFilters (and agg_range_price for price)."
  aggregations: [Aggregation!]!
  "Labels and options of the attributes asked for as facets."
  attributeMetadata: [AttributeMetadata!]!
  "The page size used."
  perPage: Int!
  """
  The reply of POST /api/catalog as it sends it, untyped: {items, total, aggregations (by name),
  attributeMetadata, perPage}, each document whole or as sourceInclude / sourceExclude project it.
  For clients that keep catalogue documents as they come, such as the storefront's search adapter.
  """
  ${CATALOG_GRAPHQL_JSON_FIELD}: JSON!`;

const resultType = (item: string) => `
"A page of ${item} documents and the facets of every match."
type ${item}SearchResult implements SearchResult {
  "The page of documents, in the order asked for."
  items: [${item}!]!
${RESULT_FIELDS}
}
`;

/** The results of the search fields, their facets and attribute labels. */
export const RESULT_SDL = `
"The reply of a search field: POST /api/catalog's result, typed."
interface SearchResult {
${RESULT_FIELDS}
}
${[...new Set(Object.values(ITEM_TYPE))].map(resultType).join('')}
"""
The buckets of one facet: agg_terms_{field} (with agg_terms_{field}_options beside it) counts the
values of a field, agg_range_price the price ranges.
"""
type Aggregation {
  "Its name in POST /api/catalog's aggregations: agg_terms_{field} or agg_range_price."
  name: String!
  buckets: [AggregationBucket!]!
}

type AggregationBucket {
  "The value counted (a string, number or boolean), or a price range's label (\\"10-20\\", \\"100-*\\")."
  key: FieldValue!
  doc_count: Int!
  "A price range's lower bound (inclusive)."
  from: Float
  "A price range's upper bound (exclusive); none for the last range."
  to: Float
}

"${FieldValueScalar.description ?? ''}"
scalar FieldValue

type AttributeMetadata {
  attribute_code: String!
  attribute_id: Int
  frontend_label: String
  options: [AttributeOption!]!
}
`;

const resultResolvers = {
  aggregations: (result: CatalogResult) => Object.entries(result.aggregations).map(([name, aggregation]) => ({ name, buckets: aggregation.buckets })),
  [CATALOG_GRAPHQL_JSON_FIELD]: (result: CatalogResult) => result,
};

/** Resolvers of the result types; their other fields are the result's own. */
export const RESULT_RESOLVERS = Object.fromEntries([...new Set(Object.values(ITEM_TYPE))].map((item) => [`${item}SearchResult`, resultResolvers]));
