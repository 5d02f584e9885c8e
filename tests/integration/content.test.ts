import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDoc } from '../../server/catalog/catalog-store';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { docsOf, writeFixtures } from './content-fixtures';

let server: TestServer;
const get = <T = unknown>(path: string) => server.request<T>('GET', path);

beforeAll(async () => {
  server = await startTestServer();
  await writeFixtures(server.ctx.db);
});

afterAll(async () => {
  await server?.close();
});

describe('CMS under /api/ext/cms-data', () => {
  it('returns pages and blocks by id and by identifier with a store id, HTML as stored', async () => {
    for (const [entity, type] of [['cms_page', 'cmsPage'], ['cms_block', 'cmsBlock']] as const) {
      const doc = (await docsOf(server.ctx.db, entity)).find((d) => d.active !== false)!;
      expect(doc, entity).toBeDefined();
      const byId = await get(`/api/ext/cms-data/${type}/${String(doc.id)}`);
      expect(byId.body).toEqual({ code: 200, result: doc });
      const byIdentifier = await get(`/api/ext/cms-data/${type}Identifier/${String(doc.identifier)}/storeId/1`);
      expect(byIdentifier.body).toEqual({ code: 200, result: doc });
    }
  });

  it('answers 404 "CMS query returned empty result" for missing or switched-off content', async () => {
    for (const path of [
      '/api/ext/cms-data/cmsPage/987654',
      '/api/ext/cms-data/cmsBlock/987654',
      '/api/ext/cms-data/cmsPage/990101',
      '/api/ext/cms-data/cmsPageIdentifier/no-such-page/storeId/1',
      '/api/ext/cms-data/cmsBlockIdentifier/zz-switched-off-block/storeId/1',
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ code: 404, result: 'CMS query returned empty result' });
    }
  });

  it('refuses malformed ids with a 400 naming the field', async () => {
    expect((await get('/api/ext/cms-data/cmsPage/abc')).body).toEqual({ code: 400, result: 'id: must be a whole number' });
    expect((await get('/api/ext/cms-data/cmsPage/0')).body).toEqual({ code: 400, result: 'id: must be at least 1' });
    expect((await get('/api/ext/cms-data/cmsPageIdentifier/about-us/storeId/uk')).body).toEqual({ code: 400, result: 'storeId: must be a whole number' });
    expect((await get('/api/ext/cms-data/cmsPageIdentifier/a%20b/storeId/1')).body).toEqual({ code: 400, result: 'identifier: must be letters, digits, - and _' });
    expect((await get('/api/ext/cms-data/cmsPage/1?foo=bar')).body).toEqual({ code: 400, result: 'foo: unknown field' });
  });
});

