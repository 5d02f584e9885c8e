import { describe, expect, it } from 'vitest';
import { isUnanswered, MESSAGES, RefusedReplyError, ResponseFormatError, replyError } from '../../../replication/api/api-errors';

describe('isUnanswered', () => {
  it('counts what is not known to have been answered: no connection, the time-out, a 5xx, 408, 429, a proxy page', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new DOMException('signal timed out', 'TimeoutError'),
      replyError(500, 'Internal Server Error'),
      replyError(503, 'Service Unavailable'),
      replyError(408, 'Request Timeout'),
      replyError(429, 'Too many requests'),
      new ResponseFormatError(MESSAGES.badContentType, 200),
    ]) {
      expect(isUnanswered(error), String(error)).toBe(true);
    }
  });

  it('leaves a refusal an error, and a caller who aborted', () => {
    for (const error of [replyError(404, 'No such entity'), replyError(400, 'Bad query'), new RefusedReplyError(404, 'No product saved on this device'), new DOMException('aborted', 'AbortError'), new Error('x')]) {
      expect(isUnanswered(error), String(error)).toBe(false);
    }
  });
});

describe('readCatalog', () => {
  it('asks the server when the local catalogue (a worker that stopped answering) fails', async () => {
    const { EMPTY } = await import('rxjs');
    const { registerLocalCatalog, markCatalogReplicated } = await import('../../db/catalog/local-catalog');
    const { setApiFetch } = await import('./catalog-api');
    const { readCatalog } = await import('./catalog-reads');
    registerLocalCatalog({
      query: () => Promise.reject(new Error('The local catalogue did not answer')),
      findProductsByCodes: () => Promise.reject(new Error('The local catalogue did not answer')),
      count: () => 5,
      changes$: EMPTY,
    });
    markCatalogReplicated();
    const asked: string[] = [];
    setApiFetch(async (path) => {
      asked.push(path);
      return new Response(JSON.stringify({ code: 200, result: { items: [{ sku: 'FROM-SERVER' }], total: 1, aggregations: {}, attributeMetadata: [] } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      const result = await readCatalog('product', { size: 1 });
      expect(result.items).toEqual([{ sku: 'FROM-SERVER' }]);
      expect(asked).toHaveLength(1);
    } finally {
      console.warn = warn;
    }
  });
});
