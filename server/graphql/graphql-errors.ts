import type { FastifyBaseLogger } from 'fastify';
import type { ExecutionResult, GraphQLError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { ApiError } from '../http/api-error';
import { graphqlJs } from './graphql-js';

// mercurius is CommonJS: its helpers are properties of the default export, not named ESM exports.
const { ErrorWithProps, defaultErrorFormatter } = mercurius;

/** A query the server will not run: a 400 whose GraphQL error carries `extensions.code`. */
export const refusedQuery = (message: string, code = 'BAD_USER_INPUT') => new ErrorWithProps(message, { code }, 400);

const INTERNAL = 'Internal Server Error 500';

/** The HTTP status an error asks for: mercurius' `statusCode`, an `ApiError`'s code (the JSON body checks), or none. */
function statusOf(error: GraphQLError): number | undefined {
  const original: (Error & { statusCode?: unknown }) | undefined = error.originalError;
  if (original instanceof ApiError) return original.code;
  return typeof original?.statusCode === 'number' ? original.statusCode : undefined;
}

/**
 * A fault of ours rather than of the request: an error thrown with no status or a 5xx. GraphQL's own
 * refusals (syntax, validation, variables) have no original error; mercurius' and Fastify's carry a 4xx.
 */
function isFault(error: GraphQLError): boolean {
  if (!error.originalError) return false;
  const status = statusOf(error);
  return status === undefined || status >= 500;
}

/**
 * The reply is GraphQL's own `{data, errors}` (not the `{code, result}` envelope). A request that
 * produced no data is a 4xx: the status its error names, else 400 (a query or variables that do not
 * fit the schema). A fault of ours is logged, its message hidden, and a 500 when nothing was answered.
 */
export function formatGraphqlErrors(execution: ExecutionResult & { errors: readonly GraphQLError[] }, context: MercuriusContext) {
  const log: FastifyBaseLogger = context.reply?.log ?? context.app.log;
  const faults = execution.errors.filter(isFault);
  for (const fault of faults) log.error({ err: fault.originalError }, 'graphql resolver failed');
  const errors = execution.errors.map((error) => (isFault(error) ? new graphqlJs.GraphQLError(INTERNAL, { nodes: error.nodes ?? null, path: error.path ?? null }) : error));
  const { response } = defaultErrorFormatter({ ...execution, errors }, context);
  if (execution.data) return { statusCode: 200, response };
  if (faults.length > 0) return { statusCode: 500, response };
  const requested = execution.errors.map(statusOf).find((status) => status !== undefined && status >= 400 && status < 500);
  return { statusCode: requested ?? 400, response };
}
