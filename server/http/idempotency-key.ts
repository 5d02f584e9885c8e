import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { stableJson } from '../../src/domain/cart/item-checksum';
import type { AuthClaims } from '../auth/authenticate';
import { ApiError } from './api-error';
import type { KeyScope } from './idempotency-store';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key: must be 1 to 255 printable ASCII characters',
  otherRequest: 'Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed; retry in a moment',
} as const;

/**
 * State-changing routes that ignore the header, and why. Every other POST, PUT, PATCH and DELETE
 * honours it, so a route added later is covered unless it is listed here.
 */
const NOT_COVERED: Record<string, string> = {
  'POST /api/order': 'order_id is its idempotency key',
  'POST /api/order/:orderId/withdraw': 'the order_id in its path is its idempotency key: asked again, the same answer',
  'POST /api/user/refresh': 'requestId is its idempotency key; the reply carries tokens',
  'POST /api/user/login': 'the reply carries tokens',
  'POST /api/user/reset-password': 'a password route: its effect is a mail with a secret link',
  'POST /api/user/create-password': 'a password route: the body carries the reset token',
  'POST /api/user/change-password': 'a password route: the old access token is refused after it, so a retry could not be replayed anyway',
  'POST /api/catalog': 'a search: a read, answered as a raw reply',
  'POST /api/url': 'a read',
  'POST /api/url/map': 'a read',
  'POST /api/catalog/import': "the shop owner's upsert is idempotent itself (and up to 200 MB)",
  'POST /api/admin/tokens': 'the reply carries the new token, which is never stored in clear',
};

export function honoursIdempotencyKey(method: string, url: string): boolean {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !(`${method} ${url}` in NOT_COVERED);
}

const PRINTABLE = /^[\x20-\x7e]{1,255}$/;
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key, or undefined without the header. The draft sends it as a structured-field string
 * (`"…"` with `\"` and `\\` escapes); a bare value is taken as it is. Anything else is a 400.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  const quoted = SF_STRING.exec(value);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : value.startsWith('"') ? '' : value;
  if (!PRINTABLE.test(key)) throw new ApiError(400, IDEMPOTENCY_MESSAGES.badKey);
  return key;
}

/** Passwords never reach the table, not even inside a digest that a short password could be guessed from. */
function withoutPasswords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPasswords);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, /password/i.test(k) ? '' : withoutPasswords(v)]));
}

/**
 * Who sent it and what was asked: method, path, query (without the access token, which changes
 * when the client refreshes between retries) and body, as JSON with sorted keys.
 */
export function keyScope(request: FastifyRequest, key: string, auth: AuthClaims | null): KeyScope {
  const method = request.method;
  const path = (request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
  const { token: _token, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const canonical = stableJson({ method, path, query, body: withoutPasswords(request.body) });
  return { owner: auth ? auth.sub : 'guest', key, method, path, requestHash: createHash('sha256').update(canonical).digest('hex') };
}
