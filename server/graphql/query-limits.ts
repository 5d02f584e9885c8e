import type { DocumentNode, GraphQLSchema } from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { MAX_PAGE_SIZE, type CatalogQueryType } from '../../schemas/catalog-query';
import { DEFAULT_AGGREGATION_SIZE } from '../../src/domain/catalog-query/aggregations';
import { DEFAULT_PAGE_SIZE } from '../../src/domain/catalog-query/run-query';
import { SEARCH_TYPE_OF_FIELD } from './catalog-schema';
import { ENTITY_SDL } from './entity-sdl';
import { refusedQuery } from './graphql-errors';
import { graphqlJs } from './graphql-js';
import { PRODUCT_SDL } from './product-sdl';

/**
 * What one GraphQL request may ask of the process, so a hostile query is refused quickly instead of
 * stalling it. A storefront query is a few hundred bytes, some 100 tokens, depth 2 and costs about 70.
 */
export const GRAPHQL_LIMITS = {
  /** Request body: a query with a 500-SKU filter is about 12 kB. */
  bodyBytes: 64 * 1024,
  /**
   * Tokens of the query text, checked while parsing: bounds every later step. The standard
   * introspection query has 163; a query naming 500 SKUs inline, about 520.
   */
  maxTokens: 2000,
  /**
   * Fields written in the query (each fragment once): the introspection query has 67. graphql-js'
   * field-merging rule compares every pair of fields with one response name, so 450 of them held
   * the process for over half a second.
   */
  fields: 200,
  /**
   * Fragment definitions: the standard introspection query has 3. graphql-js' field-merging rule
   * takes about 1 ms per fragment of a long chain: a cycle of 300 held the process for 0.6 s.
   */
  fragments: 20,
  /** Selection depth, as mercurius counts it: a search is 2; the standard introspection query of GraphQL tools is 15. */
  depth: 15,
  /**
   * Cost (below). The largest single page POST /api/catalog gives, 500 whole products (1.1 MB of
   * JSON, about 230 ms to compute and send), costs 515 as `json`; 100 products with every typed
   * field about 560, and 500 products each listing its specification table 60 times over (1.3 s,
   * 8.6 MB) 2600: one request may ask about as much as the largest page.
   */
  cost: 600,
  /** Parsed and validated query texts kept (mercurius keeps as many refused ones apart). */
  parsedQueries: 128,
} as const;

/**
 * What a document of each type weighs in a reply: products and CMS documents are whole pages of
 * data (a product is about 2 kB of JSON); a category, attribute or tax rule is a tenth of that.
 */
const ITEM_COST: Readonly<Record<CatalogQueryType, number>> = {
  product: 1,
  cms_page: 1,
  cms_block: 1,
  cms_hierarchy: 0.1,
  category: 0.1,
  attribute: 0.1,
  taxrule: 0.1,
};
const SEARCH_COST = 10;
const TEXT_COST = 10;
/** Typed fields selected of each document, counted over its page: this many cost 1 per document. */
const FIELDS_PER_COST = 100;
/**
 * A list inside a document is counted as this long: the demo catalogue's products have 2 images,
 * 2 category links, 3 tier prices and 7 specification rows; a list in a list counts 9.
 */
const LIST_LENGTH = 3;

/** The object types of the documents and their parts (Product, Stock, Category, ...). */
const DOCUMENT_TYPES: ReadonlySet<string> = new Set(
  graphqlJs
    .parse(PRODUCT_SDL + ENTITY_SDL)
    .definitions.filter((definition) => definition.kind === graphqlJs.Kind.OBJECT_TYPE_DEFINITION)
    .map((definition) => definition.name.value),
);

/** How many documents of a type the catalogue holds: no page is larger (4000 categories asked of 100 are 100). */
export type DocumentCount = (type: CatalogQueryType) => number;

interface CostContext {
  documentCount?: DocumentCount;
}

interface SearchArgs {
  size?: unknown;
  searchQuery?: { _searchText?: unknown; _availableFilters?: { options?: { size?: unknown } | null }[] | null } | null;
}

const positive = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);

