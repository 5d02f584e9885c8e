import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type * as v from 'valibot';
import { parseWith } from '../../schemas/parse';
import { authenticate, type AuthClaims } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { MemoryLimitName } from '../limits/limit-table';
import { ApiError, unauthorized } from './api-error';
import { envelope, isEnvelope, sendEnvelope } from './envelope';
import { honoursIdempotencyKey, idempotencyKeyOf, keyScope } from './idempotency-key';
import { deviceIdOf } from './device-id';
import { registerOperation } from './openapi';
import { runOnce, type SecretReplay } from './run-once';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Schema = v.GenericSchema;
type Out<S> = S extends Schema ? v.InferOutput<S> : undefined;

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The caller's verified access token, or null for a guest. */
  auth: AuthClaims | null;
  /** The browser database the caller names (X-Device-Id), on a route that reads it; else null. */
  deviceId: string | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<BS, QS, PS> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  body?: BS;
  query?: QS;
  params?: PS;
  /**
   * `required`: 401 without a valid token; `optional`: guests allowed. Default `optional`. `admin`: the
   * shop owner's token, checked by an `ownerOnly` hook, so no customer token is read; every route
   * under /api/admin/ is one.
   */
  auth?: 'required' | 'optional' | 'admin';
  /** Description of the reply `result` for the OpenAPI document. */
  result?: Record<string, unknown>;
  bodyLimit?: number;
  /**
   * The request limit of server/limits/limit-table.ts this route counts against (per address, or per
   * account for a signed-in caller where the table says so), or a choice by caller (undefined: none).
   * Counted after the input and token checks, before the handler's work.
   */
  limit?: MemoryLimitName | ((auth: AuthClaims | null) => MemoryLimitName | undefined);
  /** For a route whose success shows a secret once: what a retry with the same Idempotency-Key gets instead (run-once.ts). */
  secretReplay?: SecretReplay;
  /** Reads the X-Device-Id header into the handler's `deviceId` (device-id.ts; 400 when malformed). */
  deviceId?: boolean;
  /** Compression other than the app's (server/app.ts), for a route whose replies are large (`@fastify/compress` route options). */
  compress?: RouteOptions['compress'];
  /** Returns an `Envelope`, or a plain result that is sent with code 200. */
  handler: (input: RouteInput<Out<BS>, Out<QS>, Out<PS>>) => Promise<unknown>;
}

/**
 * Declares one /api endpoint: the shared valibot schemas validate body, query and params
 * (a clear 400 otherwise), the token is checked, and the OpenAPI document learns about it.
 * A handler returns an `Envelope`, a plain result (sent as code 200), or throws `ApiError`.
 * A state-changing route with an `Idempotency-Key` header runs once per key (run-once.ts).
 */
export function defineRoute<BS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, PS extends Schema | undefined = undefined>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<BS, QS, PS>,
): void {
  const keyed = honoursIdempotencyKey(spec.method, spec.url);
  const ownerRoute = spec.auth === 'admin' || spec.url.startsWith('/api/admin/');
  registerOperation({ ...spec, auth: ownerRoute ? 'admin' : spec.auth, idempotencyKey: keyed });
  app.route({
    method: spec.method,
    url: spec.url,
    bodyLimit: spec.bodyLimit,
    ...(spec.compress !== undefined ? { compress: spec.compress } : {}),
    handler: async (request, reply) => {
      const key = keyed ? idempotencyKeyOf(request) : undefined;
      const params = validate(spec.params, request.params, 'params');
      const query = validate(spec.query, request.query ?? {}, 'query');
      const body = spec.body ? validate(spec.body, request.body, 'body') : undefined;
      const deviceId = spec.deviceId ? deviceIdOf(request) : null;
      const auth = ownerRoute ? null : await authenticate(ctx, request);
      if (spec.auth === 'required' && !auth) throw unauthorized();
      const limit = typeof spec.limit === 'function' ? spec.limit(auth) : spec.limit;
      if (limit) await app.shopLimits.enforce(request, limit, auth);
      const execute = async () => {
        const output = await spec.handler({ body, query, params, auth, deviceId, request, reply } as RouteInput<Out<BS>, Out<QS>, Out<PS>>);
        return reply.sent ? null : isEnvelope(output) ? output : envelope(output);
      };
      // Bad input and a missing or stale token are answered above, before a key is claimed.
      const outcome = key === undefined ? await execute() : await runOnce(ctx.db, reply, keyScope(request, key, auth), execute, spec.secretReplay);
      return outcome ? sendEnvelope(reply, outcome) : reply;
    },
  });
}

function validate(schema: Schema | undefined, input: unknown, where: string): unknown {
  if (!schema) return input;
  if (where === 'body' && input === undefined) throw new ApiError(400, 'body: a JSON request body is required');
  const badText = unstorableTextAt(input, where);
  if (badText) throw new ApiError(400, `${badText}: must not contain NUL or unpaired surrogate characters`);
  const result = parseWith(schema, input, where);
  if (!result.ok) throw new ApiError(400, result.message);
  return result.value;
}

// PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses unpaired surrogates: such input is
// refused here, naming the field, instead of failing in the database as a 500.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Whether any string (value or key) cannot be stored: the same walk as `unstorableTextAt` without
 * making a path for every value (the usual body has none, and the walk runs on every request).
 */
function hasUnstorableText(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (unstorable(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      if (Array.isArray(value)) {
        for (const item of value) stack.push(item);
        continue;
      }
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        if (unstorable(key)) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The path of the first string (value or key) that cannot be stored; iterative, so deep input cannot overflow the stack. */
export function unstorableTextAt(input: unknown, root: string): string | undefined {
  if (!hasUnstorableText(input)) return undefined;
  const stack: [unknown, string][] = [[input, root]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) return path;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
