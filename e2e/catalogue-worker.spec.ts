import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { countingProxy, type CountingProxy } from './helpers/counting-proxy';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, type Doc } from './browse-support';
import { startShopTwice } from './sync-support';

/** Enough products for several feed batches of 1,000, so a tab can close while the download runs. */
const PRODUCTS = 5000;
const LONG = { timeout: 120_000, interval: 250 };

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopTwice(() => startShop({ SEED_PRODUCTS: String(PRODUCTS) })), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const catalogueIn = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogueIn ?? null);
const catalogReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogReady ?? null);

/** The product feed's requests (each names the seq it reads after) and the change stream's. */
const productPages = (proxy: CountingProxy) => proxy.seen.filter((r) => r.startsWith('GET /api/catalog/changes?entities=product&'));
const streams = (proxy: CountingProxy) => proxy.seen.filter((r) => r.startsWith('GET /api/catalog/stream'));
const seqOf = (request: string) => new URL(`http://x${request.slice('GET '.length)}`).searchParams.get('seq');

/** The product feed read to its end as a download reads it: the seq of each page, and the last product (the last document stored). */
async function walkFeed(base: string): Promise<{ seqs: string[]; last: Doc }> {
  let seq = 0;
  let last: Doc | undefined;
  const seqs: string[] = [];
  for (;;) {
    seqs.push(String(seq));
    const reply = (await (await fetch(`${base}/api/catalog/changes?entities=product&seq=${seq}&limit=1000`)).json()) as { result: { documents: Doc[]; checkpoint: { seq: number } } };
    const { documents, checkpoint } = reply.result;
    last = documents.filter((d) => !d._deleted).at(-1) ?? last;
    if (documents.length < 1000) return { seqs, last: last! };
    seq = checkpoint.seq;
  }
}
const lastFeedProduct = async (base: string) => (await walkFeed(base)).last;

/**
 * No product document was fetched twice: each page of the feed was asked for once, except its end
 * (the checkpoint after the last document, which holds nothing), asked again whenever the change
 * stream (re)connects.
 */
async function expectEachDocumentFetchedOnce(proxy: CountingProxy, base: string): Promise<void> {
  const { seqs: feed } = await walkFeed(base);
  const end = feed.at(-1);
  const asked = productPages(proxy).map(seqOf);
  const withDocuments = asked.filter((seq) => seq !== end && feed.includes(seq!));
  expect(new Set(withDocuments).size).toBe(withDocuments.length);
  expect(asked).toEqual(expect.arrayContaining(feed));
}

/** Offline, the product opens from the device's replica (through whichever catalogue this page runs). */
async function opensOffline(context: BrowserContext, page: Page, base: string, product: Doc): Promise<void> {
  await context.setOffline(true);
  await page.goto(`${base}/p/${encodeURIComponent(String(product.sku))}/${String(product.url_key)}`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: 45_000 }).toBe(product.name);
  await context.setOffline(false);
}

/** The header search's result names for a term, as the page shows them. */
async function searchesOffline(page: Page, term: string): Promise<string[]> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  if ((await box.count()) === 0) await page.getByRole('button', { name: 'Search' }).click();
  await box.fill(term);
  return page.getByRole('list', { name: 'Search' }).getByRole('listitem').locator('.tile-name').allTextContents();
}

describe('the catalogue worker', () => {
  it('gives all tabs one download and one change stream; closing the tab that started it leaves the other to finish with no page fetched twice', { timeout: 300_000 }, async () => {
    const proxy = await countingProxy(shop.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      // A slow network, so that the first tab closes while the download is under way.
      proxy.delay(/^\/api\/catalog\/changes\?entities=product&/, 400);
      const first = await context.newPage();
      await first.goto(proxy.url + '/');
      await expect.poll(() => catalogueIn(first), LONG).toBe('shared-worker');
      const second = await context.newPage();
      await second.goto(proxy.url + '/c/through-bolts');
      await expect.poll(() => catalogueIn(second), LONG).toBe('shared-worker');
      await expect.poll(() => productPages(proxy).length, LONG).toBeGreaterThanOrEqual(2);
      await first.close();
      proxy.delay(/^$/, 0);
      await expect.poll(() => catalogReady(second), LONG).toBe('true');

      await expectEachDocumentFetchedOnce(proxy, shop.url);
      // One stream for the browser, held by the worker, not one per tab.
      expect(streams(proxy).length).toBe(1);
      await opensOffline(context, second, proxy.url, await lastFeedProduct(shop.url));
      expect(await catalogueIn(second)).toBe('shared-worker');
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('falls back to the page where the browser has no workers, and still browses offline', { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as Record<string, unknown>;
        delete w.SharedWorker;
        delete w.Worker;
      });
      const page = await context.newPage();
      await page.goto(shop.url + '/');
      await expect.poll(() => catalogueIn(page), LONG).toBe('page');
      await expect.poll(() => catalogReady(page), LONG).toBe('true');
      await opensOffline(context, page, shop.url, await lastFeedProduct(shop.url));
      expect(await catalogueIn(page)).toBe('page');
    } finally {
      await context.close();
    }
  });

  it('uses a dedicated worker in each tab where there is no SharedWorker: the leading tab downloads, the other indexes what it stored', { timeout: 300_000 }, async () => {
    const proxy = await countingProxy(shop.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addInitScript(() => void delete (window as unknown as Record<string, unknown>).SharedWorker);
      const pages = [await context.newPage(), await context.newPage()];
      for (const page of pages) await page.goto(proxy.url + '/');
      for (const page of pages) await expect.poll(() => catalogueIn(page), LONG).toBe('worker');
      for (const page of pages) await expect.poll(() => catalogReady(page), LONG).toBe('true');
      await expectEachDocumentFetchedOnce(proxy, shop.url);
      const last = await lastFeedProduct(shop.url);
      // Offline, with no reload, each tab's search finds the last product: its worker indexed it, whichever tab downloaded it.
      await context.setOffline(true);
      for (const page of pages) await expect.poll(() => searchesOffline(page, String(last.sku)), LONG).toContain(last.name);
      await context.setOffline(false);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
