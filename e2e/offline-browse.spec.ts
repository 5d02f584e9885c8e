import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { api, DESKTOP, openPage, shot } from './browse-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const SLEEVE_ANCHORS = 102;
const OFFLINE_MESSAGE = 'You are offline: results come from the products saved on this device.';

describe('browsing offline from the local database', () => {
  it('lists a category, opens a product and searches a misspelt word with the connection off', { timeout: 180_000 }, async () => {
    const { total } = await api<{ total: number }>(shop.url, '/api/catalog', {
      size: 1,
      searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [SLEEVE_ANCHORS] } }, { attribute: 'visibility', value: { in: [2, 4] } }, { attribute: 'status', value: { in: [0, 1] } }] },
    });
    expect(total).toBeGreaterThan(0);
    const { page } = await openPage(browser, DESKTOP);
    // Online first: the screens' code arrives (there is no service worker yet) and the catalogue replicates.
    await page.goto(shop.url + '/c/through-bolts');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(50);
    await tiles.first().locator('.tile-link').click();
    await expect.poll(() => page.locator('h1').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('plug');
    await page.keyboard.press('Escape');
    await page.locator('a.brand').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), { timeout: 120_000, interval: 500 }).toBe('true');

    await page.context().setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await menu.getByRole('link', { name: 'Anchors & Fixings' }).hover();
    await menu.getByRole('link', { name: 'Sleeve Anchors' }).click();
    await expect.poll(() => page.getByTestId('product-count').textContent(), { timeout: 15_000 }).toBe(`${total} products`);
    expect(await tiles.count()).toBe(Math.min(50, total));
    const name = (await tiles.first().locator('.tile-name').textContent()) ?? '';
    await tiles.first().locator('.tile-link').click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe(name);
    await shot(page, 'offline-product');

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('throgh bolt');
    const results = page.getByRole('list', { name: 'Search' }).getByRole('listitem');
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await results.first().locator('.tile-name').textContent()).toMatch(/Through Bolt/);
    expect(await page.locator('.search-message').textContent()).toBe(OFFLINE_MESSAGE);
    await shot(page, 'offline-search');
    await page.close();
  });
});
