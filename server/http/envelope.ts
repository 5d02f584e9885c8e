import type { FastifyReply } from 'fastify';

/** Every /api reply: `{code, result, meta?}` with the HTTP status equal to `code`. */
export interface Envelope<T = unknown> {
  code: number;
  result: T;
  meta?: Record<string, unknown>;
}

// Marks replies made by `envelope()`, so a handler's plain result that happens to have
// `code` and `result` keys is never mistaken for one. Symbols do not reach the JSON.
const ENVELOPE = Symbol('envelope');

export function envelope<T>(result: T, code = 200, meta?: Record<string, unknown>): Envelope<T> {
  const body = meta ? { code, result, meta } : { code, result };
  Object.defineProperty(body, ENVELOPE, { value: true });
  return body;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && ENVELOPE in value;
}

export function sendEnvelope(reply: FastifyReply, body: Envelope): FastifyReply {
  return reply.code(body.code).header('cache-control', 'no-store').send(body);
}
