import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A client's own id is kept when it could not smuggle anything into a log line or a header: short,
 * and only characters that need no quoting. Anything else is replaced, not refused: the id is for
 * following a request, and a request is never turned away over it.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export const isRequestId = (value: unknown): value is string => typeof value === 'string' && WELL_FORMED.test(value);

export function requestIdFrom(given: string | string[] | undefined, make: () => string = randomUUID): string {
  return isRequestId(given) ? given : make();
}

/**
 * Fastify's own header option would take any value a client sends; the id is chosen here instead, and
 * Fastify puts it in every log line of the request (`reqId`).
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request: IncomingMessage) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
} as const;

const current = new AsyncLocalStorage<string>();

/**
 * The id of the request whose handler is running, or undefined outside one. The webhook outbox and the
 * mail outbox store it with what they write, without every route passing it down.
 */
export const currentRequestId = (): string | undefined => current.getStore();

/** The reply header on every reply, and the id visible to the handler's work. */
export function installRequestIds(app: FastifyInstance): void {
  // On the raw response, so a hijacked reply (the change stream) carries it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Replies made before the hook above ran (a refusal by an earlier onRequest hook, a 404) get it here.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
  // Entered after the body is read: the handler runs from here, inside the request's context (the
  // body's stream events would have lost one entered earlier).
  app.addHook('preHandler', (request, _reply, done) => current.run(request.id, done));
}
