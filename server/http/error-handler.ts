import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import { envelope, sendEnvelope } from './envelope';
import { drainRefusedBody, isDrainingRefusedBody } from './refused-body';
import { RefusalHold } from '../limits/refusal-hold';

/** Fastify's own client errors, reworded so a shopper's app or a developer can tell what to fix. */
const FRAMEWORK_MESSAGES: Record<string, (error: FastifyError) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'body: malformed JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'body: a JSON request body is required',
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'body: request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'body: unsupported content type, send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'body: content length does not match the body',
  FST_ERR_BAD_URL: () => 'url: malformed',
  FST_ERR_MAX_PARAM_LENGTH: () => 'url: a path segment is too long',
};

/** Fastify's router errors (a malformed escape, a path segment over maxParamLength) as envelopes. */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void sendEnvelope(reply, envelope(FRAMEWORK_MESSAGES[error.code]?.(error) ?? 'url: malformed', status));
}

/** Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 kB, broken framing). */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // This connection already has its answer (a refused body being discarded): only end it.
  if (isDrainingRefusedBody(socket)) return void socket.destroy();
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'url: the request line and headers are too large'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'request: timed out'] : [400, 'request: malformed HTTP'];
  const body = JSON.stringify({ code: status, result: message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** A 429 without a figure of its own (none today) still tells the client to wait, not to retry at once. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

function retryAfterSeconds(meta: Record<string, unknown> | undefined): number {
  const seconds = meta?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Holds each 429 a moment before it is sent (server/limits/refusal-hold.ts). */
    refusalHold: RefusalHold;
  }
}

/** Every error becomes the `{code, result}` envelope; only real faults are 5xx, and those are logged. */
export function installErrorHandler(app: FastifyInstance, refusalHoldMs: number): void {
  const hold = new RefusalHold(refusalHoldMs);
  app.decorate('refusalHold', hold);
  app.setErrorHandler(async (error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.code === 429) {
        // Every 429 says how long to wait: the limits put the window's remaining seconds in meta.
        const seconds = retryAfterSeconds(error.meta);
        reply.header('retry-after', String(seconds));
        await hold.wait(seconds);
      }
      return sendEnvelope(reply, envelope(error.message, error.code, error.meta));
    }
    const framework = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    const status = error.statusCode ?? 500;
    drainRefusedBody(request, reply);
    if (framework) return sendEnvelope(reply, envelope(framework(error), status >= 400 && status < 500 ? status : 400));
    if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
      return sendEnvelope(reply, envelope('body: malformed JSON', 400));
    }
    if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    if (status >= 400 && status < 500) return sendEnvelope(reply, envelope(error.message, status));
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, envelope('Internal Server Error 500', 500));
  });
}
