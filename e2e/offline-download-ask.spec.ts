import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, failing, listed } from './helpers/axe-audit';
import { countingProxy, type CountingProxy } from './helpers/counting-proxy';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, PHONE, shot, asShown } from './browse-support';
import { STORED_BYTES_PER_PRODUCT } from '../src/features/offline/download-progress';
import { scaled, waitLimit } from '../tests/helpers/time-limits';

const running = shopAndBrowser();
const LONG = waitLimit(120_000, { interval: 250 });

/** The products replica's feed requests, whoever made them (the shared worker's are not the page's). */
const productFeed = (proxy: CountingProxy) => proxy.seen.filter((line) => line.startsWith('GET /api/catalog/changes?entities=product&'));

/** A phone with Save-Data on, as Chromium's Network Information API tells it, defined before the app loads. */
async function saveDataContext(viewport = PHONE): Promise<BrowserContext> {
  const context = await running.browser.newContext({ viewport });
  await context.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { saveData: true, type: 'wifi', effectiveType: '4g', downlink: 10, rtt: 50 });
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
  });
  return context;
}

interface Shown {
  now: number;
  max: number;
}

/** Records each count the header's and the "Use offline" panel's progress bars show, from before the app loads. */
async function recordProgress(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { progress: Record<string, { now: number; max: number }[]> };
    w.progress = { header: [], panel: [] };
    const note = (list: { now: number; max: number }[], shown: { now: number; max: number }) => {
      const last = list.at(-1);
      if (!last || last.now !== shown.now || last.max !== shown.max) list.push(shown);
    };
    new MutationObserver(() => {
      const header = document.querySelector('[data-testid="header-download-progress"]');
      if (header) note(w.progress.header!, { now: Number(header.getAttribute('aria-valuenow')), max: Number(header.getAttribute('aria-valuemax')) });
      const panel = document.querySelector('.offline-catalogue progress');
      if (panel instanceof HTMLProgressElement) note(w.progress.panel!, { now: panel.value, max: panel.max });
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const shownProgress = (page: Page) => page.evaluate(() => (window as unknown as { progress: { header: Shown[]; panel: Shown[] } }).progress);

/** Counted steadily: the count never goes down, and the total never changes (it is the replica's final size). */
function expectSteady(shown: Shown[], total: number): void {
  expect(shown.length).toBeGreaterThan(0);
  expect([...new Set(shown.map((s) => s.max))], JSON.stringify(shown)).toEqual([total]);
  for (let i = 1; i < shown.length; i++) expect(shown[i]!.now, JSON.stringify(shown)).toBeGreaterThanOrEqual(shown[i - 1]!.now);
}

/** The database is open and the catalogue worker's change stream connected: the download would have begun by now. */
async function catalogueRunning(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogueStream ?? null), LONG).toBe('ready');
}

/** The products a caught-up replica holds, as the server tells it: the download's total. */
async function replicaSize(base: string): Promise<number> {
  const reply = await fetch(`${base}/api/catalog/replica-size`);
  return ((await reply.json()) as { result: { products: number } }).result.products;
}

describe('the offline catalogue download on a metered or Save-Data connection', () => {
  it('asks first, with its size, and downloads nothing until "Download now", then shows its progress in the header; browsing works meanwhile', { timeout: scaled(300_000) }, async () => {
    const proxy = await countingProxy(running.shop.url);
    const context = await saveDataContext();
    await recordProgress(context);
    try {
      const page = await context.newPage();
      await page.goto(proxy.url + '/');
      const question = page.getByTestId('offline-download-question');
      await expect.poll(() => question.isVisible(), LONG).toBe(true);
      await catalogueRunning(page);
      expect(productFeed(proxy)).toEqual([]);

      const products = await replicaSize(running.shop.url);
      const mb = Math.max(1, Math.round((products * STORED_BYTES_PER_PRODUCT) / 1_000_000));
      expect(await question.getByRole('heading').textContent()).toBe('Use the shop with no signal');
      await shot(page, 'offline-download-question');
      expect(await question.textContent()).toContain(`about ${mb} MB for ${asShown(products)} products`);
      // Not a dialog in the way: the home page's lists come from the server meanwhile.
      await expect.poll(() => page.locator('.home-list .tile-name').count(), LONG).toBeGreaterThan(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      const found = failing(await audit(page, 'question'));
      expect(found, listed(found)).toEqual([]);
      expect(productFeed(proxy)).toEqual([]);

      // A slow network, so the download's progress is there to be seen.
      proxy.delay(/^\/api\/catalog\/changes\?entities=product&/, 1500);
      await question.getByRole('button', { name: 'Download now' }).click();
      await expect.poll(() => question.count()).toBe(0);
      await expect.poll(() => productFeed(proxy).length, LONG).toBeGreaterThan(0);
      const bar = page.getByRole('progressbar', { name: /^Saving for offline \d+%$/ });
      await expect.poll(() => bar.isVisible(), LONG).toBe(true);
      const text = await bar.textContent();
      expect(await bar.getAttribute('aria-label')).toBe(text);
      // It hangs from the header: the phone's header stays as high as it was.
      expect((await page.locator('header.site-header').boundingBox())?.height).toBeLessThanOrEqual(120);
      await shot(page, 'header-download-progress');
      const inHeader = failing(await audit(page, 'header progress'));
      expect(inHeader, listed(inHeader)).toEqual([]);
      proxy.delay(/^$/, 0);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), LONG).toBe('true');
      await expect.poll(() => bar.count(), LONG).toBe(0);
      // The panel in the footer counts on the same basis, to N of N.
      await expect.poll(() => page.getByTestId('offline-progress').textContent(), LONG).toBe(`${asShown(products)} of ${asShown(products)} products`);
      const shown = await shownProgress(page);
      console.info(`progress shown: ${JSON.stringify(shown)}`);
      expectSteady(shown.header, products);
      expectSteady(shown.panel, products);
      expect(shown.panel.at(-1)).toEqual({ now: products, max: products });

      // Answered: a reload asks nothing again, and the panel says all is saved.
      await page.reload();
      await catalogueRunning(page);
      await expect.poll(() => page.getByTestId('offline-catalogue-status').textContent(), LONG).toBe(`All ${asShown(products)} products are saved on this device.`);
      expect(await question.count()).toBe(0);
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('"Not now" is remembered on the device: a reload does not ask again or download, and the panel can still start it', { timeout: scaled(300_000) }, async () => {
    const proxy = await countingProxy(running.shop.url);
    const context = await saveDataContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(proxy.url + '/');
      const question = page.getByTestId('offline-download-question');
      await expect.poll(() => question.isVisible(), LONG).toBe(true);
      await question.getByRole('button', { name: 'Not now' }).click();
      await expect.poll(() => question.count()).toBe(0);

      await page.reload();
      await catalogueRunning(page);
      const status = page.getByTestId('offline-catalogue-status');
      await expect.poll(() => status.textContent(), LONG).toBe('Turned off: pages you open online are not saved for offline use.');
      expect(await question.count()).toBe(0);
      expect(productFeed(proxy)).toEqual([]);

      // A click, not check(): the box shows the stored choice, so it turns on once the choice is written.
      const choice = page.getByRole('checkbox', { name: 'Download the catalogue for offline use' });
      await choice.click();
      await expect.poll(() => choice.isChecked()).toBe(true);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), LONG).toBe('true');
      expect(productFeed(proxy).length).toBeGreaterThan(0);
    } finally {
      await context.close();
      await proxy.close();
    }
  });

  it('on an unmetered connection, downloads on its own without asking, as before; on mobile data later, it asks nothing and keeps the catalogue', { timeout: scaled(300_000) }, async () => {
    const proxy = await countingProxy(running.shop.url);
    const context = await running.browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(proxy.url + '/');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), LONG).toBe('true');
      expect(productFeed(proxy).length).toBeGreaterThan(0);
      expect(await page.getByTestId('offline-download-question').count()).toBe(0);
      // The figure behind the question's estimate (STORED_BYTES_PER_PRODUCT): IndexedDB's share per product stored.
      const stored = await page.evaluate(async () => ((await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } }).usageDetails?.indexedDB ?? 0);
      const saved = await replicaSize(running.shop.url);
      console.info(`IndexedDB after the download: ${stored} bytes, ${Math.round(stored / saved)} bytes per product saved (${saved})`);

      // The same shopper later on mobile data: the catalogue is on the device already, so nothing is
      // asked and it keeps following the shop.
      await context.addInitScript(() => {
        const connection = Object.assign(new EventTarget(), { saveData: false, type: 'cellular', effectiveType: '4g' });
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
      });
      await page.reload();
      await catalogueRunning(page);
      await expect.poll(() => page.getByTestId('offline-catalogue-status').textContent(), LONG).toBe(`All ${asShown(saved)} products are saved on this device.`);
      expect(await page.getByTestId('offline-download-question').count()).toBe(0);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
