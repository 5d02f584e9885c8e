/**
 * Every endpoint the server documents in `/api/openapi.json`, with the JSON schemas of its path
 * params, query and body. Suites that must cover "every endpoint" read this list, so an endpoint
 * added later is covered without touching them.
 */
export type JsonSchema = Record<string, unknown>;

export interface EndpointParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path template, e.g. `/api/ext/blog/single/{id}`. */
  path: string;
  summary: string;
  tags: string[];
  /** `required`: the endpoint needs an access token; `optional`: guests are served too. */
  auth: 'required' | 'optional';
  pathParams: EndpointParam[];
  /** Query parameters, without the `token` and `storeCode` every endpoint accepts. */
  query: EndpointParam[];
  /** The request body schema, with `$defs` kept beside it for `$ref`s. */
  body: JsonSchema | undefined;
  /** The media type of a success that is not the `{code, result}` envelope (images, the OpenAPI document). */
  rawReply: string | undefined;
}

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const SHARED_QUERY = new Set(['token', 'storeCode']);

function rawReplyOf(op: Operation): string | undefined {
  const content = op.responses?.['200']?.content ?? {};
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!type) return undefined;
  if (type !== 'application/json') return type;
  const schema = media?.schema as { required?: string[] } | undefined;
  return schema?.required?.includes('code') && schema.required.includes('result') ? undefined : type;
}

/** Parses an OpenAPI 3 document into the endpoint list (pure, so it can be tested without a server). */
export function endpointsFromDocument(doc: { paths?: Record<string, Record<string, Operation>> }): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = operations[method];
      if (!op) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where && !(where === 'query' && SHARED_QUERY.has(p.name)))
          .filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i)
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} }));
      const needsToken = (op.security ?? []).length > 0 && (op.security ?? []).every((s) => Object.keys(s).length > 0);
      endpoints.push({
        method: method.toUpperCase() as Endpoint['method'],
        path,
        summary: op.summary ?? '',
        tags: op.tags ?? [],
        auth: needsToken ? 'required' : 'optional',
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        rawReply: rawReplyOf(op),
      });
    }
  }
  return endpoints;
}

/** Reads the running server's OpenAPI document and lists its endpoints. */
export async function listEndpoints(baseUrl: string): Promise<Endpoint[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  return endpointsFromDocument((await response.json()) as Parameters<typeof endpointsFromDocument>[0]);
}

