import { afterEach, describe, expect, it } from 'vitest';
import { RefusedReplyError } from '../../../replication/api/api-errors';
import { setApiFetch } from '../catalog/catalog-api';
import { readSearchPage } from './use-search';

const envelope = (code: number, result: unknown) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json' } });

describe('readSearchPage', () => {
  afterEach(() => setApiFetch((path, init) => fetch(path, init)));

  it("gives the server's page while it answers", async () => {
    setApiFetch(async () => envelope(200, { items: [{ sku: 'ANCHOR-1' }], total: 1, aggregations: {}, attributeMetadata: [] }));
    const page = await readSearchPage('anchor', 0);
    expect(page).toMatchObject({ items: [{ sku: 'ANCHOR-1' }], total: 1, offline: false });
  });

  it('answers from the device when the server did not answer: no connection, a 5xx, a 429, a proxy page', async () => {
    for (const reply of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => envelope(503, 'Service Unavailable'),
      async () => envelope(429, 'Too many requests'),
      async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ]) {
      setApiFetch(reply);
      // No catalogue on this device: the offline page is empty, not an error.
      await expect(readSearchPage('anchor', 0)).resolves.toMatchObject({ items: [], total: 0, offline: true });
    }
  });

  it("keeps a refusal an error, with the server's message", async () => {
    setApiFetch(async () => envelope(400, 'size: must be at most 500'));
    await expect(readSearchPage('anchor', 0)).rejects.toBeInstanceOf(RefusedReplyError);
  });
});
