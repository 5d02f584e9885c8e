/**
 * `npm run docs:screenshots`: the pictures in README.md, taken from a real browser (the system Chromium)
 * against a demo shop this script starts on a temporary data folder, so they show the shop as it is.
 * JPEG at a quality that keeps each file under MAX_BYTES (the README's pictures load on slow links too).
 */
import { mkdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import { spawnServer } from '../tests/helpers/spawn-server';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';

const OUT_DIR = path.join(REPO_ROOT, 'docs', 'images');
const MAX_BYTES = 150 * 1024;
/** A loaded machine builds and downloads slowly: conditions are awaited up to this long. */
const WAIT_MS = 180_000;
/** `npm start` may rebuild the app and seeds the demo catalogue on its first start. */
const START_MS = 600_000;

interface Shot {
  file: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** Brings the page to what the picture shows; returns the element to picture, or null for the viewport. */
  prepare(page: Page): Promise<string | null>;
}

async function openHome(page: Page, shopUrl: string): Promise<void> {
  await page.goto(shopUrl + '/', { timeout: WAIT_MS });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: WAIT_MS });
  // Tiles' pictures are drawn on first request: wait until every image in view has loaded (the ones
  // below the fold or hidden at this width load lazily or never, so they are not waited for).
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0 && box.left < innerWidth;
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    undefined,
    { timeout: WAIT_MS },
  );
}

const shots = (shopUrl: string): Shot[] => [
  { file: 'shop-desktop.jpg', viewport: { width: 1280, height: 800 }, mobile: false, prepare: async (page) => (await openHome(page, shopUrl), null) },
  { file: 'shop-phone.jpg', viewport: { width: 390, height: 844 }, mobile: true, prepare: async (page) => (await openHome(page, shopUrl), null) },
  {
    file: 'use-offline-panel.jpg',
    viewport: { width: 1280, height: 800 },
    mobile: false,
    prepare: async (page) => {
      await openHome(page, shopUrl);
      // The panel as a shopper finds it once the download has finished ("All N products are saved…").
      await page.waitForFunction(() => /^All \d+ products/.test(document.querySelector('[data-testid="offline-catalogue-status"]')?.textContent ?? ''), undefined, { timeout: WAIT_MS });
      await page.waitForSelector('[data-testid="offline-storage"]', { timeout: WAIT_MS });
      await page.locator('.use-offline').scrollIntoViewIfNeeded();
      return '.use-offline';
    },
  },
];

/** Takes one picture, lowering the JPEG quality until it fits MAX_BYTES. */
async function take(browser: Browser, shot: Shot): Promise<void> {
  const context = await browser.newContext({ viewport: shot.viewport, isMobile: shot.mobile, hasTouch: shot.mobile, deviceScaleFactor: shot.mobile ? 2 : 1 });
  try {
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    const selector = await shot.prepare(page);
    const file = path.join(OUT_DIR, shot.file);
    for (const quality of [80, 70, 60, 50, 40]) {
      const options = { path: file, type: 'jpeg' as const, quality, animations: 'disabled' as const };
      if (selector) await page.locator(selector).screenshot(options);
      else await page.screenshot(options);
      const size = statSync(file).size;
      if (size <= MAX_BYTES) {
        console.log(`${path.relative(REPO_ROOT, file)}: ${Math.round(size / 1024)} kB (quality ${quality})`);
        return;
      }
    }
    throw new Error(`${shot.file} stays over ${MAX_BYTES} bytes at the lowest quality`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  mkdirSync(TMP_ROOT, { recursive: true });
  const dataDir = await mkdtemp(path.join(TMP_ROOT, 'docs-shop-'));
  // The shop as `npm start` runs it, on a data folder of its own: the demo catalogue as a newcomer sees it.
  const shop = await spawnServer({ DATA_DIR: dataDir }, START_MS, 'server/cli/start.js');
  try {
    const browser = await launchBrowser();
    try {
      for (const shot of shots(shop.url)) await take(browser, shot);
    } finally {
      await browser.close();
    }
  } finally {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
