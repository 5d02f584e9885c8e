import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { api, DESKTOP, openPage, shot, asShown } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';
import { waitForServiceWorker } from './helpers/service-worker';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

const SLEEVE_ANCHORS = 102;
const DRILL_BITS_QUERY = 'drill bit';
const OFFLINE_MESSAGE = 'You are offline: results come from the products saved on this device.';
const OFFLINE_REDIRECT = 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.';
const ENABLED = { attribute: 'status', value: { in: [0, 1] } };
const SHOWN = { attribute: 'visibility', value: { in: [2, 4] } };

describe('browsing offline from the local database', () => {
  it('lists a category, opens a product and searches a misspelt word with the connection off; reloads offline', { timeout: scaled(300_000) }, async () => {
    const { total } = await api<{ total: number }>(shop.url, '/api/catalog', {
      size: 1,
      searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [SLEEVE_ANCHORS] } }, { attribute: 'visibility', value: { in: [2, 4] } }, { attribute: 'status', value: { in: [0, 1] } }] },
    });
    expect(total).toBeGreaterThan(0);
    const { page } = await openPage(browser, DESKTOP);
    // Online first: the screens' code arrives (there is no service worker yet) and the catalogue replicates.
    await page.goto(shop.url + '/c/through-bolts');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count()).toBe(50);
    await tiles.first().locator('.tile-link').click();
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('plug');
    await page.keyboard.press('Escape');
    await page.locator('a.brand').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), { timeout: scaled(120_000), interval: 500 }).toBe('true');
    // The whole catalogue is downloaded by default ("Use offline" in the footer): n of N, then done.
    const { total: enabled } = await api<{ total: number }>(shop.url, '/api/catalog', { size: 1, sourceInclude: ['id'], searchQuery: { _appliedFilters: [ENABLED] } });
    const status = page.getByTestId('offline-catalogue-status');
    await expect.poll(() => status.textContent(), { timeout: scaled(120_000), interval: 500 }).toMatch(/^All [\d,]+ products are saved on this device\.$/);
    // The device holds at least what a guest can list (trade-only products too).
    const saved = Number(/[\d,]+/.exec((await status.textContent()) ?? '')?.[0]?.replaceAll(',', ''));
    expect(saved).toBeGreaterThanOrEqual(enabled);
    expect(await page.getByTestId('offline-progress').textContent()).toBe(`${asShown(saved)} of ${asShown(saved)} products`);
    expect(await page.getByTestId('offline-storage').textContent()).toMatch(/^Storage used on this device: [\d.]+ (kB|MB|GB) of [\d.]+ (kB|MB|GB) available\./);
    // The service worker has precached the app and controls the page, so reloads work offline.
    await waitForServiceWorker(page);
    // A product never opened online, from another part of the catalogue.
    const { items: [unvisited] } = await api<{ items: { sku: string; name: string; url_key: string }[] }>(shop.url, '/api/catalog', {
      size: 1,
      from: 7,
      sourceInclude: ['sku', 'name', 'url_key'],
      searchQuery: { _searchText: DRILL_BITS_QUERY, _appliedFilters: [SHOWN, ENABLED] },
    });
    expect(unvisited).toBeDefined();

    await page.context().setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await menu.getByRole('link', { name: 'Anchors & Fixings' }).hover();
    await menu.getByRole('link', { name: 'Sleeve Anchors' }).click();
    await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${total} products`);
    expect(await tiles.count()).toBe(Math.min(50, total));
    const name = (await tiles.first().locator('.tile-name').textContent()) ?? '';
    await tiles.first().locator('.tile-link').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    await shot(page, 'offline-product');

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('throgh bolt');
    const results = page.getByRole('list', { name: 'Search' }).getByRole('listitem');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.first().locator('.tile-name').textContent()).toMatch(/Through Bolt/);
    expect(await page.locator('.search-message').textContent()).toBe(OFFLINE_MESSAGE);
    await shot(page, 'offline-search');
    const visitedProduct = new URL(page.url()).pathname;

    // Reloaded with no connection: the service worker serves the shell, the database the data.
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: scaled(45_000) }).toBe(name);
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/^You are offline\./);
    await page.goto(shop.url + '/');
    await expect.poll(() => page.locator('.home h1').count(), { timeout: scaled(45_000) }).toBe(1);
    await page.goto(shop.url + '/c/through-bolts');
    await expect.poll(() => tiles.count(), { timeout: scaled(45_000) }).toBe(50);
    await page.goto(shop.url + visitedProduct);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: scaled(45_000) }).toBe(name);
    await page.goto(`${shop.url}/p/${encodeURIComponent(unvisited!.sku)}/${unvisited!.url_key}`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: scaled(45_000) }).toBe(unvisited!.name);
    await shot(page, 'offline-unvisited-product');

    // A page the database cannot serve: the notice, then Home.
    await page.goto(shop.url + '/about-us');
    await expect.poll(() => page.getByText(OFFLINE_REDIRECT).count(), { timeout: scaled(45_000) }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('.home h1').count()).toBe(1);
    await shot(page, 'offline-redirect');
    await page.close();
  });
});
