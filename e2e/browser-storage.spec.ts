import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { serverOrderById, watchOrderPosts } from './helpers/order-requests';
import type { Shop } from './helpers/shop';
import { DESKTOP, openPage, productDoc } from './browse-support';
import { cartCount, closeShopAndBrowser, LONG, openShopAndBrowser, SIMPLE, urlOf } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * The browser refuses storage: IndexedDB missing (private browsing) or a tiny quota. The shop keeps
 * browsing from the server, says plainly what it cannot do, and the cart still works for the tab.
 */
let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));


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
    page.on('request', (r) => void (r.url().includes('/api/cart/apply') && cartRequests.push(r.url())));
    await page.locator('.product .add-row button').click();
    await expect.poll(() => cartRequests.length, LONG).toBeGreaterThan(0);
    // The abandoned IndexedDB open may leave one uncaught rejection (minified, no stack) behind; the
    // shop goes on regardless. Anything more is a failure.
    expect(errors.length, errors.join('\n')).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('IndexedDB unavailable: an order placed offline says it is not saved on this device, the page asks before unloading, and the order goes when the connection returns', { timeout: scaled(180_000) }, async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.addInitScript(NO_INDEXEDDB);
    const posts = watchOrderPosts(page);
    await page.goto(shop.url + urlOf(await productDoc(shop.url, SIMPLE)));
    await expect.poll(() => page.getByTestId('storage-notice').textContent(), LONG).toBe(en.storageSessionOnly);
    await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
    await expect.poll(() => page.locator('.product .add-row button').count(), LONG).toBe(1);
    await page.locator('.product .add-row button').click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    // In-app navigation: a page load would start a new memory database, without the cart.
    await page.locator('.cart-button').click();
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await expect.poll(() => page.locator('#checkout-personal-firstName').count(), LONG).toBe(1);
    const email = `private-${Date.now()}@example.com`;
    const fill = async (values: Record<string, string>) => {
      for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
    };
    await fill({ 'checkout-personal-firstName': 'Pat', 'checkout-personal-lastName': 'Private', 'checkout-personal-emailAddress': email });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-streetAddress').count(), LONG).toBe(1);
    await fill({ 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Review the order' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count(), LONG).toBe(1);
    await page.context().setOffline(true);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Place the order' }).click();

    await expect.poll(() => page.locator('.checkout-queued').textContent(), LONG).toBe(en.checkoutQueuedThisTabOnly);
    expect(await page.locator('.checkout-thank-you').textContent()).not.toContain(en.checkoutQueued);
    expect(posts.ids).toEqual([]);
    // Leaving the page would lose the order: the browser asks first, and the shopper stays.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.goto(`${shop.url}/`).catch(() => undefined); // cancelled by the answer
    expect(asked).toEqual(['beforeunload']);
    expect(await page.locator('.checkout-queued').textContent()).toBe(en.checkoutQueuedThisTabOnly);

    // The thank-you page is still open: the order goes as soon as the connection returns.
    await page.context().setOffline(false);
    await expect.poll(() => page.locator('.checkout-order-number').textContent(), LONG).toMatch(/^Your order number is \d+\.$/);
    expect(await page.locator('.checkout-queued').count()).toBe(0);
    const number = /(\d+)/.exec((await page.locator('.checkout-order-number').textContent()) ?? '')![1]!;
    expect(new Set(posts.ids).size).toBe(1);
    expect((await serverOrderById(shop.url, posts.ids[0]!))?.increment_id).toBe(number);
    // Sent: nothing is lost by leaving now, so the browser does not ask.
    await page.goto(`${shop.url}/`);
    expect(asked).toEqual(['beforeunload']);
    const tracking = (await (await fetch(`${shop.url}/api/ext/order-tracking?orderNumber=${number}&email=${encodeURIComponent(email)}`)).json()) as { code: number };
    expect(tracking.code).toBe(200);
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
