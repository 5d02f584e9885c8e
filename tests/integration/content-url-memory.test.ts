import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDocuments, writeDocuments, type CatalogDoc } from '../../server/catalog/catalog-store';
import { databaseUrlLookups, memoryUrlLookups } from '../../server/content/url-lookups';
import { resolveUrl } from '../../server/content/url-resolver';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { docsOf, writeFixtures } from './content-fixtures';

/**
 * The url mapping answered from the catalogue the server holds in memory gives what the same
 * mapping answers from the database, for every product of the demo catalogue (children, hidden
 * copies, disabled products), every category and CMS page, store codes, `filters.sku` and unknown
 * paths; and it follows the catalogue's change feed.
 */

let server: TestServer;
let products: CatalogDoc[];
let categories: CatalogDoc[];
let pages: CatalogDoc[];

const text = (value: unknown) => String(value);

async function bothAnswers(url: string, sku?: string) {
  const fromDatabase = await resolveUrl(databaseUrlLookups(server.ctx.db), url, sku);
  const fromMemory = await resolveUrl(memoryUrlLookups(server.ctx.catalog), url, sku);
  return { fromDatabase, fromMemory };
}

async function expectSameAnswers(cases: readonly (readonly [string, string?])[]): Promise<number> {
  let found = 0;
  for (const [url, sku] of cases) {
    const { fromDatabase, fromMemory } = await bothAnswers(url, sku);
    expect(fromMemory, `${url} ${sku ?? ''}`).toEqual(fromDatabase);
    if (fromDatabase) found++;
  }
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  await writeFixtures(server.ctx.db);
  // A category and a CMS page switched off, beside the live ones.
  const [category] = (await docsOf(server.ctx.db, 'category')).filter((c) => c.is_active !== false && typeof c.url_path === 'string');
  await server.ctx.db.transaction((tx) => writeDocuments(tx, server.ctx.db, 'category', [{ ...category!, id: 990301, url_key: 'zz-off', slug: 'zz-off', url_path: 'zz-off', is_active: false }]));
  await server.ctx.catalog.refresh();
  products = await docsOf(server.ctx.db, 'product');
  categories = await docsOf(server.ctx.db, 'category');
  pages = await docsOf(server.ctx.db, 'cms_page');
});

afterAll(async () => {
  await server?.close();
});

describe('url mapping from memory against the database', () => {
  it("every product's url_path and /p/{sku}/{slug}, with and without a store code", async () => {
    expect(products.length).toBeGreaterThan(2000);
    const cases = products.flatMap((p, i) => {
      const own: [string][] = [[text(p.url_path)], [`/p/${text(p.sku)}/${text(p.slug)}`]];
      return i % 10 === 0 ? [...own, [`/de/${text(p.url_path)}/`] as [string], [`https://shop.example/it/p/${text(p.sku)}/x?y=1`] as [string]] : own;
    });
    expect(await expectSameAnswers(cases)).toBe(cases.length);
  });

  it('configurable children: by their own url, /p/{parent}/{slug}/{child}, filters.sku, and skus that are not children', async () => {
    const parents = products.filter((p) => p.type_id === 'configurable');
    expect(parents.length).toBeGreaterThan(5);
    const cases: [string, string?][] = [];
    for (const parent of parents) {
      const children = (parent.configurable_children as CatalogDoc[]).map((c) => text(c.sku));
      for (const child of children) cases.push([`/p/${text(parent.sku)}/${text(parent.slug)}/${child}`], [text(parent.url_path), child]);
      cases.push([text(parent.url_path), 'NOT-A-CHILD'], [`/p/${text(parent.sku)}/${text(parent.slug)}/NOT-A-CHILD`]);
    }
    // The hidden standalone copies of children: mapped to their parent.
    const copies = products.filter((p) => Number(p.visibility) === 1);
    expect(copies.length).toBeGreaterThan(10);
    for (const copy of copies) cases.push([text(copy.url_path)], [`/p/${text(copy.sku)}/${text(copy.slug)}`], [text(copy.url_key), text(copy.sku)]);
    await expectSameAnswers(cases);
    const { fromMemory } = await bothAnswers(text(copies.find((c) => c.sku === 'ZZT-CFG-L')!.url_path));
    expect(fromMemory).toMatchObject({ type: 'product', childSku: 'ZZT-CFG-L', doc: { sku: 'ZZT-CFG' } });
  });

  it('disabled products are returned as they are', async () => {
    const disabled = products.filter((p) => Number(p.status) >= 2);
    expect(disabled.length).toBeGreaterThan(5);
    const cases = disabled.flatMap((p) => [[text(p.url_path)], [`/p/${text(p.sku)}/${text(p.slug)}`]] as [string][]);
    expect(await expectSameAnswers(cases)).toBe(cases.length);
    const { fromMemory } = await bothAnswers('/zz-test/zz-zzt-off');
    expect(fromMemory).toMatchObject({ type: 'product', doc: { sku: 'ZZT-OFF', status: 2 } });
  });

  it('categories by url_path, url key, slug and id; a switched-off one is not found', async () => {
    const cases = categories.flatMap((c) => [[text(c.url_path)], [`/c/${text(c.url_key)}`], [`/c/${text(c.slug)}`], [`/c/${text(c.id)}`], [`/de/c/${text(c.id)}`]] as [string][]);
    await expectSameAnswers(cases);
    for (const url of ['/c/zz-off', '/zz-off', '/c/990301']) expect((await bothAnswers(url)).fromMemory, url).toBeUndefined();
  });

  it('CMS pages by identifier, /i/{identifier} and url_path; the switched-off one is not found', async () => {
    const cases = pages.flatMap((p) => [[text(p.identifier)], [`/i/${text(p.identifier)}`], [`/it/i/${text(p.identifier)}`]] as [string][]);
    await expectSameAnswers(cases);
    expect((await bothAnswers('/i/zz-switched-off')).fromMemory).toBeUndefined();
    expect((await bothAnswers('/i/about-us')).fromMemory).toMatchObject({ type: 'cms_page', doc: { identifier: 'about-us' } });
  });

  it('unknown, empty and odd paths', async () => {
    const product = products[0]!;
    const cases: [string][] = [
      ['/no/such/page'],
      ['/'],
      [''],
      ['/de'],
      ['/c/no-such-category'],
      ['/i/no-such-page'],
      ['/p/NO-SKU/no-slug'],
      [`/p/${text(product.sku).toLowerCase()}/x`],
      [text(product.url_path).toUpperCase()],
      [`/fr/${text(product.url_path)}`],
      ['/p/%E0%A4%A/%2F'],
      [`/${text(product.id)}`],
    ];
    await expectSameAnswers(cases);
  });
});

