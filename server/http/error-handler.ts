import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error';
import { envelope, sendEnvelope } from './envelope';

/** Fastify's own client errors, reworded so a shopper's app or a developer can tell what to fix. */
const FRAMEWORK_MESSAGES: Record<string, (error: FastifyError) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'body: malformed JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'body: a JSON request body is required',
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'body: request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'body: unsupported content type, send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'body: content length does not match the body',
  FST_ERR_BAD_URL: () => 'url: malformed',
};

/** Every error becomes the `{code, result}` envelope; only real faults are 5xx, and those are logged. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendEnvelope(reply, envelope(error.message, error.code, error.meta));
    const framework = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (framework) return sendEnvelope(reply, envelope(framework(error), status >= 400 && status < 500 ? status : 400));
    if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
      return sendEnvelope(reply, envelope('body: malformed JSON', 400));
    }
    if (status >= 400 && status < 500) return sendEnvelope(reply, envelope(error.message, status));
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, envelope('Internal Server Error 500', 500));
  });
}