describe('Blog under /api/ext/blog', () => {
  let posts: CatalogDoc[];
  beforeAll(async () => {
    posts = await docsOf(server.ctx.db, 'blog_post');
  });

  it('lists posts newest first, 10 a page by default', async () => {
    const reply = await get<{ items: CatalogDoc[]; total_count: number; page_size: number; current_page: number }>('/api/ext/blog/list');
    expect(reply.status).toBe(200);
    expect(reply.body.result).toMatchObject({ total_count: posts.length, page_size: 10, current_page: 1 });
    const dates = reply.body.result.items.map((p) => Date.parse(String(p.published_at)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(reply.body.result.items.length).toBe(Math.min(10, posts.length));
  });

  it('pages through every post exactly once', async () => {
    expect(posts.length).toBeGreaterThan(2);
    const seen: unknown[] = [];
    for (let page = 1; page <= Math.ceil(posts.length / 2); page++) {
      const reply = await get<{ items: CatalogDoc[]; current_page: number }>(`/api/ext/blog/list?pageSize=2&currentPage=${page}`);
      expect(reply.body.result.current_page).toBe(page);
      seen.push(...reply.body.result.items.map((p) => p.id));
    }
    expect(seen.sort()).toEqual(posts.map((p) => p.id).sort());
    const beyond = await get<{ items: unknown[]; total_count: number }>('/api/ext/blog/list?pageSize=2&currentPage=999');
    expect(beyond.body.result).toMatchObject({ items: [], total_count: posts.length });
  });

  it('returns one post by id and by slug, and 404 when missing', async () => {
    const post = posts[0]!;
    expect((await get(`/api/ext/blog/single/${String(post.id)}`)).body).toEqual({ code: 200, result: post });
    expect((await get(`/api/ext/blog/single-by-slug/${String(post.slug)}`)).body).toEqual({ code: 200, result: post });
    expect((await get('/api/ext/blog/single/987654')).body).toEqual({ code: 404, result: 'Blog query returned empty result' });
    expect((await get('/api/ext/blog/single-by-slug/no-such-post')).status).toBe(404);
  });

  it('refuses bad paging with a 400 naming the field', async () => {
    expect((await get('/api/ext/blog/list?pageSize=0')).body).toEqual({ code: 400, result: 'pageSize: must be at least 1' });
    expect((await get('/api/ext/blog/list?pageSize=1000')).body).toEqual({ code: 400, result: 'pageSize: must be at most 100' });
    expect((await get('/api/ext/blog/list?currentPage=first')).body).toEqual({ code: 400, result: 'currentPage: must be a whole number' });
    expect((await get('/api/ext/blog/single/x')).body).toEqual({ code: 400, result: 'id: must be a whole number' });
  });
});

describe('GET /api/ext/static-content/{name}', () => {
  it('returns the stored value of each static JSON document', async () => {
    for (const name of ['promoted_offers', 'accreditations', 'info_links']) {
      const doc = (await docsOf(server.ctx.db, 'static_content')).find((d) => d.id === name);
      expect(doc, name).toBeDefined();
      expect((await get(`/api/ext/static-content/${name}`)).body).toEqual({ code: 200, result: doc!.value });
    }
    const offers = await get<{ mainBanner: unknown; smallBanners: unknown[] }>('/api/ext/static-content/promoted_offers');
    expect(offers.body.result.mainBanner).toBeDefined();
    expect(Array.isArray(offers.body.result.smallBanners)).toBe(true);
  });

  it('answers 404 for other names', async () => {
    const reply = await get('/api/ext/static-content/secrets');
    expect(reply.status).toBe(404);
    expect(reply.body.result).toBe('Static content not found; known names: promoted_offers, accreditations, info_links');
  });
});

describe('GET /pub/banners.json', () => {
  it('lists only banners with status 1, by position, as plain JSON cached for five minutes', async () => {
    const response = await fetch(`${server.url}/pub/banners.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { banners: CatalogDoc[] };
    const stored = await docsOf(server.ctx.db, 'banner');
    const active = stored.filter((b) => b.status === 1);
    expect(stored.some((b) => b.status !== 1)).toBe(true);
    expect(body.banners.map((b) => b.id).sort()).toEqual(active.map((b) => b.id).sort());
    expect(body.banners.every((b) => b.status === 1)).toBe(true);
    const positions = body.banners.map((b) => Number(b.position));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(body.banners.at(-1)?.id).toBe(990202);
  });
});

describe('OpenAPI', () => {
  it('documents every content endpoint', async () => {
    const doc = (await fetch(`${server.url}/api/openapi.json`).then((r) => r.json())) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['/api/url', 'post'],
      ['/api/url/map', 'post'],
      ['/api/product/render-list', 'get'],
      ['/pub/banners.json', 'get'],
      ['/api/ext/cms-data/cmsPage/{id}', 'get'],
      ['/api/ext/cms-data/cmsBlock/{id}', 'get'],
      ['/api/ext/cms-data/cmsPageIdentifier/{identifier}/storeId/{storeId}', 'get'],
      ['/api/ext/cms-data/cmsBlockIdentifier/{identifier}/storeId/{storeId}', 'get'],
      ['/api/ext/blog/list', 'get'],
      ['/api/ext/blog/single/{id}', 'get'],
      ['/api/ext/blog/single-by-slug/{slug}', 'get'],
      ['/api/ext/static-content/{name}', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
