import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchBrowser } from './helpers/browser';
import { countingProxy, type CountingProxy } from './helpers/counting-proxy';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, type Doc } from './browse-support';
import { startShopTwice } from './sync-support';
import { scaled, waitLimit } from '../tests/helpers/time-limits';
import { waitForServiceWorker } from './helpers/service-worker';

/** Enough products for several feed batches of 1,000, so a tab can close while the download runs. */
const PRODUCTS = 5000;
const LONG = waitLimit(120_000, { interval: 250 });

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopTwice(() => startShop({ SEED_PRODUCTS: String(PRODUCTS) })), launchBrowser()]);
}, scaled(300_000));
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const catalogueIn = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogueIn ?? null);
const catalogReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogReady ?? null);

interface NotRestored {
  type: string;
  reason: string;
}

/**
 * Leaves for `away` and goes back: [] when the page came back from the back/forward cache (the same
 * document), else why it did not. Chromium also turns a page away for reasons of its own (its cache
 * full, memory pressure, a time-out while storing it on a loaded machine: "Circumstantial"), which
 * say nothing of the shop, so such a visit is made again, up to three times; a reason the page
 * itself gave is the answer at once.
 */
async function backFromAnotherSite(page: Page, away: string): Promise<NotRestored[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  let reasons: NotRestored[] = [];
  cdp.on('Page.backForwardCacheNotUsed', (event: { notRestoredExplanations: NotRestored[] }) => void (reasons = event.notRestoredExplanations));
  try {
    for (let visit = 1; ; visit++) {
      reasons = [];
      await page.evaluate(() => void ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
      await page.goto(away);
      await page.goBack({ waitUntil: 'commit' });
      // The first answer from the document that is there now (one being torn down throws).
      let same: boolean | null = null;
      await expect.poll(async () => (same = await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false).catch(() => null)), LONG).not.toBeNull();
      if (same) return [];
      // The browser usually says why; once in a CI run it said nothing at all (a circumstance of its own too).
      const told = await expect.poll(() => reasons.length, { timeout: scaled(10_000) }).toBeGreaterThan(0).then(() => true, () => false);
      if (!told && visit === 3) throw new Error('the page was not restored from the back/forward cache in three visits, and the browser gave no reason');
      if (told && (visit === 3 || reasons.some((r) => r.type !== 'Circumstantial'))) return reasons;
      console.log(`not restored from the back/forward cache (visit ${visit}), for reasons of the browser's: ${JSON.stringify(reasons)}`);
      await expect.poll(() => catalogueIn(page), LONG).toBe('shared-worker');
    }
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The product feed's requests (each names the seq it reads after) and the change stream's. */
const productPages = (proxy: CountingProxy) => proxy.seen.filter((r) => r.startsWith('GET /api/catalog/changes?entities=product&'));
const streams = (proxy: CountingProxy) => proxy.seen.filter((r) => r.startsWith('GET /api/catalog/stream'));
const seqOf = (request: string) => new URL(`http://x${request.slice('GET '.length)}`).searchParams.get('seq');

/** The product feed read to its end as a download reads it: the seq of each page, and the last product (the last document stored). */
async function walkFeed(base: string): Promise<{ seqs: string[]; live: Doc[] }> {
  let seq = 0;
  const live: Doc[] = [];
  const seqs: string[] = [];
  for (;;) {
    seqs.push(String(seq));
    const reply = (await (await fetch(`${base}/api/catalog/changes?entities=product&seq=${seq}&limit=1000`)).json()) as { result: { documents: Doc[]; checkpoint: { seq: number } } };
    const { documents, checkpoint } = reply.result;
    live.push(...documents.filter((d) => !d._deleted));
    if (documents.length < 1000) return { seqs, live };
    seq = checkpoint.seq;
  }
}

/** The last product of the feed a guest may open (trade packs are a trade account's: their page is a 404 for a guest). */
async function lastFeedProduct(base: string): Promise<Doc> {
  const { live } = await walkFeed(base);
  for (const doc of live.reverse()) {
    const mapped = await fetch(`${base}/api/url/map`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `/p/${String(doc.sku)}/x` }) });
    if (mapped.status === 200) return doc;
  }
  throw new Error('no product of the feed opens for a guest');
}

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

