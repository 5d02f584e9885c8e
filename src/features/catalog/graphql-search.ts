import { CATALOG_GRAPHQL_ARGUMENTS, CATALOG_GRAPHQL_ARGUMENT_NAMES, CATALOG_GRAPHQL_FIELDS, CATALOG_GRAPHQL_JSON_FIELD } from '../../../schemas/catalog-graphql';
import type { CatalogQueryInput } from '../../../schemas/catalog-query';
import { MESSAGES, ResponseFormatError, replyError } from '../../../replication/api/api-errors';
import type { CatalogResult, Doc } from './catalog-api';

/** SPEC §8: the search adapter has no search for this entity type. */
export const NO_ENTITY_TYPE = 'No entity type registered';

export interface GraphqlRequestBody {
  query: string;
  operationName: 'CatalogSearch';
  variables: Record<string, unknown>;
}

const variableDefinitions = CATALOG_GRAPHQL_ARGUMENT_NAMES.map((name) => `$${name}: ${CATALOG_GRAPHQL_ARGUMENTS[name]}`).join(', ');
const argumentList = CATALOG_GRAPHQL_ARGUMENT_NAMES.map((name) => `${name}: $${name}`).join(', ');

/**
 * One query text per entity type, the query itself in the variables: the server parses each text once.
 * It selects the result as JSON, documents whole, as POST /api/catalog sends them: the storefront keeps
 * every field of a document, including attribute values no typed field names.
 */
const documentFor = (field: string) => `query CatalogSearch(${variableDefinitions}) { result: ${field}(${argumentList}) { ${CATALOG_GRAPHQL_JSON_FIELD} } }`;

/** The entity types the GraphQL adapter can search: one root field of /graphql each. */
export const GRAPHQL_ENTITY_TYPES: ReadonlySet<string> = new Set(Object.keys(CATALOG_GRAPHQL_FIELDS));

/**
 * The POST /graphql body for a catalogue query the storefront would send to POST /api/catalog: the
 * type picks the field, every other body field is a variable of the same name and shape.
 */
export function graphqlSearchBody(query: CatalogQueryInput): GraphqlRequestBody {
  const { type = 'product', ...variables } = query;
  if (!GRAPHQL_ENTITY_TYPES.has(type)) throw new Error(NO_ENTITY_TYPE);
  return { query: documentFor(CATALOG_GRAPHQL_FIELDS[type]), operationName: 'CatalogSearch', variables };
}

interface GraphqlReply<T> {
  data?: { result?: { [CATALOG_GRAPHQL_JSON_FIELD]?: CatalogResult<T> | null } | null } | null;
  errors?: { message?: unknown }[];
}

/** The search result from a `{data, errors}` reply; the first error's message otherwise, as the REST adapter reports the server's. */
export async function readGraphqlReply<T = Doc>(response: Response): Promise<CatalogResult<T>> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) throw new ResponseFormatError(MESSAGES.badContentType, response.status);
  const reply = (await response.json()) as GraphqlReply<T>;
  const message = reply.errors?.map((error) => error.message).find((text) => typeof text === 'string' && text !== '');
  if (typeof message === 'string') throw replyError(response.status, message);
  const result = reply.data?.result?.[CATALOG_GRAPHQL_JSON_FIELD];
  if (!result || !Array.isArray(result.items)) throw new ResponseFormatError(MESSAGES.wrongFormat, response.status);
  return result;
}
