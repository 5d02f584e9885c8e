import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDoc } from '../../server/catalog/catalog-store';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { docsOf, writeFixtures } from './content-fixtures';

interface Mapping {
  _type: string;
  _source: Record<string, unknown>;
}

let server: TestServer;
let category: CatalogDoc;
let cmsPage: CatalogDoc;
let seededProduct: CatalogDoc;

const map = (body: unknown, path = '/api/url/map') => server.request<Mapping>('POST', path, body);

beforeAll(async () => {
  server = await startTestServer();
  await writeFixtures(server.ctx.db);
  // The mapping reads the catalogue this server holds: wait until it has applied the fixtures.
  await server.ctx.catalog.refresh();
  const categories = await docsOf(server.ctx.db, 'category');
  category = categories.find((c) => c.is_active !== false && Number(c.level) >= 2 && typeof c.url_path === 'string')!;
  cmsPage = (await docsOf(server.ctx.db, 'cms_page')).find((p) => p.active !== false && Number(p.id) < 990000)!;
  const products = await server.ctx.db.query<{ doc: CatalogDoc }>(
    "select doc from catalog_documents where entity = 'product' and doc->>'type_id' = 'simple' and doc->>'visibility' = '4' and doc->>'status' = '1' and doc ? 'url_path' order by id limit 1",
  );
  seededProduct = products[0]!.doc;
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/url/map: lookups', () => {
  it('finds a seeded product by its url_path, with and without slashes, query or store code', async () => {
    for (const url of [seededProduct.url_path, `/${String(seededProduct.url_path)}/`, `/${String(seededProduct.url_path)}?utm=x`, `/de/${String(seededProduct.url_path)}`]) {
      const reply = await map({ url });
      expect(reply.status, String(url)).toBe(200);
      expect(reply.body.result._type).toBe('product');
      expect(reply.body.result._source.sku).toBe(seededProduct.sku);
    }
  });

  it('answers on /api/url as on /api/url/map', async () => {
    const reply = await map({ url: seededProduct.url_path }, '/api/url');
    expect(reply.body).toMatchObject({ code: 200, result: { _type: 'product', _source: { sku: seededProduct.sku } } });
  });

  it('finds a product by the /p/{parentSku}/{slug} form', async () => {
    const reply = await map({ url: `/p/${String(seededProduct.sku)}/${String(seededProduct.slug)}` });
    expect(reply.body.result._source.id).toBe(seededProduct.id);
  });

  it('finds a category by url_path and by /c/{url_key}, /c/{slug} and /c/{id}', async () => {
    for (const url of [category.url_path, `/c/${String(category.url_key)}`, `/c/${String(category.slug)}`, `/c/${String(category.id)}`]) {
      const reply = await map({ url });
      expect(reply.status, String(url)).toBe(200);
      expect(reply.body.result).toMatchObject({ _type: 'category', _source: { id: category.id, name: category.name } });
    }
  });

  it('finds a CMS page by identifier and /i/{identifier}', async () => {
    for (const url of [cmsPage.identifier, `/i/${String(cmsPage.identifier)}`]) {
      const reply = await map({ url });
      expect(reply.body.result).toMatchObject({ _type: 'cms_page', _source: { identifier: cmsPage.identifier, content: cmsPage.content } });
    }
  });

  it('answers 404 "No mapping found for path" for unknown, empty and switched-off targets', async () => {
    for (const url of ['/no/such/page', '/', '', '/c/no-such-category', '/i/zz-switched-off', '/p/NO-SKU/no-slug']) {
      const reply = await map({ url });
      expect(reply.status, url).toBe(404);
      expect(reply.body).toEqual({ code: 404, result: 'No mapping found for path' });
    }
  });

  it('returns a disabled product as it is, leaving the refusal to the client', async () => {
    const reply = await map({ url: '/zz-test/zz-zzt-off' });
    expect(reply.status).toBe(200);
    expect(reply.body.result._source).toMatchObject({ sku: 'ZZT-OFF', status: 2 });
    expect(reply.body.meta).toBeUndefined();
  });
});

