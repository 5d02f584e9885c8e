/**
 * Issue #29 item 4: how soon a price change reaches the screens already open. Two tabs of one browser
 * context (one origin, so one catalogue SharedWorker), each on the product's page (`--live-pages=`
 * product,listing or listing,listing puts a tab on the category listing that holds it), after the
 * replica has caught up. Prices change one at a time through the shop owner's CSV import; each
 * change is timed from the import's reply (the server has committed it) to the new price in each
 * tab's DOM, stamped there by a MutationObserver on the wall clock (live-price-watch.ts).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import type { BenchOptions } from './bench-options';
import { startBenchServer, type BenchServer } from './bench-server';
import type { Figure } from './figure';
import { LIMIT_MS, livePriceFigures } from './live-price-figures';
import { categoryPaths, expectedPrice, feedProducts, importPrice, listedSkus, showsPlainPrice, taxPercentShown, type ProductDoc } from './live-price-product';
import { clockSkewMs, priceKey, readShownPrice, shownAt, shownSoFar, watchPrice, type WatchedPage } from './live-price-watch';
import { sleep } from './stats';

/** A first visit downloads the whole catalogue before the page says the replica is ready. */
const READY_TIMEOUT_MS = 180_000;

/** `--live-pages=product,listing`: what each of the two tabs shows (product pages by default). */
export function parseLivePages(argv: readonly string[]): WatchedPage[] {
  const given = argv.find((a) => a.startsWith('--live-pages='))?.slice('--live-pages='.length).split(',');
  if (!given) return ['product', 'product'];
  if (given.length !== 2 || !given.every((p) => p === 'product' || p === 'listing')) throw new Error('--live-pages= takes two of product and listing, e.g. --live-pages=product,listing');
  return given;
}

export interface Tab {
  kind: WatchedPage;
  page: Page;
  /** <html data-catalogue-in>: where this tab's catalogue runs (shared-worker when both share one). */
  catalogueIn: string | undefined;
}

export interface Change {
  pence: number;
  /** Node's Date.now() around the import request. */
  sentAt: number;
  repliedAt: number;
  /** Per tab, ms from the reply to the price in the DOM; null when not within LIMIT_MS. */
  shownMs: (number | null)[];
}

async function openReady(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-catalog-ready="true"]', { timeout: READY_TIMEOUT_MS });
}

