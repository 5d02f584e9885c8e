import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceIncludingVat } from '../../server/render/head-tags';
import { startServer, type RunningServer } from '../../server/start-server';
import type { TaxRuleFields } from '../../src/domain/pricing/tax-rate';
import { testConfig, testDatabaseUrl, TMP_ROOT } from '../helpers/test-config';

/**
 * The output cache of one API process is purged by a catalogue change made through another: two app
 * instances, each with its own connections and LISTEN, on one PostgreSQL schema. A page cached in B
 * must show what an import through A changed on B's next request, not a day later.
 */
type Doc = Record<string, unknown>;
const schema = `ssr_${randomBytes(5).toString('hex')}`;
const SHELL = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
let a: RunningServer;
let b: RunningServer;
let distDir: string;
const dataDirs: string[] = [];

async function instance(): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'ssr-pg-'));
  dataDirs.push(dataDir);
  return startServer(testConfig({ dataDir, distDir, databaseUrl: testDatabaseUrl, databaseSchema: schema, seedProducts: 200 }));
}

describe.skipIf(!testDatabaseUrl)('output cache purge across API processes on PostgreSQL', () => {
  beforeAll(async () => {
    await mkdir(TMP_ROOT, { recursive: true });
    distDir = await mkdtemp(path.join(TMP_ROOT, 'ssr-pg-dist-'));
    await writeFile(path.join(distDir, 'index.html'), SHELL);
    // Both start at once: migrations and the seed take an advisory lock, so they run once.
    [a, b] = await Promise.all([instance(), instance()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    await Promise.all([distDir, ...dataDirs].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const page = async (server: RunningServer, p: string) => {
    const reply = await fetch(server.url + p);
    return { status: reply.status, html: await reply.text(), cache: /cache;desc=(\w+)/.exec(reply.headers.get('server-timing') ?? '')?.[1] };
  };
  const search = async <T = Doc>(server: RunningServer, body: unknown) =>
    ((await (await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { result: { items: T[] } }).result.items;
  const importThroughA = async (sections: Record<string, unknown[]>) => {
    const reply = await fetch(`${a.url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': a.ctx.adminToken }, body: JSON.stringify(sections) });
    expect(reply.status, await reply.clone().text()).toBe(200);
  };
  const productOffer = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Doc);
    return (blocks.find((block) => block['@type'] === 'Product') as { name: string; offers: { price: string } } | undefined) ?? { name: undefined, offers: { price: undefined } };
  };

  it("a product page cached in B shows the new name and price after an import through A", async () => {
    const [product] = await search(b, { size: 1, searchQuery: { _appliedFilters: [{ attribute: 'type_id', value: { eq: 'simple' } }] } });
    const url = `/p/${String(product!.sku)}/${String(product!.url_key)}`;
    const before = await page(b, url);
    expect(before.status).toBe(200);
    expect(before.html).toContain(String(product!.name));
    expect((await page(b, url)).cache).toBe('hit');

    const renamed = { ...product!, name: `Purged Numbat Anchor ${randomBytes(3).toString('hex')}`, price: Number(product!.price) + 7.31 };
    await importThroughA({ products: [renamed] });

    await expect.poll(async () => productOffer((await page(b, url)).html).name, { timeout: 15_000, interval: 100 }).toBe(renamed.name);
    const taxRules = await search<TaxRuleFields>(b, { type: 'taxrule', size: 100 });
    const after = await page(b, url);
    expect(productOffer(after.html).offers.price).toBe(priceIncludingVat(renamed, taxRules).toFixed(2));
    expect(productOffer(after.html).offers.price).not.toBe(productOffer(before.html).offers.price);
    expect(after.html).not.toContain(`>${String(product!.name)}<`);
  });

  it("B's home shows a CMS block changed through A: the page and the renderer's remembered reads both go", async () => {
    const read = async () => ((await (await fetch(`${b.url}/api/ext/cms-data/cmsBlockIdentifier/home-hero/storeId/1`)).json()) as { result: Doc }).result;
    const block = await read();
    const shown = /<h1>([^<]+)<\/h1>/.exec(String(block.content))?.[1];
    expect(shown).toBeTruthy();
    expect((await page(b, '/')).html).toContain(shown);
    expect((await page(b, '/')).cache).toBe('hit');

    const heading = `Wombat week ${randomBytes(3).toString('hex')}`;
    await importThroughA({ cms_blocks: [{ ...block, content: `<h1>${heading}</h1>` }] });

    await expect.poll(async () => (await page(b, '/')).html.includes(heading), { timeout: 15_000, interval: 100 }).toBe(true);
  });
});
