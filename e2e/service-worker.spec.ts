import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, openPage, productDoc, shot } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * A new version reaches an open shop: built into a folder of its own, the shop serves it; a second
 * build (another VITE_BUILD_ID, so other chunk hashes and another precache list) lands in the same
 * folder while the server runs; the page's service worker finds it, the prompt appears, and
 * accepting it reloads the page into the new version.
 */
let shop: Shop;
let browser: Browser;
let distDir: string;
const ADMIN_TOKEN = 'service-worker-spec';

const build = (id: string) =>
  promisify(execFile)('npm', ['run', 'build'], { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production', DIST_DIR: distDir, VITE_BUILD_ID: id }, maxBuffer: 16 * 1024 * 1024 });

beforeAll(async () => {
  mkdirSync(TMP_ROOT, { recursive: true });
  distDir = await mkdtemp(path.join(TMP_ROOT, 'sw-dist-'));
  await build('first');
  [shop, browser] = await Promise.all([startShop({ DIST_DIR: distDir, VITE_BUILD_ID: 'first', ADMIN_TOKEN }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('service worker', () => {
  it('installs with the manifest, then announces a new build and reloads into it on request', { timeout: scaled(300_000) }, async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build ?? null), { timeout: scaled(30_000) }).toBe('first');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return (await fetch(href)).json() as Promise<{ display: string; icons: { sizes: string; purpose: string }[] }>;
    });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));

    // First visit: the worker installs, takes control, and nothing is announced (this is the current version).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: scaled(90_000), interval: 500 }).toBe('activated');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    await build('second');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect.poll(() => prompt.count(), { timeout: scaled(90_000), interval: 500 }).toBe(1);
    expect(await prompt.textContent()).toContain('A new version of the shop is available.');
    // The page still runs the first build until the shopper says so.
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('first');
    await shot(page, 'update-prompt');

    await prompt.getByRole('button', { name: 'Reload to update' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build ?? null).catch(() => null), { timeout: scaled(60_000), interval: 500 }).toBe('second');
    await expect.poll(() => page.getByTestId('update-prompt').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends navigations to the network while online: a reload shows the renamed product as the server renders it, not the cached shell', { timeout: scaled(180_000) }, async () => {
    const doc = await productDoc(shop.url, 'ST-M4-50');
    const url = `${shop.url}/p/ST-M4-50/${String(doc.url_key)}`;
    const { page, errors } = await openPage(browser, DESKTOP);
    // The heading as the document arrived, before any script ran: the server's, or none from the shell.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => ((window as unknown as { arrivedH1: string | null }).arrivedH1 = document.querySelector('#root h1')?.textContent ?? null)),
    );
    await page.goto(url);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: scaled(90_000), interval: 500 }).toBe('activated');
    expect(await page.evaluate(() => (window as unknown as { arrivedH1: string | null }).arrivedH1)).toBe(String(doc.name));

    const renamed = `Network First Wood Screw ${Date.now()}`;
    const imported = await fetch(`${shop.url}/api/catalog/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
      body: JSON.stringify({ products: [{ ...doc, name: renamed }] }),
    });
    expect(imported.status).toBe(200);
    // The server's own page has the new name once its output cache has let the old one go.
    await expect.poll(async () => (await (await fetch(url)).text()).includes(renamed)).toBe(true);

    const response = await page.reload();
    // The worker answered the navigation (it controls the page), with the network's page: the new name
    // is in the HTML as it arrived. The precached shell has an empty #root, and the old name would be
    // a stale copy.
    expect(response?.fromServiceWorker()).toBe(true);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { arrivedH1: string | null }).arrivedH1)).toBe(renamed);
    expect(await response?.text()).toContain(renamed);
    expect(errors).toEqual([]);
    await page.close();
  });
});
