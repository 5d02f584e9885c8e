import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from '../../server/images/image-routes';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
/** Product pictures of the seeded catalogue by family (the endpoint draws nothing else). */
const pictures = new Map<string, string[]>();
beforeAll(async () => {
  server = await startTestServer();
  for (const doc of server.ctx.catalog.index('product').documents().docs) {
    const gallery = (doc as { media_gallery?: { image?: unknown }[] }).media_gallery ?? [];
    for (const { image } of gallery) {
      const family = typeof image === 'string' ? /^\/product\/([a-z-]+)\//.exec(image)?.[1] : undefined;
      if (family && typeof image === 'string') pictures.set(family, [...(pictures.get(family) ?? []), image.slice(1)]);
    }
  }
});

/** The `n`th catalogue picture of a family, without its leading slash. */
function picture(family: string, n = 0): string {
  const found = pictures.get(family)?.[n];
  if (!found) throw new Error(`the seeded catalogue has no picture ${n} of ${family}`);
  return found;
}
afterAll(async () => {
  await server?.close();
});

const WEBP = 'image/avif,image/webp,image/apng,*/*;q=0.8';

async function image(urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + urlPath, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Sends the path byte for byte (fetch would resolve `..` segments before they reach the server). */
function rawGet(urlPath: string): Promise<{ status: number; body: { code: number; result: string } }> {
  return new Promise((resolve, reject) => {
    const request = http.get(server.url + '/', { path: urlPath }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { code: number; result: string } }));
    });
    request.on('error', reject);
  });
}

