import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { DESKTOP, openPage, PHONE, productDoc, shot } from './browse-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

describe('search panel', () => {
  it('asks for 3 characters, finds a misspelt word, shows thumbnails and loads more', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(shop.url + '/');
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('searchbox', { name: 'Search products' });
    await input.fill('sp');
    await expect.poll(() => page.locator('.search-message').textContent()).toBe('Searched term should consist of at least 3 characters.');
    await input.fill('spring togle');
    const results = page.getByRole('list', { name: 'Search' }).getByRole('listitem');
    await expect.poll(() => results.count()).toBeGreaterThan(0);
    expect(await results.first().locator('.tile-name').textContent()).toMatch(/Spring Toggle/);
    const thumb = results.first().locator('img');
    expect(await thumb.getAttribute('src')).toMatch(/^\/img\/324\/489\/resize\//);
    expect([await thumb.getAttribute('width'), await thumb.getAttribute('height')]).toEqual(['324', '489']);
    expect(await page.locator('.search-message').count()).toBe(0);
    await shot(page, 'search-phone');
    await input.fill('throgh bolt');
    await expect.poll(() => results.first().locator('.tile-name').textContent()).toMatch(/Through Bolt/);
    expect(await results.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => results.count()).toBe(100);
    // Picking a result leaves the search for the product's page: the panel closes.
    const picked = (await results.first().locator('.tile-name').textContent())!;
    await results.first().getByRole('link').first().click();
    await expect.poll(() => page.locator('.product h1').textContent()).toBe(picked);
    expect(await page.locator('.search-panel').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('compare and wishlist', () => {
  it('compares products side by side under "Compare Products"', async () => {
    const { page } = await openPage(browser, DESKTOP);
    const skus = ['ST-M4-50', 'ST-M6-80'];
    for (const sku of skus) {
      const doc = await productDoc(shop.url, sku);
      await page.goto(`${shop.url}/p/${sku}/${String(doc.url_key)}`);
      await page.getByRole('button', { name: 'Add to compare' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Remove from compare' }).count()).toBe(1);
    }
    await page.getByRole('link', { name: /^Compare/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Compare Products');
    expect(await page.title()).toBe('Compare Products | Fixings Direct');
    const heads = page.locator('.compare-table thead th a');
    await expect.poll(() => heads.count()).toBe(2);
    // A comparable attribute row with each product's value in its column.
    const diameter = page.locator('.compare-table tbody tr', { has: page.getByRole('rowheader', { name: 'Thread diameter' }) });
    await expect.poll(() => diameter.locator('td').allTextContents()).toEqual(['M6', 'M4']);
    await shot(page, 'compare-desktop');
    await page.getByRole('button', { name: 'Remove' }).first().click();
    await expect.poll(() => heads.count()).toBe(1);
    await page.close();
  });

  it('keeps a wishlist in its panel across a reload', async () => {
    const { page } = await openPage(browser, PHONE);
    const doc = await productDoc(shop.url, 'KIT-KITCHEN');
    await page.goto(`${shop.url}/p/KIT-KITCHEN/${String(doc.url_key)}`);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect.poll(() => page.locator('.count-badge').first().textContent()).toBe('1');
    await page.reload();
    await page.getByRole('button', { name: /^Wishlist/ }).click();
    const list = page.getByRole('list', { name: 'Wishlist' });
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual([String(doc.name)]);
    await shot(page, 'wishlist-phone');
    await list.getByRole('button', { name: `Remove ${String(doc.name)}` }).click();
    await expect.poll(() => page.getByText('Your wishlist is empty.').count()).toBe(1);
    await page.close();
  });
});
