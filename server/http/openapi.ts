import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

interface OperationSpec {
  method: string;
  url: string;
  summary: string;
  tags: string[];
  body?: v.GenericSchema | undefined;
  query?: v.GenericSchema | undefined;
  params?: v.GenericSchema | undefined;
  /** `admin`: the shop owner's admin token (owner-only.ts), never a customer's. */
  auth?: 'required' | 'optional' | 'admin';
  result?: Record<string, unknown>;
  /** Honours the Idempotency-Key header (state-changing routes without an idempotency of their own). */
  idempotencyKey?: boolean;
  /** Reads the X-Device-Id header (the cart's writes: device-id.ts). */
  deviceId?: boolean;
  /** Replies that are not the JSON envelope: a media type such as `image/webp`, or `application/json` for plain JSON. */
  rawReply?: string;
}

const operations: OperationSpec[] = [];

/** Called by `defineRoute` (and by routes that stream) so the document lists every endpoint. */
export function registerOperation(spec: OperationSpec): void {
  if (!operations.some((o) => o.method === spec.method && o.url === spec.url)) operations.push(spec);
}

function jsonSchema(schema: v.GenericSchema): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return rest;
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): 1 to 255 printable ASCII characters, as a bare value or a quoted string. ' +
    'The first request with a key runs and its reply (2xx, or 4xx other than 401, 408, 425 and 429) is kept for 24 hours per customer (or per key for guests); a retry of the same request gets that reply ' +
    'again with `Idempotent-Replayed: true`. The same key on a different request is 422; while the first is still running a retry gets 409 with ' +
    "`meta.idempotency: 'in-progress'` and `Retry-After: 1`. A 5xx is not kept: the retry runs again.",
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const DEVICE_ID_PARAMETER = {
  name: 'X-Device-Id',
  in: 'header',
  required: false,
  description:
    "The browser database that makes the change (an order's `device_id`): 1 to 64 letters, digits, - or _. An order taking what its device put in the cart " +
    "counts another device's set or removal of the line since as overwriting it, and not its own device's. Malformed: 400.",
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
};

function parameters(schema: v.GenericSchema | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const s = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * Any route can answer 429: the connections one address holds are capped for all of them, and the
 * routes of server/limits/limit-table.ts count requests. Not a refusal of what was asked: try again later.
 */
const TOO_MANY_REQUESTS = {
  description: 'Too many requests or connections from this client: nothing was done; ask again after `Retry-After` seconds',
  headers: { 'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer', minimum: 1 } } },
  content: { 'application/json': { schema: envelopeSchema({ type: 'string' }) } },
};

export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const path = op.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      summary: op.summary,
      tags: op.tags,
      security: op.auth === 'admin' ? [{ adminToken: [] }] : op.auth === 'required' ? [{ bearer: [] }] : [{}, { bearer: [] }],
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query'), ...(op.idempotencyKey ? [IDEMPOTENCY_KEY_PARAMETER] : []), ...(op.deviceId ? [DEVICE_ID_PARAMETER] : [])],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } } : {}),
      responses: {
        '200': op.rawReply
          ? { description: 'Success', content: { [op.rawReply]: { schema: op.result ?? (op.rawReply.startsWith('image/') ? { type: 'string', format: 'binary' } : { type: 'object' }) } } }
          : { description: 'Success', content: { 'application/json': { schema: envelopeSchema(op.result ?? {}) } } },
        '4XX': { description: 'Bad input or not allowed; `result` says why', content: { 'application/json': { schema: envelopeSchema({ type: 'string' }) } } },
        '429': TOO_MANY_REQUESTS,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Fixings shop API', version, description: 'Every reply is `{code, result, meta?}` with the HTTP status equal to `code`.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Access token from /api/user/login (also accepted as the `token` query parameter).' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'Admin token from `npm run admin:token -- --name NAME` (also accepted in the `x-admin-token` header).' },
      },
    },
    paths,
  };
}

function envelopeSchema(result: Record<string, unknown>) {
  return { type: 'object', required: ['code', 'result'], properties: { code: { type: 'integer' }, result, meta: { type: 'object' } } };
}