/**
 * A search field costs 10, 10 more with text, its page's documents by their weight, 1 per 10
 * buckets of each facet, and what it selects once per document of its page (100 fields to 1), as
 * each typed field is resolved for every document. Aliases and fragments count every time they are
 * used, and sizes given in variables count as given.
 */
const searchEstimator: ComplexityEstimator = ({ type: parent, field, args, childComplexity, context }) => {
  const type = parent.name === 'Query' ? SEARCH_TYPE_OF_FIELD.get(field.name) : undefined;
  if (!type) return undefined;
  const { size, searchQuery } = args as SearchArgs;
  const stored = (context as CostContext | undefined)?.documentCount?.(type) ?? Infinity;
  const page = Math.min(positive(size, DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE[type], stored);
  const text = typeof searchQuery?._searchText === 'string' && searchQuery._searchText.trim() !== '' ? TEXT_COST : 0;
  const facets = (searchQuery?._availableFilters ?? []).reduce((sum, facet) => sum + Math.ceil(Math.min(positive(facet.options?.size, DEFAULT_AGGREGATION_SIZE), 999) / 10), 0);
  return SEARCH_COST + text + Math.ceil(page * ITEM_COST[type]) + facets + Math.ceil((page * childComplexity) / FIELDS_PER_COST);
};

/** A list field of a document counts what it selects LIST_LENGTH times; any other field (introspection included) 1 and what it selects. */
const documentListEstimator: ComplexityEstimator = ({ type: parent, field, childComplexity }) => {
  if (!DOCUMENT_TYPES.has(parent.name) || !graphqlJs.isListType(graphqlJs.getNullableType(field.type))) return undefined;
  return 1 + childComplexity * LIST_LENGTH;
};

const ESTIMATORS = [searchEstimator, documentListEstimator, simpleEstimator({ defaultComplexity: 1 })];

/** The cost of a query (above); throws when a variable does not fit the schema. */
export const queryCost = (schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, documentCount?: DocumentCount): number =>
  getComplexity({ schema, query: document, variables: variables ?? {}, estimators: ESTIMATORS, context: { documentCount } satisfies CostContext });

/**
 * Refuses a query over the cost limit (a mercurius preExecution hook: after parsing, validation and
 * the depth check, with the variables, before any resolver runs).
 */
export function checkQueryCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, documentCount?: DocumentCount): void {
  let cost: number;
  try {
    cost = queryCost(schema, document, variables, documentCount);
  } catch (error) {
    throw refusedQuery(error instanceof Error ? error.message : String(error));
  }
  if (cost > GRAPHQL_LIMITS.cost) {
    throw refusedQuery(`Query is too costly: ${cost}, the limit is ${GRAPHQL_LIMITS.cost} (a search costs 10, 10 more with text, 1 per product or CMS document of its page (1 per 10 other documents), 1 per 10 facet buckets, and 1 per 100 fields selected of each document of its page, a list in a document counted as 3 entries)`, 'QUERY_TOO_COSTLY');
  }
}

/**
 * Runs before validation (a mercurius preValidation hook). Only query text is taken: mercurius would
 * also take a JSON syntax tree in place of the text, which skips the token limit and can be any
 * malformed tree (graphql-js would then fail on it), so a document the parser did not make is
 * refused. Then a document with more fragments or fields than the limits, before the costly rules.
 */
export function checkDocument(document: unknown): void {
  const parsed = document as DocumentNode | null;
  if (parsed?.kind !== graphqlJs.Kind.DOCUMENT || !(parsed.loc instanceof graphqlJs.Location)) throw refusedQuery('query: must be GraphQL query text');
  const fragments = parsed.definitions.filter((definition) => definition.kind === graphqlJs.Kind.FRAGMENT_DEFINITION).length;
  if (fragments > GRAPHQL_LIMITS.fragments) throw refusedQuery(`Query has ${fragments} fragments, the limit is ${GRAPHQL_LIMITS.fragments}`, 'TOO_MANY_FRAGMENTS');
  let fields = 0;
  graphqlJs.visit(parsed, { Field: () => void fields++ });
  if (fields > GRAPHQL_LIMITS.fields) throw refusedQuery(`Query has ${fields} fields, the limit is ${GRAPHQL_LIMITS.fields}`, 'TOO_MANY_FIELDS');
}
