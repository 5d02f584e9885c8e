import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../helpers/sse';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Feed {
  documents: ({ id: string | number; _deleted: boolean; _entity: string } & Record<string, unknown>)[];
  checkpoint: { seq: number; id: string };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const feed = (query: string) => server.request<Feed>('GET', `/api/catalog/changes?${query}`);

async function sampleProduct(where = "(doc->>'status')::int = 1 and doc->>'type_id' = 'simple'") {
  const rows = await server.ctx.db.query<{ doc: Record<string, unknown> }>(`select doc from catalog_documents where entity = 'product' and ${where} order by seq limit 1`);
  return rows[0]!.doc;
}

/** A raw GET, so the test sees the bytes and headers as sent (fetch would unzip them). */
function rawGet(urlPath: string, headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(urlPath, server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/catalog/changes', () => {
  it('sends a page brotli-compressed where the client takes it (a third smaller than gzip), gzip where it takes only that, the same documents either way', async () => {
    const path = '/api/catalog/changes?entities=product&seq=0&id=&limit=200';
    const br = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzip = await rawGet(path, { 'accept-encoding': 'gzip, deflate' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const fromBr = brotliDecompressSync(br.bytes).toString('utf8');
    expect(fromBr).toBe(gunzipSync(gzip.bytes).toString('utf8'));
    expect((JSON.parse(fromBr) as { result: Feed }).result.documents.length).toBe(200);
    expect(br.bytes.length).toBeLessThan(gzip.bytes.length * 0.85);
  });

  it('pages through every product once, by checkpoint, in batches', async () => {
    const seen = new Set<string>();
    let checkpoint = { seq: 0, id: '' };
    let batches = 0;
    for (;;) {
      const reply = await feed(`entities=product&seq=${checkpoint.seq}&id=${checkpoint.id}&limit=500`);
      expect(reply.status).toBe(200);
      const { documents } = reply.body.result;
      if (documents.length === 0) break;
      batches++;
      for (const doc of documents) {
        expect(seen.has(String(doc.id))).toBe(false);
        seen.add(String(doc.id));
      }
      checkpoint = reply.body.result.checkpoint;
    }
    const [count] = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from catalog_documents where entity = 'product'");
    expect(seen.size).toBe(count!.n);
    expect(batches).toBe(Math.ceil(count!.n / 500));
  });

  it('sends disabled products as deletions', async () => {
    const disabled = await sampleProduct("(doc->>'status')::int >= 2");
    const reply = await feed('entities=product&limit=1000');
    const all: Feed['documents'] = [...reply.body.result.documents];
    let checkpoint = reply.body.result.checkpoint;
    while (all.length % 1000 === 0) {
      const next = await feed(`entities=product&limit=1000&seq=${checkpoint.seq}`);
      if (next.body.result.documents.length === 0) break;
      all.push(...next.body.result.documents);
      checkpoint = next.body.result.checkpoint;
    }
    const entry = all.find((d) => String(d.id) === String(disabled.id));
    expect(entry).toEqual({ id: disabled.id, _entity: 'product', _deleted: true });
  });

  it.each([
    ['no entities', '', /entities/],
    ['an unknown entity', 'entities=product,spaceship', /entities/],
    ['a negative checkpoint', 'entities=product&seq=-1', /seq/],
    ['a huge batch', 'entities=product&limit=100000', /limit/],
    ['an unknown parameter', 'entities=product&foo=1', /foo/],
  ])('refuses %s with a 400', async (_name, query, message) => {
    const reply = await server.request<string>('GET', `/api/catalog/changes?${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.result).toMatch(message);
  });
});

describe('GET /api/catalog/replica-size', () => {
  it('counts the products a caught-up replica holds: what the whole feed leaves live, disabled ones left out', async () => {
    const live = new Set<string>();
    let checkpoint = { seq: 0, id: '' };
    for (;;) {
      const reply = await feed(`entities=product&seq=${checkpoint.seq}&id=${checkpoint.id}&limit=1000`);
      const { documents } = reply.body.result;
      if (documents.length === 0) break;
      for (const doc of documents) {
        if (doc._deleted) live.delete(String(doc.id));
        else live.add(String(doc.id));
      }
      checkpoint = reply.body.result.checkpoint;
    }
    const [stored] = await server.ctx.db.query<{ n: number }>("select count(*)::int as n from catalog_documents where entity = 'product' and not deleted");
    // The seeded catalogue has disabled products, so the count is not simply every stored one.
    expect(live.size).toBeLessThan(stored!.n);
    const reply = await server.request<{ products: number }>('GET', '/api/catalog/replica-size');
    expect(reply.status).toBe(200);
    expect(reply.body.result.products).toBe(live.size);
  });
});

describe('catalogue import and the change stream', () => {
  it('refuses an import without the admin token, and a malformed file, changing nothing', async () => {
    const before = server.ctx.catalog.seq;
    const noToken = await server.request('POST', '/api/catalog/import', { products: [] });
    expect(noToken.status).toBe(401);
    const bad = await server.request('POST', '/api/catalog/import', { products: [{ sku: 5 }] }, { 'x-admin-token': server.ctx.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toMatch(/products\[0\]/);
    expect(server.ctx.catalog.seq).toBe(before);
  });

  it('streams an imported change to open browsers, and search sees it', async () => {
    const stream = await openSse(`${server.url}/api/catalog/stream`);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      const product = { ...(await sampleProduct()), id: 990001, sku: 'IMPORT-TEST-1', name: 'Imported Quokka Fixing 8x80', url_key: 'imported-quokka', url_path: 'imported-quokka' };
      const reply = await server.request('POST', '/api/catalog/import', { products: [product] }, { 'x-admin-token': server.ctx.adminToken });
      expect(reply.status).toBe(200);
      const change = await stream.waitFor((e) => e.event === 'change');
      expect((change.data as { entities: string[] }).entities).toContain('product');
      const found = await server.request<{ items: { sku: string }[] }>('POST', '/api/catalog', { searchQuery: { _searchText: 'quokka' } });
      expect(found.body.result.items.map((i) => i.sku)).toContain('IMPORT-TEST-1');
      const changed = await feed(`entities=product&seq=${(change.data as { seq: number }).seq - 1}`);
      expect(changed.body.result.documents.map((d) => d.sku)).toEqual(['IMPORT-TEST-1']);
    } finally {
      stream.close();
    }
  });
});
