import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { ANONYMOUS_CACHE_CONTROL } from '../../server/render/page-responder';
import { precompressApp } from '../../server/cli/precompress-app';

/**
 * The built app as the server hands it out: the service worker and the shell always revalidated, the
 * web app manifest with its own type, hashed assets cached for a year, files written by a rebuild
 * served without a restart (the service worker update path), and a CSP that lets the worker run.
 */
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  await mkdir(TMP_ROOT, { recursive: true });
  distDir = await mkdtemp(path.join(TMP_ROOT, 'dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>shell</title><script type="module" src="/assets/index-one.js"></script>');
  await writeFile(path.join(distDir, 'assets', 'index-one.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(distDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Shop', start_url: '/' }));
  // A chunk large enough to be compressed, and a copy left by an earlier build whose file is gone.
  await writeFile(path.join(distDir, 'assets', 'route-big.js'), Array.from({ length: 400 }, (_, i) => `export const line${i} = "${'x'.repeat(i % 50)}";`).join('\n'));
  await writeFile(path.join(distDir, 'assets', 'route-gone.js.br'), 'stale');
  await precompressApp(distDir);
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (p: string) => fetch(server.url + p);

describe('serving the built app', () => {
  it('serves the service worker as script, never cached without revalidation', async () => {
    const reply = await get('/sw.js');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the web app manifest with its media type', async () => {
    const reply = await get('/manifest.webmanifest');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(((await reply.json()) as { name: string }).name).toBe('Shop');
  });

  it('lets the page register a same-origin worker and read the manifest (CSP)', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('caches hashed assets for a year; pages rendered on the server are cached a day for guests, the shell of the other paths is revalidated', async () => {
    const root = await get('/');
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toMatch(/^text\/html/);
    expect(root.headers.get('cache-control')).toBe(ANONYMOUS_CACHE_CONTROL);
    expect((await get('/assets/index-one.js')).headers.get('cache-control')).toContain('immutable');
    const page = await get('/checkout');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>shell</title>');
  });

  it('serves files a rebuild wrote while it runs, and still refuses missing files and API paths', async () => {
    await writeFile(path.join(distDir, 'assets', 'index-two.js'), 'console.log(2)');
    const fresh = await get('/assets/index-two.js');
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe('console.log(2)');
    expect((await get('/assets/missing-three.js')).status).toBe(404);
    const api = await get('/api/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { result: string }).result).toBe('Route not found');
  });

  it('sends the Brotli or gzip copy the build wrote, as the browser accepts, and the file itself to one that accepts neither', async () => {
    const original = await readFile(path.join(distDir, 'assets', 'route-big.js'), 'utf8');
    const fetched = (encoding: string) => fetch(`${server.url}/assets/route-big.js`, { headers: { 'accept-encoding': encoding } });
    const asBrowser = await fetched('gzip, deflate, br, zstd');
    expect(asBrowser.headers.get('content-encoding')).toBe('br');
    expect(asBrowser.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(asBrowser.headers.get('cache-control')).toContain('immutable');
    // undici decodes the body it is sent: equal to the file means the copy is the file, compressed.
    expect(await asBrowser.text()).toBe(original);
    expect(brotliDecompressSync(await readFile(path.join(distDir, 'assets', 'route-big.js.br'))).toString()).toBe(original);
    expect(gunzipSync(await readFile(path.join(distDir, 'assets', 'route-big.js.gz'))).toString()).toBe(original);
    const gzipOnly = await fetched('gzip');
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipOnly.text()).toBe(original);
    const plain = await fetched('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);
    await expect(readFile(path.join(distDir, 'assets', 'route-gone.js.br'))).rejects.toThrow(/ENOENT/);
  });

  it('hints the largest picture of the home page and of a product page, the URL the page then requests', async () => {
    const post = async (body: unknown) => ((await (await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { result: { items: Record<string, unknown>[] } }).result.items;
    const preload = (reply: Response) => /^<([^>]+)>; rel=preload; as=image/.exec(reply.headers.get('link') ?? '')?.[1];

    const { banners } = (await (await get('/pub/banners.json')).json()) as { banners: { image: string }[] };
    const home = preload(await get('/'));
    expect(home).toBe(`/img/600/300/crop/${banners[0]!.image.replace(/^\//, '')}`);
    expect((await get(home!)).headers.get('content-type')).toMatch(/^image\//);

    const [simple] = await post({ size: 1, searchQuery: { _appliedFilters: [{ attribute: 'type_id', value: { eq: 'simple' } }] } });
    const picture = preload(await get(`/p/${String(simple!.sku)}/${String(simple!.url_key)}`));
    expect(picture).toBe(`/img/600/744/resize/${String(simple!.image).replace(/^\//, '')}`);
    expect((await get(picture!)).status).toBe(200);

    // A configurable product may show a child's picture first; an unknown product and other pages get no hint.
    const [configurable] = await post({ size: 1, searchQuery: { _appliedFilters: [{ attribute: 'type_id', value: { eq: 'configurable' } }] } });
    expect((await get(`/p/${String(configurable!.sku)}/${String(configurable!.url_key)}`)).headers.get('link')).toBeNull();
    expect((await get('/p/NO-SUCH-SKU/none')).headers.get('link')).toBeNull();
    expect((await get('/p/%E0%A4%A/broken')).headers.get('link')).toBeNull();
    expect((await get('/c/anchors')).headers.get('link')).toBeNull();
  });
});