/** The tax class most products have: its VAT makes the price with VAT differ from the one without (a book's is 0 %). */
function commonTaxClass(products: Map<string, ProductDoc>): unknown {
  const counts = new Map<unknown, number>();
  for (const doc of products.values()) counts.set(doc.tax_class_id, (counts.get(doc.tax_class_id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A product on one of the first category listings whose shown price is its plain price, of the common tax class if any. */
async function chooseProduct(page: Page, shopUrl: string, products: Map<string, ProductDoc>): Promise<{ listing: string; product: ProductDoc }> {
  const taxClass = commonTaxClass(products);
  for (const listing of (await categoryPaths(shopUrl)).slice(0, 8)) {
    await openReady(page, `${shopUrl}${listing}`);
    if (!(await page.waitForSelector('article.tile', { timeout: 10_000 }).catch(() => null))) continue;
    const plain = (await listedSkus(page)).map((sku) => products.get(sku)).filter((doc): doc is ProductDoc => doc !== undefined && showsPlainPrice(doc));
    const product = plain.find((doc) => doc.tax_class_id === taxClass) ?? plain[0];
    if (product) return { listing, product };
  }
  throw new Error('no simple product at its plain price on the first eight category listings');
}

async function openTabs(context: BrowserContext, shopUrl: string, pages: WatchedPage[], products: Map<string, ProductDoc>, log: (line: string) => void) {
  const first = await context.newPage();
  log(`live: first visit to a category listing, waiting for the replica of ${products.size.toLocaleString('en-GB')} products…`);
  const { listing, product } = await chooseProduct(first, shopUrl, products);
  const productPath = `/p/${encodeURIComponent(product.sku)}/${String(product.url_key ?? product.slug ?? 'product')}`;
  const pathOf = (kind: WatchedPage) => (kind === 'listing' ? listing : productPath);
  // The second tab opens before the first leaves the listing, so the shared worker always has a page.
  const second = await context.newPage();
  await openReady(second, `${shopUrl}${pathOf(pages[1]!)}`);
  if (pages[0] === 'product') await openReady(first, `${shopUrl}${productPath}`);
  const tabs: Tab[] = [];
  for (const [i, page] of [first, second].entries()) {
    tabs.push({ kind: pages[i]!, page, catalogueIn: await page.evaluate(() => document.documentElement.dataset.catalogueIn) });
  }
  return { tabs, listing, productPath, product };
}

/**
 * The VAT rate the pages apply, read off the first tab once it shows the product's current price
 * (after hydration and the replica's first read); then every tab must show that price, or the
 * watcher would wait for a text the page never writes.
 */
async function checkShownPrice(tabs: Tab[], product: ProductDoc): Promise<number> {
  const pence = Math.round((product.price as number) * 100);
  const deadline = Date.now() + 20_000;
  let taxPercent: number | undefined;
  for (const tab of tabs) {
    let shown = await readShownPrice(tab.page, tab.kind, product.sku);
    for (;;) {
      taxPercent ??= taxPercentShown(pence, shown);
      if (taxPercent !== undefined && priceKey(shown) === priceKey(expectedPrice(pence, taxPercent))) break;
      if (Date.now() > deadline) throw new Error(`the ${tab.kind} page of ${product.sku} shows "${priceKey(shown)}", not its price of ${pence}p with VAT`);
      await sleep(100);
      shown = await readShownPrice(tab.page, tab.kind, product.sku);
    }
  }
  return taxPercent!;
}

/** One change: the import, then each tab's time to show it (or null past the limit). */
async function change(server: BenchServer, token: string, tabs: Tab[], sku: string, pence: number, taxPercent: number): Promise<Change> {
  const sentAt = Date.now();
  await importPrice(server.url, token, sku, pence);
  const repliedAt = Date.now();
  const expected = priceKey(expectedPrice(pence, taxPercent));
  const shown = await Promise.all(tabs.map((tab) => shownAt(tab.page, expected, repliedAt + LIMIT_MS)));
  return { pence, sentAt, repliedAt, shownMs: shown.map((at) => (at === undefined || at - repliedAt > LIMIT_MS ? null : at - repliedAt)) };
}

export interface LivePricesRun {
  figures: Figure[];
  record: Record<string, unknown>;
}

export async function measureLivePrices(distDir: string, options: BenchOptions, pages: WatchedPage[], log: (line: string) => void): Promise<LivePricesRun> {
  const changes = options.quick ? 15 : 50;
  const token = randomBytes(18).toString('hex');
  const server = await startBenchServer(options.localProducts, log, { DIST_DIR: distDir, ADMIN_TOKEN: token });
  const browser = await launchBrowser();
  try {
    const products = await feedProducts(server.url);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { tabs, listing, productPath, product } = await openTabs(context, server.url, pages, products, log);
    const taxPercent = await checkShownPrice(tabs, product);
    for (const tab of tabs) await watchPrice(tab.page, tab.kind, product.sku);
    const skewBefore = await Promise.all(tabs.map((t) => clockSkewMs(t.page)));
    const visible = await Promise.all(tabs.map((t) => t.page.evaluate(() => document.visibilityState)));
    const loadBefore = os.loadavg();
    const base = Math.round((product.price as number) * 100);
    log(`live: ${changes} price changes of ${product.sku} (${base}p), tabs on ${tabs.map((t) => (t.kind === 'listing' ? listing : productPath)).join(' and ')}`);

    // A first change warms the paths a change takes (the worker's pull, the pages' re-reads); it is reported apart.
    const warmUp = await change(server, token, tabs, product.sku, base + 1, taxPercent);
    const runs: Change[] = [];
    for (let i = 0; i < changes; i++) {
      // Pauses of 100-390 ms, so changes fall at different points of the worker's and pages' batching windows.
      await sleep(100 + ((i * 137) % 300));
      runs.push(await change(server, token, tabs, product.sku, base + 2 + i, taxPercent));
      if ((i + 1) % 10 === 0) log(`live: ${i + 1} of ${changes} changes`);
    }
    const loadAfter = os.loadavg();
    const skewAfter = await Promise.all(tabs.map((t) => clockSkewMs(t.page)));
    // What each tab showed, in order: when a change never arrives, what came instead (or nothing).
    const shownTexts = await Promise.all(tabs.map((t) => shownSoFar(t.page)));
    await context.close();

    const lastShown = shownTexts.map((seen) => seen.at(-1)?.key);
    const figures = livePriceFigures({ tabs, runs, warmUp, products: options.localProducts, loadBefore, loadAfter, skew: [...skewBefore, ...skewAfter], visible, lastShown });
    const record = { product: product.sku, listing, productPath, pages, taxPercent, loadBefore, loadAfter, skewMs: { before: skewBefore, after: skewAfter }, visible, catalogueIn: tabs.map((t) => t.catalogueIn), warmUp, changes: runs, shownTexts };
    return { figures, record };
  } finally {
    await browser.close();
    await server.stop();
  }
}
