import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { api, DESKTOP, openPage, PHONE, shot, type Doc } from './browse-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

const THROUGH_BOLTS = 101;
const listed = (extra: unknown[] = []) => ({
  size: 1,
  sourceInclude: ['sku'],
  searchQuery: {
    _appliedFilters: [
      { attribute: 'category_ids', value: { in: [THROUGH_BOLTS] } },
      { attribute: 'visibility', value: { in: [2, 4] } },
      { attribute: 'status', value: { in: [0, 1] } },
      ...extra,
    ],
  },
});

describe('category page', () => {
  it('lists 50 a page with breadcrumbs and loads more from the next offset', async () => {
    const { total } = await api<{ total: number }>(shop.url, '/api/catalog', listed());
    expect(total).toBeGreaterThan(100);
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/c/through-bolts');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count()).toBe(50);
    expect(await page.getByTestId('product-count').textContent()).toBe(`${total} products`);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).textContent()).toBe('HomeAnchors & FixingsThrough Bolts');
    expect(await page.title()).toBe('Through Bolts | Fixings Direct');
    // Screen readers navigate by headings: no level is skipped (a product's name is an h2 under the h1).
    const levels = await page.locator('main :is(h1, h2, h3, h4, h5, h6)').evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1)).toEqual([]);
    await shot(page, 'category-desktop');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => tiles.count()).toBe(100);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => tiles.count()).toBe(total);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('restores the scroll position on back and starts a new page at the top', async () => {
    const { page } = await openPage(browser, PHONE);
    await page.goto(shop.url + '/c/through-bolts');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count()).toBe(50);
    await tiles.nth(20).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    await tiles.nth(20).locator('.tile-link').click();
    await expect.poll(() => page.locator('article.product').count()).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    await page.close();
  });

  it('filters by an attribute option, sorts by price and keeps both in the url', async () => {
    const { total: m10 } = await api<{ total: number }>(shop.url, '/api/catalog', listed([{ attribute: 'bolt_diameter', value: { in: ['10'] } }]));
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/c/through-bolts');
    await page.getByRole('group', { name: 'Thread diameter' }).getByRole('checkbox', { name: /^M10 / }).click();
    await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${m10} products`);
    expect(new URL(page.url()).searchParams.get('bolt_diameter')).toBe('10');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
    const sorted = await api<{ items: Doc[] }>(shop.url, '/api/catalog', { ...listed([{ attribute: 'bolt_diameter', value: { in: ['10'] } }]), size: 50, sourceInclude: ['name'], searchQuery: { ...listed([{ attribute: 'bolt_diameter', value: { in: ['10'] } }]).searchQuery, _appliedSort: [{ field: 'final_price', options: 'asc' }] } });
    await expect.poll(() => page.locator('.listing .tile-name').allTextContents()).toEqual(sorted.items.map((p) => p.name));
    // The default sort is Recommended, and a reload keeps filter and sort.
    await page.reload();
    await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${m10} products`);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
    await page.close();
  });

  it('labels the price buckets and warns when a list is empty', async () => {
    const { page } = await openPage(browser, PHONE);
    await page.goto(shop.url + '/c/through-bolts');
    await page.getByRole('button', { name: 'Filters' }).click();
    const prices = page.getByRole('dialog').getByRole('group', { name: 'Price (incl. VAT)' }).locator('label');
    await expect.poll(() => prices.allTextContents()).toEqual([expect.stringMatching(/^< £50 \(\d+\)$/), expect.stringMatching(/^£50 - £100 \(\d+\)$/), expect.stringMatching(/^£100 - £150 \(\d+\)$/), expect.stringMatching(/^> £150 \(\d+\)$/)]);
    await shot(page, 'category-phone');
    await page.goto(shop.url + '/c/through-bolts?price=150-');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('No products synchronized for this category. Please come back while online!');
    await page.close();
  });

  it('shows out-of-stock products in the list', async () => {
    const screws = await api<{ items: Doc[] }>(shop.url, '/api/catalog', { size: 200, sourceInclude: ['sku', 'stock'], searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [23] } }, { attribute: 'visibility', value: { in: [2, 4] } }, { attribute: 'status', value: { in: [0, 1] } }], _appliedSort: [{ field: 'position', options: 'desc' }] } });
    const firstOut = screws.items.findIndex((p) => (p.stock as { is_in_stock: boolean }).is_in_stock === false);
    expect(firstOut).toBeGreaterThanOrEqual(0);
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/c/screws');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count()).toBeGreaterThan(0);
    if (firstOut >= 50) await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => tiles.nth(firstOut).locator('.tile-stock').textContent()).toBe('Out of the stock!');
    await page.close();
  });

  it('store views: no prefix and no storeCode with multistore off; /de paths and storeCode=de with it on', async () => {
    const off = await openPage(browser, DESKTOP);
    const offCalls: string[] = [];
    off.page.on('request', (r) => r.url().includes('/api/') && offCalls.push(r.url()));
    await off.page.goto(shop.url + '/c/through-bolts');
    await expect.poll(() => off.page.locator('.listing .tile-link').count()).toBe(50);
    expect(await off.page.locator('.listing .tile-link').first().getAttribute('href')).toMatch(/^\/p\//);
    // The first page came with the server's HTML; once hydrated the browser reads on its own (the next page).
    await expect.poll(() => off.page.locator('.sync-button').isEnabled()).toBe(true);
    await off.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => off.page.locator('.listing .tile-link').count()).toBe(100);
    await expect.poll(() => offCalls.length).toBeGreaterThan(0);
    expect(offCalls.filter((u) => u.includes('storeCode'))).toEqual([]);
    await off.page.close();

    const on = await openPage(browser, DESKTOP);
    await on.page.addInitScript(() => localStorage.setItem('fixings.multistore', 'on'));
    const onCalls: string[] = [];
    on.page.on('request', (r) => r.url().includes('/api/') && onCalls.push(r.url()));
    await on.page.goto(shop.url + '/de/c/through-bolts');
    await expect.poll(() => on.page.locator('.listing .tile-link').count()).toBe(50);
    // The server's HTML (the default store's) shows until this browser's store view renders afresh.
    await expect.poll(() => on.page.locator('.listing .tile-link').first().getAttribute('href')).toMatch(/^\/de\/p\//);
    expect(onCalls.length).toBeGreaterThan(0);
    expect(onCalls.filter((u) => !u.includes('storeCode=de'))).toEqual([]);
    // The German view speaks German; prices stay in pounds.
    expect(await on.page.getByRole('button', { name: 'Suche' }).count()).toBe(1);
    await on.page.getByRole('link', { name: 'About us' }).click();
    await expect.poll(() => new URL(on.page.url()).pathname).toBe('/de/about-us');
    await on.page.close();
  });
});
