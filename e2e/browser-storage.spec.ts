import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, openPage, productDoc } from './browse-support';
import { cartCount, LONG, SIMPLE, urlOf } from './sync-support';

/**
 * The browser refuses storage: IndexedDB missing (private browsing) or a tiny quota. The shop keeps
 * browsing from the server, says plainly what it cannot do, and the cart still works for the tab.
 */
let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});


// What private browsing in some browsers does: every open of IndexedDB fails.
const NO_INDEXEDDB = `IDBFactory.prototype.open = function () { throw new DOMException('IndexedDB is not available in private browsing', 'InvalidStateError'); };`;

describe('browser storage refused', () => {
  it('IndexedDB unavailable: browsing works, the notice says the cart lasts only for this tab, and the cart reaches the server', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.addInitScript(NO_INDEXEDDB);
    const product = await productDoc(shop.url, SIMPLE);
    await page.goto(shop.url + urlOf(product));
    await expect.poll(() => page.getByTestId('storage-notice').textContent(), LONG).toBe(en.storageSessionOnly);
    await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
    await expect.poll(() => page.locator('.product .add-row button').count(), LONG).toBe(1);
    await page.locator('.product .add-row button').click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    // The leader of this tab's memory database syncs the cart like any other.
    const cartRequests: string[] = [];
    page.on('request', (r) => void (r.url().includes('/api/cart/update') && cartRequests.push(r.url())));
    await page.locator('.product .add-row button').click();
    await expect.poll(() => cartRequests.length, LONG).toBeGreaterThan(0);
    // The abandoned IndexedDB open may leave one uncaught rejection (minified, no stack) behind; the
    // shop goes on regardless. Anything more is a failure.
    expect(errors.length, errors.join('\n')).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('a tiny storage quota: the shop still opens, browses and takes a cart line, or says what it cannot do', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const session = await page.context().newCDPSession(page);
    await session.send('Storage.overrideQuotaForOrigin', { origin: new URL(shop.url).origin, quotaSize: 1024 });
    const product = await productDoc(shop.url, SIMPLE);
    await page.goto(shop.url + urlOf(product));
    await expect.poll(() => page.locator('.product .add-row button').count(), LONG).toBe(1);
    await expect.poll(async () => (await page.locator('.cart-button[data-shop-ready=true]').count()) + (await page.getByTestId('storage-notice').count()), LONG).toBeGreaterThan(0);
    if ((await page.getByTestId('storage-notice').count()) === 0) {
      await page.locator('.product .add-row button').click();
      await expect.poll(async () => (await cartCount(page)) + (await page.locator('.notification p').count()), LONG).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
