/**
 * A GraphQL client of the shop: one query of `/graphql` and the TypeScript types of its variables
 * and reply, as a client project generates them from the shop's schema (server/graphql/schema.graphql,
 * also served at GET /graphql/schema.graphql).
 *
 * Written by hand from that schema, in the shape @graphql-codegen's `typescript` and
 * `typescript-operations` plugins give them, with `scalars: { JSON: 'unknown', FieldValue: 'string |
 * number | boolean' }`: the shop has no code generator among its dependencies. A client project
 * generates its own, e.g. with a codegen.ts of
 *   { schema: 'https://shop.example/graphql/schema.graphql', documents: 'src/queries.ts',
 *     generates: { 'src/gql.ts': { plugins: ['typescript', 'typescript-operations'], config: { scalars } } } }
 * The shop's checks keep this example true: the unit tests validate the query against the committed
 * schema, and an integration test sends it to a running shop.
 */

export type Exact<T extends Record<string, unknown>> = { [K in keyof T]: T[K] };

/** Scalars of the schema: JSON is any JSON value, FieldValue a facet bucket's key. */
export interface Scalars {
  String: string;
  Boolean: boolean;
  Int: number;
  Float: number;
  JSON: unknown;
  FieldValue: string | number | boolean;
}

export type FilterScope = 'default' | 'catalog';
export type SortDirection = 'asc' | 'desc';

export interface AppliedFilter {
  attribute: Scalars['String'];
  /** Any JSON value, null included. */
  value?: Scalars['JSON'];
  scope?: FilterScope | null;
}

export interface AvailableFilter {
  field: Scalars['String'];
  scope?: FilterScope | null;
  options?: { size?: Scalars['Int'] | null } | null;
}

export interface AppliedSort {
  field: Scalars['String'];
  options: SortDirection;
}

export interface SearchQuery {
  _searchText?: Scalars['String'] | null;
  _appliedFilters?: AppliedFilter[] | null;
  _availableFilters?: AvailableFilter[] | null;
  _appliedSort?: AppliedSort[] | null;
}

/** A category page: a page of products with what a product tile shows, and the facet counts. */
export const ProductListingDocument = /* GraphQL */ `
  query ProductListing($searchQuery: SearchQuery, $size: Int, $from: Int) {
    products(searchQuery: $searchQuery, size: $size, from: $from) {
      total
      perPage
      items {
        sku
        name
        url_path
        image
        final_price
        special_price
        sell_unit_description
        stock {
          qty
          is_in_stock
        }
        attribute_values {
          attribute_code
          value
        }
      }
      aggregations {
        name
        buckets {
          key
          doc_count
          from
          to
        }
      }
    }
  }
`;

export type ProductListingQueryVariables = Exact<{
  searchQuery?: SearchQuery | null;
  size?: Scalars['Int'] | null;
  from?: Scalars['Int'] | null;
}>;

export interface ProductListingQuery {
  __typename?: 'Query';
  products: {
    __typename?: 'ProductSearchResult';
    total: Scalars['Int'];
    perPage: Scalars['Int'];
    items: Array<{
      __typename?: 'Product';
      sku?: Scalars['String'] | null;
      name?: Scalars['String'] | null;
      url_path?: Scalars['String'] | null;
      image?: Scalars['String'] | null;
      final_price?: Scalars['Float'] | null;
      special_price?: Scalars['Float'] | null;
      sell_unit_description?: Scalars['String'] | null;
      stock?: { __typename?: 'Stock'; qty?: Scalars['Float'] | null; is_in_stock?: Scalars['Boolean'] | null } | null;
      attribute_values: Array<{ __typename?: 'AttributeValue'; attribute_code: Scalars['String']; value?: Scalars['JSON'] }>;
    }>;
    aggregations: Array<{
      __typename?: 'Aggregation';
      name: Scalars['String'];
      buckets: Array<{ __typename?: 'AggregationBucket'; key: Scalars['FieldValue']; doc_count: Scalars['Int']; from?: Scalars['Float'] | null; to?: Scalars['Float'] | null }>;
    }>;
  };
}

/** Sends the query; a reply with errors (a refused query is a 4xx with them) throws the first one's message. */
export async function fetchProductListing(shopUrl: string, variables: ProductListingQueryVariables): Promise<ProductListingQuery> {
  const response = await fetch(new URL('/graphql', shopUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: ProductListingDocument, operationName: 'ProductListing', variables }),
  });
  const reply = (await response.json()) as { data?: ProductListingQuery | null; errors?: { message: string }[] };
  if (reply.errors?.length) throw new Error(reply.errors[0]!.message);
  if (!reply.data) throw new Error(`No data in the reply (HTTP ${response.status})`);
  return reply.data;
}
