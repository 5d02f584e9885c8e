import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../tests/helpers/test-config';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('home page', () => {
  it('shows the category menu and the new collection with prices in pounds', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(shop.url + '/');
    await expect.poll(() => page.getByRole('navigation', { name: 'Categories' }).getByRole('link').count()).toBeGreaterThan(5);
    const tiles = page.getByRole('list', { name: 'New collection' }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(8);
    expect(await tiles.first().locator('.price').textContent()).toMatch(/^£\d+\.\d{2}$/);
    await page.screenshot({ path: path.join(TMP_ROOT, 'home-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers deep links with the app shell', async () => {
    const response = await fetch(`${shop.url}/c/screws`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
  });
});
