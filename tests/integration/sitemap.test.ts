import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { sitemapDocument } from '../../server/render/sitemap';

/** sitemap.xml and robots.txt from the seeded shop, with absolute URLs from PUBLIC_URL. */
const ORIGIN = 'https://shop.example.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: ORIGIN });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: path, headers });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap.xml and robots.txt', () => {
  it('lists home, categories, visible enabled products, CMS pages and blog posts at PUBLIC_URL, whatever the Host', async () => {
    const reply = await get('/sitemap.xml', { host: 'evil.example' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/xml');
    const urls = locs(reply.body);
    expect(urls.every((u) => u.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/c/through-bolts`);
    expect(urls).toContain(`${ORIGIN}/latest-news`);
    expect(urls.some((u) => u.startsWith(`${ORIGIN}/latest-news/`))).toBe(true);
    expect(urls.some((u) => u.startsWith(`${ORIGIN}/i/`))).toBe(true);
    expect(urls.some((u) => u.startsWith(`${ORIGIN}/p/TB-Z-RANGE/`))).toBe(true);
    // A configurable child (sold through its parent's page) and a disabled product have no entry.
    expect(urls.some((u) => u.startsWith(`${ORIGIN}/p/TB-M10-120-Z/`))).toBe(false);
    expect(urls.some((u) => u.startsWith(`${ORIGIN}/p/SDS-26-1000/`))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('robots.txt keeps crawlers out of checkout, account and cart and points at the sitemap', async () => {
    const reply = await get('/robots.txt', { host: 'evil.example' });
    expect(reply.statusCode).toBe(200);
    const lines = reply.body.split('\n');
    for (const path of ['/checkout', '/cart', '/my-account']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('splits past the file limit into a sitemap index of numbered files', async () => {
    const paths = ['/a', '/b', '/c', '/d', '/e'];
    const index = sitemapDocument(ORIGIN, paths, undefined, 2)!;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap/${n}.xml`));
    expect(locs(sitemapDocument(ORIGIN, paths, 3, 2)!)).toEqual([`${ORIGIN}/e`]);
    expect(sitemapDocument(ORIGIN, paths, 4, 2)).toBeUndefined();
    // The shop's own sitemap fits one file: numbered files do not exist.
    expect((await get('/sitemap/1.xml')).statusCode).toBe(404);
    expect((await get('/sitemap/x.xml')).statusCode).toBe(404);
  });
});
