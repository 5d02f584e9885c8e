import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import * as v from 'valibot';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { envelope, sendEnvelope } from '../http/envelope';
import { registerOperation } from '../http/openapi';
import { CATALOG_SDL, catalogResolvers } from './catalog-schema';
import { formatGraphqlErrors, refusedQuery } from './graphql-errors';
import { graphqlJs } from './graphql-js';
import { GRAPHQL_LIMITS, checkDocument, checkQueryCost } from './query-limits';

export const GRAPHQL_PATH = '/graphql';
export const GRAPHQL_SCHEMA_PATH = '/graphql/schema.graphql';

const graphqlRequest = v.object({
  query: v.string(),
  operationName: v.optional(v.nullable(v.string())),
  variables: v.optional(v.nullable(v.record(v.string(), v.unknown()))),
});
const graphqlReply = {
  type: 'object',
  properties: { data: { type: ['object', 'null'] }, errors: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' }, path: { type: 'array' }, extensions: { type: 'object' } } } } },
};
const NOT_THE_ENVELOPE =
  "The reply is GraphQL's own {data, errors}, not the {code, result} envelope; a refused query is a 4xx with data null and the reasons in errors " +
  `(limits: ${GRAPHQL_LIMITS.bodyBytes / 1024} kB body, ${GRAPHQL_LIMITS.maxTokens} tokens, ${GRAPHQL_LIMITS.fields} fields, ${GRAPHQL_LIMITS.fragments} fragments, depth ${GRAPHQL_LIMITS.depth}, cost ${GRAPHQL_LIMITS.cost}).`;

function documentEndpoints(): void {
  const summary = 'Catalogue search through GraphQL: products, categories, attributes, tax rules, CMS pages and blocks, with the arguments and results of POST /api/catalog.';
  registerOperation({ method: 'POST', url: GRAPHQL_PATH, summary: `${summary} ${NOT_THE_ENVELOPE}`, tags: ['catalog', 'graphql'], body: graphqlRequest, result: graphqlReply, rawReply: 'application/json' });
  registerOperation({
    method: 'GET',
    url: GRAPHQL_PATH,
    summary: `${summary} The query, operationName and variables (JSON text) in the query string; queries only. ${NOT_THE_ENVELOPE}`,
    tags: ['catalog', 'graphql'],
    query: v.object({ query: v.string(), operationName: v.optional(v.string()), variables: v.optional(v.string()) }),
    result: graphqlReply,
    rawReply: 'application/json',
  });
  registerOperation({ method: 'GET', url: GRAPHQL_SCHEMA_PATH, summary: 'The schema of /graphql in the GraphQL schema language', tags: ['catalog', 'graphql'], rawReply: 'text/plain' });
}

/**
 * mercurius reads the operation of a GET request without checking there is one, so a GET whose
 * operationName names none (or with several operations and no name) failed inside it as a 500
 * (found by the GraphQL fuzz suite): refused here first, with graphql-js' own wording.
 */
async function checkGetOperation(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET') return;
  const { query, operationName } = request.query as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return;
  let document;
  try {
    document = graphqlJs.parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch {
    return; // mercurius reports the syntax error
  }
  const name = typeof operationName === 'string' ? operationName : undefined;
  if (graphqlJs.getOperationAST(document, name)) return;
  const operations = document.definitions.filter((d) => d.kind === graphqlJs.Kind.OPERATION_DEFINITION).length;
  throw refusedQuery(name !== undefined ? `Unknown operation named "${name}".` : operations === 0 ? 'Must provide an operation.' : 'Must provide operation name if query contains multiple operations.');
}

/**
 * Counts the request before its body is read. The 429 is sent from here, as the route's scope answers
 * errors in GraphQL's shape and a refusal to try later is the shop's envelope, with Retry-After.
 */
async function limitGraphql(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  try {
    await request.server.shopLimits.enforce(request, 'graphql');
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 429) throw error;
    const seconds = Number(error.meta?.retryAfterSeconds);
    reply.header('retry-after', String(seconds));
    await request.server.refusalHold.wait(seconds);
    return sendEnvelope(reply, envelope(error.message, 429, error.meta));
  }
}

/**
 * `/graphql` (SPEC §7: "Search can also go through a GraphQL endpoint"): mercurius over graphql-js,
 * the catalogue's own engine behind every field. In a scope of its own, so mercurius' decorations,
 * content type parser and error handler stay off the /api routes (which keep the envelope).
 */
export async function registerGraphqlRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  documentEndpoints();
  await app.register(async (scope) => {
    await scope.register(mercurius, {
      schema: CATALOG_SDL,
      resolvers: catalogResolvers(ctx.catalog),
      path: GRAPHQL_PATH,
      graphiql: false,
      queryDepth: GRAPHQL_LIMITS.depth,
      cache: GRAPHQL_LIMITS.parsedQueries,
      graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens } },
      errorFormatter: formatGraphqlErrors,
      additionalRouteOptions: { bodyLimit: GRAPHQL_LIMITS.bodyBytes, onRequest: limitGraphql, preHandler: checkGetOperation },
    });
    scope.graphql.addHook('preValidation', (_schema, document) => {
      checkDocument(document);
    });
    scope.graphql.addHook('preExecution', (schema, document, _context, variables) => {
      checkQueryCost(schema, document, variables, (type) => ctx.catalog.indexFor(type).count);
    });
    const sdl = graphqlJs.printSchema(scope.graphql.schema);
    scope.get(GRAPHQL_SCHEMA_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(sdl));
  });
}