const PRODUCT_PAGES = /^\/api\/catalog\/changes\?entities=product&/;
const restarts = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogueRestarts ?? null);
const streamMark = (page: Page) => page.evaluate(() => document.documentElement.dataset.catalogueStream ?? null);

/**
 * No product document reached the device twice across a worker's death: each page of the feed was
 * delivered in full once, except its end (re-read on every stream connect). A request whose worker was
 * ended while it waited at the proxy never reached anyone and is not counted.
 */
async function expectEachDocumentDeliveredOnce(proxy: CountingProxy, base: string): Promise<void> {
  const { seqs: feed } = await walkFeed(base);
  const end = feed.at(-1);
  const delivered = proxy.delivered.filter((r) => PRODUCT_PAGES.test(r.slice('GET '.length))).map(seqOf);
  const withDocuments = delivered.filter((seq) => seq !== end && feed.includes(seq!));
  expect(withDocuments.filter((seq, i) => withDocuments.indexOf(seq) !== i)).toEqual([]);
  expect(delivered).toEqual(expect.arrayContaining(feed));
}

/** The seq of the products replica's stored checkpoint (RxDB's database-level local documents, in their Dexie store), 0 before the first. */
const storedCheckpointSeq = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.endsWith('--plugin-local-documents-'));
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('docs')) return 0;
      const doc = await new Promise<{ data?: { seq?: number } } | undefined>((resolve) => {
        const get = db.transaction('docs').objectStore('docs').get('catalog-feed-checkpoint-products');
        get.onsuccess = () => resolve(get.result as { data?: { seq?: number } } | undefined);
        get.onerror = () => resolve(undefined);
      });
      return Number(doc?.data?.seq ?? 0);
    } finally {
      db.close();
    }
  });

/** The shop's SharedWorker as the browser lists it (through CDP: Playwright does not show shared workers). */
async function sharedWorkers(browser: Browser, origin: string): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos.filter((t) => t.type === 'shared_worker' && t.url.startsWith(origin)).map((t) => t.targetId);
  } finally {
    await cdp.detach();
  }
}

/** Ends the shop's SharedWorker as the browser would (a crash, or a worker ended to save memory): no goodbye to its pages. */
async function killSharedWorker(browser: Browser, origin: string): Promise<void> {
  const [target, ...others] = await sharedWorkers(browser, origin);
  expect(target, 'a running catalogue SharedWorker').toBeDefined();
  expect(others).toEqual([]);
  const cdp = await browser.newBrowserCDPSession();
  try {
    await cdp.send('Target.closeTarget', { targetId: target! });
  } finally {
    await cdp.detach();
  }
  await expect.poll(async () => (await sharedWorkers(browser, origin)).includes(target!), LONG).toBe(false);
}

/** Ends a tab's dedicated catalogue worker from inside (as a crash would: the page is not told). */
async function killDedicatedWorker(page: Page): Promise<void> {
  const worker = page.workers().find((w) => w.url().includes('catalog-worker'));
  expect(worker, 'a running catalogue worker').toBeDefined();
  await worker!.evaluate(() => (globalThis as unknown as { close(): void }).close()).catch(() => undefined);
}

/** The first product of the feed (in the first page a download stores). */
async function firstFeedProduct(base: string): Promise<Doc> {
  const reply = (await (await fetch(`${base}/api/catalog/changes?entities=product&seq=0&limit=1000`)).json()) as { result: { documents: Doc[] } };
  return reply.result.documents.find((d) => !d._deleted)!;
}

/** Offline, the product opens from the device's replica (through whichever catalogue this page runs). */
async function opensOffline(context: BrowserContext, page: Page, base: string, product: Doc): Promise<void> {
  // An offline navigation is the service worker's to answer: it must control the page first (the app, and so its registration, starts after the load event).
  await waitForServiceWorker(page, LONG.timeout);
  await context.setOffline(true);
  await page.goto(`${base}/p/${encodeURIComponent(String(product.sku))}/${String(product.url_key)}`);
  await expect.poll(() => page.locator('h1').textContent(), { timeout: scaled(45_000) }).toBe(product.name);
  await context.setOffline(false);
}