describe('url mapping from memory follows the catalogue change feed', () => {
  it('a moved, a new and a removed product', async () => {
    const product = products.find((p) => p.type_id === 'simple' && Number(p.visibility) === 4)!;
    const moved = { ...product, url_path: 'zz-moved/here', url_key: 'zz-moved-here', slug: 'zz-moved-here' };
    const added = { ...product, id: 990401, sku: 'ZZT-NEW', url_path: 'zz-new/here', url_key: 'zz-new-here', slug: 'zz-new-here' };
    await server.ctx.db.transaction((tx) => writeDocuments(tx, server.ctx.db, 'product', [moved, added]));
    await server.ctx.catalog.refresh();
    await expectSameAnswers([[text(product.url_path)], ['zz-moved/here'], ['/p/ZZT-NEW/zz-new-here'], ['zz-new/here']]);
    expect((await bothAnswers(text(product.url_path))).fromMemory).toBeUndefined();
    expect((await bothAnswers('zz-moved/here')).fromMemory?.doc.id).toBe(product.id);
    expect((await bothAnswers('/p/ZZT-NEW/whatever')).fromMemory?.doc.id).toBe(990401);

    await server.ctx.db.transaction((tx) => deleteDocuments(tx, server.ctx.db, 'product', ['990401']));
    await server.ctx.catalog.refresh();
    await expectSameAnswers([['zz-new/here'], ['/p/ZZT-NEW/zz-new-here']]);
    expect((await bothAnswers('zz-new/here')).fromMemory).toBeUndefined();
  });

  it('the /api/url/map route answers from the catalogue once the change is applied', async () => {
    const category = categories.find((c) => c.is_active !== false && c.url_key && c.id !== 990301)!;
    await server.ctx.db.transaction((tx) => writeDocuments(tx, server.ctx.db, 'category', [{ ...category, is_active: false }]));
    await server.ctx.catalog.refresh();
    const reply = await server.request('POST', '/api/url/map', { url: `/c/${text(category.url_key)}` });
    expect(reply.status).toBe(404);
    await server.ctx.db.transaction((tx) => writeDocuments(tx, server.ctx.db, 'category', [category]));
    await server.ctx.catalog.refresh();
    const back = await server.request<{ _source: CatalogDoc }>('POST', '/api/url/map', { url: `/c/${text(category.url_key)}` });
    expect(back.body.result._source.id).toBe(category.id);
  });
});