describe('POST /api/url/map: configurable children', () => {
  it("maps a child's standalone url to its parent, with the child's sku in meta.childSku", async () => {
    const reply = await map({ url: '/zz-test/zz-zzt-cfg-s' });
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toEqual({ childSku: 'ZZT-CFG-S' });
    expect(reply.body.result._source.sku).toBe('ZZT-CFG');
    const children = reply.body.result._source.configurable_children as { sku: string }[];
    expect(children.map((c) => c.sku)).toEqual(['ZZT-CFG-S', 'ZZT-CFG-L', 'ZZT-CFG-X']);
  });

  it('finds the parent of a hidden copy that does not name it', async () => {
    const reply = await map({ url: '/zz-test/zz-zzt-cfg-l' });
    expect(reply.body.result._source.sku).toBe('ZZT-CFG');
    expect(reply.body.meta).toEqual({ childSku: 'ZZT-CFG-L' });
  });

  it('echoes filters.sku and the /p/{parentSku}/{slug}/{childSku} child when they are children of the parent', async () => {
    const byFilter = await map({ url: '/zz-test/zz-zzt-cfg', filters: { sku: 'ZZT-CFG-L' } });
    expect(byFilter.body.meta).toEqual({ childSku: 'ZZT-CFG-L' });
    const byPath = await map({ url: '/p/ZZT-CFG/zz-zzt-cfg/ZZT-CFG-S' });
    expect(byPath.body.meta).toEqual({ childSku: 'ZZT-CFG-S' });
    const notAChild = await map({ url: '/zz-test/zz-zzt-cfg', filters: { sku: 'ZZT-OFF' } });
    expect(notAChild.body.meta).toBeUndefined();
    expect(notAChild.body.result._source.sku).toBe('ZZT-CFG');
  });

  it('keeps the children the redirect needs even when the projection leaves them out', async () => {
    const reply = await map({ url: '/zz-test/zz-zzt-cfg-s', includeFields: ['name'], excludeFields: ['configurable_children'] });
    expect(reply.body.result._source.name).toBe('Test ZZT-CFG');
    expect((reply.body.result._source.configurable_children as unknown[]).length).toBe(3);
  });
});

describe('POST /api/url/map: the demo catalogue', () => {
  it('returns the disabled-demo product (status 2) by its url_path', async () => {
    const rows = await server.ctx.db.query<{ doc: CatalogDoc }>("select doc from catalog_documents where entity = 'product' and doc->>'sku' = 'SDS-26-1000'");
    const doc = rows[0]!.doc;
    expect(doc.status).toBe(2);
    const reply = await map({ url: `/${String(doc.url_path)}`, includeFields: ['sku', 'status'] });
    expect(reply.body).toEqual({ code: 200, result: { _type: 'product', _source: { sku: 'SDS-26-1000', status: 2 } } });
  });

  it("sends a seeded configurable child's own url to its parent", async () => {
    const products = await docsOf(server.ctx.db, 'product');
    const parent = products.find((p) => p.type_id === 'configurable' && Number(p.id) < 990000)!;
    const childSku = (parent.configurable_children as CatalogDoc[])[1]!.sku;
    const copy = products.find((p) => p.sku === childSku)!;
    expect(copy.visibility).toBe(1);
    const reply = await map({ url: copy.url_path, includeFields: ['sku'] });
    expect(reply.body.result._source.sku).toBe(parent.sku);
    expect(reply.body.meta).toEqual({ childSku });
    expect((reply.body.result._source.configurable_children as unknown[]).length).toBe((parent.configurable_children as unknown[]).length);
  });
});

describe('POST /api/url/map: projection', () => {
  it('keeps only includeFields, by dot path, and exclude wins', async () => {
    const reply = await map({ url: '/zz-test/zz-zzt-cfg', includeFields: ['sku', 'name', 'configurable_children.sku', 'stock.qty'], excludeFields: ['name'] });
    expect(reply.body.result._source).toEqual({
      sku: 'ZZT-CFG',
      stock: { qty: 10 },
      configurable_children: [{ sku: 'ZZT-CFG-S' }, { sku: 'ZZT-CFG-L' }, { sku: 'ZZT-CFG-X' }],
    });
  });

  it('removes excludeFields from the whole document', async () => {
    const reply = await map({ url: category.url_path, excludeFields: ['children_data', 'description'] });
    expect(reply.body.result._source).not.toHaveProperty('children_data');
    expect(reply.body.result._source).not.toHaveProperty('description');
    expect(reply.body.result._source.id).toBe(category.id);
  });
});

describe('POST /api/url/map: bad input is a 400 naming the field', () => {
  const cases: [string, unknown, string][] = [
    ['missing url', {}, 'url: is required'],
    ['url not a string', { url: 5 }, 'url: must be a string'],
    ['url too long', { url: `/${'a'.repeat(2000)}` }, 'url: must be at most 2000 characters'],
    ['unknown field', { url: '/x', sku: 'A' }, 'sku: unknown field'],
    ['includeFields not a list', { url: '/x', includeFields: 'sku' }, 'includeFields: must be a list of field names'],
    ['bad field path', { url: '/x', excludeFields: ['__proto__'] }, 'excludeFields.0: is not an allowed field name'],
    ['filters.sku a number', { url: '/x', filters: { sku: 12 } }, 'filters.sku: must be a string'],
    ['unknown filter', { url: '/x', filters: { color: 'red' } }, 'filters.color: unknown field'],
    ['negative groupId', { url: '/x', groupId: -1 }, 'groupId: must be at least 0'],
    ['body not an object', ['url'], 'body: must be an object'],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const reply = await map(body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 400, result: message });
    });
  }

  it('refuses malformed JSON, a missing body and a huge body without a 5xx', async () => {
    const malformed = await server.raw('POST', '/api/url/map', '{"url": "/x",');
    expect(malformed.body).toEqual({ code: 400, result: 'body: malformed JSON' });
    const empty = await server.raw('POST', '/api/url/map', '');
    expect(empty.status).toBe(400);
    const huge = await map({ url: '/x', options: { blob: 'x'.repeat(300 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.result).toBe('body: request body is too large');
  });
});
