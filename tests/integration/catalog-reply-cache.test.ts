import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListQuery } from '../../src/domain/catalog/list-query';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** A raw request, so the test sees the bytes and headers as sent (fetch would unzip them). */
function post(body: unknown, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
  const url = new URL('/api/catalog', server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const listing = categoryListQuery({ categoryId: 20, sort: 'recommended', from: 0, facets: ['finish'], filters: { attributes: {} } });
const decoders: Record<string, (bytes: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };
const text = (bytes: Buffer, headers: Record<string, unknown>) => (decoders[String(headers['content-encoding'])]?.(bytes) ?? bytes).toString('utf8');

describe('POST /api/catalog reply cache', () => {
  it('answers a repeated query from the cache, br, gzip or plain as the client accepts, the same answer either way', async () => {
    const { replies } = server.ctx.catalog;
    replies.clear();
    const before = replies.stats();
    const first = await post(listing, { 'accept-encoding': 'gzip, deflate, br' });
    const second = await post(listing, { 'accept-encoding': 'gzip' });
    const plain = await post(listing, {});
    const after = replies.stats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(2);
    expect(first.status).toBe(200);
    // br wins the tie: it is the cheaper to make on a miss.
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = JSON.parse(text(first.bytes, first.headers)) as { code: number; result: { items: { sku: string; description?: unknown }[]; total: number } };
    expect(body.code).toBe(200);
    expect(body.result.items.length).toBeGreaterThan(0);
    // The list asks for the tile's fields only.
    expect(body.result.items[0]!.description).toBeUndefined();
    expect(text(second.bytes, second.headers)).toBe(text(first.bytes, first.headers));
    expect(plain.bytes.toString('utf8')).toBe(text(first.bytes, first.headers));
  });

  it('computes afresh for cache-control: no-cache with an admin token, and forgets every reply when the catalogue changes', async () => {
    const { replies } = server.ctx.catalog;
    await post(listing, {});
    const fresh = replies.stats();
    await post(listing, { 'cache-control': 'no-cache', 'x-admin-token': server.ctx.adminToken });
    expect(replies.stats().bypassed - fresh.bypassed).toBe(1);
    expect(replies.stats().hits).toBe(fresh.hits);

    const query = { type: 'product', searchQuery: { _searchText: 'wombat' } };
    const none = JSON.parse((await post(query, {})).bytes.toString('utf8')) as { result: { total: number } };
    expect(none.result.total).toBe(0);
    const [row] = await server.ctx.db.query<{ doc: Record<string, unknown> }>("select doc from catalog_documents where entity = 'product' and (doc->>'status')::int = 1 and (doc->>'visibility')::int = 4 limit 1");
    const product = { ...row!.doc, id: 990101, sku: 'CACHE-TEST-1', name: 'Wombat Fixing 8x80', url_key: 'wombat-fixing', url_path: 'wombat-fixing' };
    const imported = await server.request('POST', '/api/catalog/import', { products: [product] }, { 'x-admin-token': server.ctx.adminToken });
    expect(imported.status).toBe(200);
    expect(replies.stats().entries).toBe(0);
    const found = JSON.parse((await post(query, {})).bytes.toString('utf8')) as { result: { items: { sku: string }[] } };
    expect(found.result.items.map((i) => i.sku)).toContain('CACHE-TEST-1');
  });

  it('sends brotli to a client that takes br, made once and kept beside the gzip', async () => {
    const { replies } = server.ctx.catalog;
    replies.clear();
    const gzip = await post(listing, { 'accept-encoding': 'gzip' });
    const held = replies.stats().bytes;
    const br = await post(listing, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(text(br.bytes, br.headers)).toBe(text(gzip.bytes, gzip.headers));
    expect(replies.stats().bytes).toBe(held + br.bytes.length);
  });

  it('makes a popular reply smaller once, on its second hit, and keeps that copy', async () => {
    const { replies } = server.ctx.catalog;
    replies.clear();
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await post(listing, headers);
    const once = await post(listing, headers);
    expect(once.bytes.equals(first.bytes)).toBe(true); // the first hit sends the copy made on the miss
    const held = replies.stats();
    const second = await post(listing, headers);
    const third = await post(listing, headers);
    expect(second.headers['content-encoding']).toBe('br');
    expect(text(second.bytes, second.headers)).toBe(text(first.bytes, first.headers));
    expect(second.bytes.length).toBeLessThan(first.bytes.length);
    expect(replies.stats().recompressed - held.recompressed).toBe(1);
    expect(replies.stats().bytes).toBe(held.bytes - first.bytes.length + second.bytes.length);
    expect(third.bytes.equals(second.bytes)).toBe(true);
  });

  it('sends a small reply as it is, without Vary, to a client that takes compression', async () => {
    const query = { type: 'product', searchQuery: { _searchText: 'zzyzx' } };
    const small = await post(query, { 'accept-encoding': 'gzip, deflate, br' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(2048);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.headers['content-length']).toBe(String(small.bytes.length));
    expect(JSON.parse(small.bytes.toString('utf8'))).toMatchObject({ code: 200, result: { total: 0 } });
  });

  it('answers a cached body again only to a guest: a bad token is still refused, bad input never cached', async () => {
    const { replies } = server.ctx.catalog;
    expect((await post(listing, {})).status).toBe(200);
    expect((await post(listing, {})).status).toBe(200);
    const refused = await post(listing, { authorization: 'Bearer not-a-token' });
    expect(refused.status).toBe(401);
    const bad = { type: 'product', size: 'many' };
    const before = replies.stats().entries;
    expect((await post(bad, {})).status).toBe(400);
    expect((await post(bad, {})).status).toBe(400);
    expect(replies.stats().entries).toBe(before);
  });
});