/** The header search's result names for a term, as the page shows them. */
async function searchesOffline(page: Page, term: string): Promise<string[]> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  if ((await box.count()) === 0) await page.getByRole('button', { name: 'Search' }).click();
  // Emptied first, so that each call asks again: filling the box with the term it holds changes
  // nothing, and a poll would keep reading the first answer (one given while the worker restarted).
  await box.fill('');
  await box.fill(term);
  return page.getByRole('list', { name: 'Search' }).getByRole('listitem').locator('.tile-name').allTextContents();
}

describe('the catalogue worker', () => {
  it('gives all tabs one download and one change stream; closing the tab that started it leaves the other to finish with no page fetched twice', { timeout: scaled(300_000) }, async () => {
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
      // A busy worker is not taken for a dead one.
      expect(await restarts(second)).toBeNull();
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('falls back to the page where the browser has no workers, and still browses offline', { timeout: scaled(300_000) }, async () => {
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

  it('uses a dedicated worker in each tab where there is no SharedWorker: the leading tab downloads, the other indexes what it stored, also after both workers died mid-download', { timeout: scaled(300_000) }, async () => {
    const proxy = await countingProxy(shop.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addInitScript(() => void delete (window as unknown as Record<string, unknown>).SharedWorker);
      // One page of products reaches the device; the next ones wait at the proxy while the workers end.
      proxy.hold(PRODUCT_PAGES, 1);
      const pages = [await context.newPage(), await context.newPage()];
      for (const page of pages) await page.goto(proxy.url + '/');
      for (const page of pages) await expect.poll(() => catalogueIn(page), LONG).toBe('worker');
      await expect.poll(() => storedCheckpointSeq(pages[0]!), LONG).toBeGreaterThan(0);
      await expect.poll(() => proxy.waiting(), LONG).toBeGreaterThan(0);
      // Both tabs' workers end mid-download, the leading tab's among them: each tab starts a new one, tells
      // it whether it leads, and the leading tab's takes the download up from the stored checkpoint.
      for (const page of pages) await killDedicatedWorker(page);
      for (const page of pages) await expect.poll(() => restarts(page), LONG).toBe('1');
      for (const page of pages) expect(await catalogueIn(page)).toBe('worker');
      proxy.release();
      for (const page of pages) await expect.poll(() => catalogReady(page), LONG).toBe('true');
      await expectEachDocumentDeliveredOnce(proxy, shop.url);
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
  it('starts the SharedWorker again when it dies mid-download: a search asked meanwhile is answered offline by the new one, the download resumes from its checkpoint with no page delivered twice, and a new change stream connects', { timeout: scaled(300_000) }, async () => {
    const proxy = await countingProxy(shop.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      // One page of products reaches the device; the next ones wait at the proxy while the worker dies.
      proxy.hold(PRODUCT_PAGES, 1);
      const page = await context.newPage();
      await page.goto(proxy.url + '/');
      await expect.poll(() => catalogueIn(page), LONG).toBe('shared-worker');
      await expect.poll(() => storedCheckpointSeq(page), LONG).toBeGreaterThan(0);
      await expect.poll(() => proxy.waiting(), LONG).toBeGreaterThan(0);
      await expect.poll(() => streamMark(page), LONG).toBe('ready');
      expect(streams(proxy).length).toBe(1);

      await killSharedWorker(browser, proxy.url);
      // Offline at once: the search goes to the local catalogue, i.e. first to the worker that is gone
      // (which used to mean 15 s of waiting and then an error, the server being out of reach as well).
      await context.setOffline(true);
      const first = await firstFeedProduct(shop.url);
      // Typed once: the shopper does not type again; the results appear when the new worker answers.
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search products' }).fill(String(first.sku));
      const shown = () => page.getByRole('list', { name: 'Search' }).getByRole('listitem').locator('.tile-name').allTextContents();
      await expect.poll(shown, LONG).toContain(first.name);
      expect(await restarts(page)).toBe('1');
      expect(await catalogueIn(page)).toBe('shared-worker');
      await context.setOffline(false);

      proxy.release();
      await expect.poll(() => catalogReady(page), LONG).toBe('true');
      await expectEachDocumentDeliveredOnce(proxy, shop.url);
      // The new worker holds a change stream of its own (the old one's ended with it), still one for the browser.
      await expect.poll(() => streamMark(page), LONG).toBe('ready');
      expect(streams(proxy).length).toBeGreaterThanOrEqual(2);
      expect((await sharedWorkers(browser, proxy.url)).length).toBe(1);
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('a page back from the back/forward cache hears its worker again (it said goodbye on leaving)', { timeout: scaled(300_000) }, async () => {
    // Playwright turns the back/forward cache off by default; this browser keeps it.
    const cachingBrowser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const proxy = await countingProxy(shop.url);
    try {
      const context = await cachingBrowser.newContext({ viewport: DESKTOP });
      proxy.hold(PRODUCT_PAGES, 1);
      const page = await context.newPage();
      await page.goto(proxy.url + '/');
      await expect.poll(() => catalogueIn(page), LONG).toBe('shared-worker');
      await expect.poll(() => proxy.waiting(), LONG).toBeGreaterThan(0);
      // Away to another site (the same server under another origin: none of the shop's channels reach the cached page) and back.
      expect(await backFromAnotherSite(page, `${proxy.url.replace('127.0.0.1', 'localhost')}/robots.txt`)).toEqual([]);
      // The rest of the download happens now; the restored page must hear that it caught up.
      proxy.release();
      await expect.poll(() => catalogReady(page), LONG).toBe('true');
      expect(await restarts(page)).toBeNull();
    } finally {
      await cachingBrowser.close();
      await proxy.close();
    }
  });

  it("while the download runs, a page hears of stored batches at most every 250 ms and shows the count a few times a second; the shop's size comes from the worker", { timeout: scaled(300_000) }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { heard: number[]; shown: number[]; sizes: unknown[]; SharedWorker: typeof SharedWorker };
        w.heard = [];
        w.shown = [];
        w.sizes = [];
        // The worker's state messages naming what changed, as the page receives them.
        w.SharedWorker = new Proxy(w.SharedWorker, {
          construct: (target, args: ConstructorParameters<typeof SharedWorker>) => {
            const worker = new target(...args);
            worker.port.addEventListener('message', (event: MessageEvent) => {
              const data = event.data as { kind?: string; changed?: unknown; shopProducts?: unknown };
              if (data.kind === 'state' && data.changed) w.heard.push(performance.now());
              if (data.kind === 'state') w.sizes.push(data.shopProducts);
            });
            return worker;
          },
        });
        // Each new count the download panel's progress bar shows.
        let value = -1;
        new MutationObserver(() => {
          const bar = document.querySelector('.offline-catalogue progress');
          if (!(bar instanceof HTMLProgressElement) || bar.value === value) return;
          value = bar.value;
          w.shown.push(performance.now());
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const page = await context.newPage();
      // The page's own catalogue searches (a SharedWorker's requests are not the page's).
      const searches: string[] = [];
      page.on('request', (request) => void (new URL(request.url()).pathname === '/api/catalog' && searches.push(request.postData() ?? '')));
      await page.goto(shop.url + '/');
      await expect.poll(() => catalogueIn(page), LONG).toBe('shared-worker');
      await expect.poll(() => catalogReady(page), LONG).toBe('true');
      const { heard, shown, sizes } = await page.evaluate(() => {
        const w = window as unknown as { heard: number[]; shown: number[]; sizes: unknown[] };
        return { heard: w.heard, shown: w.shown, sizes: w.sizes };
      });
      // The download's scale: the products the replica holds once caught up, as the worker read them, never asked for by the page itself.
      const size = (await (await fetch(`${shop.url}/api/catalog/replica-size`)).json()) as { result: { products: number } };
      expect(size.result.products).toBeGreaterThan(0);
      expect(sizes).toContain(size.result.products);
      expect(searches.filter((body) => body.includes('"sourceInclude":["id"]'))).toEqual([]);
      const within = (times: number[], ms: number) => Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + ms).length));
      console.info(`state messages with changes: ${heard.length}, counts shown: ${shown.length}, over ${Math.round((heard.at(-1) ?? 0) - (heard[0] ?? 0))} ms`);
      // One held message per 250 ms, and the final count sent at once.
      expect(within(heard, 250)).toBeLessThanOrEqual(2);
      expect(within(shown, 1000)).toBeLessThanOrEqual(5);
      expect(shown.length).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });
});
