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
import { DESKTOP, openPage, shot } from './browse-support';

/**
 * A new version reaches an open shop: built into a folder of its own, the shop serves it; a second
 * build (another VITE_BUILD_ID, so other chunk hashes and another precache list) lands in the same
 * folder while the server runs; the page's service worker finds it, the prompt appears, and
 * accepting it reloads the page into the new version.
 */
let shop: Shop;
let browser: Browser;
let distDir: string;

const build = (id: string) =>
  promisify(execFile)('npm', ['run', 'build'], { cwd: REPO_ROOT, env: { ...process.env, NODE_ENV: 'production', DIST_DIR: distDir, VITE_BUILD_ID: id }, maxBuffer: 16 * 1024 * 1024 });

beforeAll(async () => {
  mkdirSync(TMP_ROOT, { recursive: true });
  distDir = await mkdtemp(path.join(TMP_ROOT, 'sw-dist-'));
  await build('first');
  [shop, browser] = await Promise.all([startShop({ DIST_DIR: distDir, VITE_BUILD_ID: 'first' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('service worker', () => {
  it('installs with the manifest, then announces a new build and reloads into it on request', { timeout: 300_000 }, async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build ?? null), { timeout: 30_000 }).toBe('first');
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      return (await fetch(href)).json() as Promise<{ display: string; icons: { sizes: string; purpose: string }[] }>;
    });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));

    // First visit: the worker installs, takes control, and nothing is announced (this is the current version).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 90_000, interval: 500 }).toBe('activated');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    await build('second');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByTestId('update-prompt');
    await expect.poll(() => prompt.count(), { timeout: 90_000, interval: 500 }).toBe(1);
    expect(await prompt.textContent()).toContain('A new version of the shop is available.');
    // The page still runs the first build until the shopper says so.
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('first');
    await shot(page, 'update-prompt');

    await prompt.getByRole('button', { name: 'Reload to update' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build ?? null).catch(() => null), { timeout: 60_000, interval: 500 }).toBe('second');
    await expect.poll(() => page.getByTestId('update-prompt').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
