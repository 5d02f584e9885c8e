import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** Deeper than any body the shop takes (the catalogue import nests about 8 levels). */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `[`/`{` in JSON text, counted outside strings; stops once past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

/**
 * JSON bodies are measured before they are parsed: nesting past MAX_JSON_DEPTH is a 400, so
 * recursive code behind (checksums, jsonb) never sees 10,000 levels. Parsing itself stays Fastify's
 * (with its prototype-poisoning checks).
 */
export type JsonBodyParser = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => void;

export function jsonBodyParser(app: FastifyInstance): JsonBodyParser {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (jsonDepth(body) > MAX_JSON_DEPTH) {
      done(new ApiError(400, `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    void parse(request, body, done);
  };
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = jsonBodyParser(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => parse(request, raw.toString(), done));
}