describe('GET /img/{width}/{height}/{action}/{path}', () => {
  it.each([
    [324, 489],
    [210, 300],
    [600, 744],
  ])('returns a %ix%i picture of exactly that size with long-lived caching', async (width, height) => {
    const reply = await image(`/img/${width}/${height}/resize/${picture('bolts')}`, { accept: WEBP });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/webp');
    expect(reply.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.get('vary')).toMatch(/accept/i);
    expect(reply.headers.get('content-encoding')).toBeNull();
    expect(reply.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(reply.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
  });

  it('serves the original at 600x744 and JPEG when the browser does not take WebP', async () => {
    const reply = await image(`/img/${picture('anchors')}`, { accept: 'image/png,image/*' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(reply.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 744]);
    const webp = await image(`/img/${picture('anchors')}`, { accept: WEBP });
    expect((await sharp(webp.bytes).metadata()).format).toBe('webp');
    expect(webp.headers.get('etag')).not.toBe(reply.headers.get('etag'));
  });

  it('keeps the rendered bytes on disk and serves the next request from the cache', async () => {
    const url = `/img/210/300/crop/${picture('screws', 1)}`;
    const first = await image(url, { accept: WEBP });
    expect(first.headers.get('x-image-source')).toBe('rendered');
    const key = cacheKey({ width: 210, height: 300, action: 'crop', path: picture('screws', 1) }, 'webp');
    const file = path.join(server.ctx.config.dataDir, 'image-cache', key.slice(0, 2), key);
    expect(existsSync(file)).toBe(true);
    expect(await readFile(file)).toEqual(first.bytes);
    const second = await image(url, { accept: WEBP });
    expect(second.headers.get('x-image-source')).toBe('memory');
    expect(second.bytes).toEqual(first.bytes);
  });

  it('renders a new picture once for concurrent requests', async () => {
    const url = `/img/480/595/fit/${picture('drill-bits', 2)}`;
    const replies = await Promise.all(Array.from({ length: 6 }, () => image(url)));
    const sources = replies.map((r) => r.headers.get('x-image-source'));
    expect(sources.filter((s) => s === 'rendered')).toHaveLength(1);
    expect(sources.every((s) => s === 'rendered' || s === 'shared' || s === 'memory')).toBe(true);
    for (const reply of replies) expect(reply.bytes).toEqual(replies[0]?.bytes);
  });

  it('answers 304 when the etag matches', async () => {
    const url = `/img/324/489/resize/${picture('nails')}`;
    const first = await image(url, { accept: WEBP });
    const etag = first.headers.get('etag') ?? '';
    const again = await image(url, { accept: WEBP, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    const otherFormat = await image(url, { accept: 'image/jpeg', 'if-none-match': etag });
    expect(otherFormat.status).toBe(200);
  });

  it.each([
    ['/img/15/489/resize/product/bolts/b-1.jpg', 'width: must be a whole number of pixels between 16 and 1200'],
    ['/img/324/1201/resize/product/bolts/b-1.jpg', 'height: must be a whole number of pixels between 16 and 1200'],
    ['/img/324/489/rotate/product/bolts/b-1.jpg', 'action: must be one of resize, crop, fit'],
    ['/img/324/489/resize/product/../../etc/passwd', 'path: must not contain "." or ".." segments'],
    ['/img/324/489/resize/product/%2e%2e/secret.jpg', 'path: must not contain "." or ".." segments'],
    ['/img/324/489/resize//etc/passwd', 'path: must be relative, not absolute'],
    ['/img/324/489/resize/product/bolts/a%20b.jpg', 'path: may only contain letters, digits, ".", "-", "_" and "/"'],
    ['/img/324/489/resize/product/bolts/%3Cscript%3E.jpg', 'path: may only contain letters, digits, ".", "-", "_" and "/"'],
  ])('rejects %s with a 400 that says why', async (url, message) => {
    const reply = await rawGet(url);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 400, result: message });
  });

  it('tells product families apart by colour', async () => {
    const dominant = async (family: string) => {
      const reply = await image(`/img/324/489/crop/${picture(family)}`);
      return (await sharp(reply.bytes).stats()).dominant;
    };
    const bolts = await dominant('bolts');
    const power = await dominant('power-tools');
    const safety = await dominant('safety');
    const distance = (a: typeof bolts, b: typeof bolts) => Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
    expect(distance(bolts, power)).toBeGreaterThan(40);
    expect(distance(bolts, safety)).toBeGreaterThan(40);
    expect(distance(power, safety)).toBeGreaterThan(40);
    // Power tools sit on a pink-red background, bolts on a neutral grey one.
    expect(power.r - power.b).toBeGreaterThan(20);
    expect(Math.abs(bolts.r - bolts.b)).toBeLessThan(20);
  });

  it('draws the image paths of the seeded catalogue', async () => {
    const rows = await server.ctx.db.query<{ image: string }>(
      "select doc->>'image' as image from catalog_documents where entity = 'product' and doc->>'image' like '/product/%' limit 3",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const reply = await image(`/img/324/489/resize${row.image}`);
      expect(reply.status).toBe(200);
      expect((await sharp(reply.bytes).metadata()).height).toBe(489);
    }
  });

  it('draws only pictures the catalogue names: a made-up name is 404 and stores nothing', async () => {
    const cacheDir = path.join(server.ctx.config.dataDir, 'image-cache');
    const before = existsSync(cacheDir) ? (await readdir(cacheDir, { recursive: true })).length : 0;
    for (const url of ['/img/324/489/resize/product/bolts/made-up-1.jpg', '/img/content/banners/nobody-named-this.jpg', '/img/210/300/crop/elsewhere/x.png']) {
      const reply = await rawGet(url);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 404, result: 'No such image in the catalogue' });
    }
    const after = existsSync(cacheDir) ? (await readdir(cacheDir, { recursive: true })).length : 0;
    expect(after).toBe(before);
  });

  it('draws another size as the nearest size the shop uses, so sizes cannot multiply the files', async () => {
    const odd = await image(`/img/333/500/resize/${picture('bolts', 1)}`, { accept: WEBP });
    expect(odd.status).toBe(200);
    expect(await sharp(odd.bytes).metadata()).toMatchObject({ width: 480, height: 724 });
    const near = await image(`/img/334/501/resize/${picture('bolts', 1)}`, { accept: WEBP });
    expect(near.headers.get('etag')).toBe(odd.headers.get('etag'));
    expect(near.headers.get('x-image-source')).toBe('memory');
  });

  it('is listed in the OpenAPI document', async () => {
    const reply = await server.request<never>('GET', '/api/openapi.json');
    const paths = (reply.body as unknown as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/img/{width}/{height}/{action}/{path}', '/img/{path}']));
  });
});
