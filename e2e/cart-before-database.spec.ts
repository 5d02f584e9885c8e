import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, productDoc } from './browse-support';
import { addButton, cartCount, LONG, SIMPLE, urlOf } from './sync-support';

/**
 * "Add to cart" pressed before the local database has opened (a slow phone: seconds after the product
 * page appears) is taken and the line lands once the database opens, even when the shopper has left
 * the page or reloaded meanwhile. The database is held back for real: another page of the shop holds
 * a read-write transaction on every one of its IndexedDB databases, so the app's first write waits
 * (as behind a slow disk or a busy tab) until the test lets go.
 */

const running = shopAndBrowser();

/** Runs in a page of the shop's origin: holds every RxDB database busy until `window.releaseHold()`. A string, so the test's transform leaves it alone. */
const HOLD = `(async () => {
  const names = (await indexedDB.databases()).map((d) => d.name || '').filter((n) => n.startsWith('rxdb-dexie-'));
  let held = true;
  window.releaseHold = () => { held = false; };
  await Promise.all(names.map((name) => new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(Array.from(db.objectStoreNames), 'readwrite');
      const store = tx.objectStore('docs');
      // A request after each answer keeps the transaction alive, and every other write waiting behind it.
      const spin = () => { if (held) store.count().onsuccess = spin; };
      store.count().onsuccess = () => { resolve(); spin(); };
      tx.oncomplete = () => db.close();
    };
  })));
  return names.length;
})()`;

interface Held {
  context: BrowserContext;
  page: Page;
  errors: string[];
  release: () => Promise<void>;
}

/**
 * A browser profile that has visited the shop before (its databases exist), with them held busy, and
 * a page on the product. The holding page is the API's JSON, opened before the service worker was
 * installed, so the app never runs in it.
 */
async function heldShop(productPath: string): Promise<Held> {
  const context = await running.browser.newContext({ viewport: DESKTOP });
  const holder = await context.newPage();
  await holder.goto(`${running.shop.url}/api/openapi.json`);
  const visit = await context.newPage();
  await visit.goto(running.shop.url + productPath);
  await expect.poll(() => visit.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
  await visit.close();
  expect(await holder.evaluate(HOLD)).toBeGreaterThan(0);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(running.shop.url + productPath);
  await expect.poll(() => addButton(page).count(), LONG).toBe(1);
  // The server's page is painted at once; its controls work once the app has started and hydrated it.
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? null), LONG).toBe('true');
  return { context, page, errors, release: () => holder.evaluate('window.releaseHold()') };
}

const notice = (page: Page, text: string) => page.locator('.notification', { hasText: text });
const queuedStatus = (page: Page) => page.locator('.product [role=status].add-queued');
const shopReady = (page: Page) => page.locator('.cart-button').getAttribute('data-shop-ready');

describe('add to cart before the local database is open', () => {
  it('the press is taken and shown, the line is added once the database opens, though the shopper has moved to another page', async () => {
    const { context, page, errors, release } = await heldShop(urlOf(await productDoc(running.shop.url, SIMPLE)));
    expect(await shopReady(page)).toBe('false');
    expect(await addButton(page).isEnabled()).toBe(true);
    await page.locator('.product .add-row input').fill('2');
    await addButton(page).click();
    await expect.poll(() => queuedStatus(page).textContent(), LONG).toBe('Adding to the cart as soon as the shop has opened on this device…');
    expect(await addButton(page).getAttribute('aria-describedby')).toBe('add-queued');
    // Still held: nothing was added yet, and the button still takes presses.
    expect(await shopReady(page)).toBe('false');
    expect(await addButton(page).isEnabled()).toBe(true);

    // The shopper moves on before the database opens.
    await page.locator('.site-header .brand').click();
    await expect.poll(() => page.locator('.home').count(), LONG).toBe(1);
    expect(await shopReady(page)).toBe('false');

    await release();
    await expect.poll(() => shopReady(page), LONG).toBe('true');
    await expect.poll(() => cartCount(page), LONG).toBe(2);
    await expect.poll(() => notice(page, 'Product has been added to the cart!').count(), LONG).toBe(1);
    expect(await notice(page, 'Product has been added to the cart!').getByRole('button', { name: 'Proceed to checkout' }).count()).toBe(1);
    // Added once, and forgotten once added.
    await page.locator('.cart-button').click();
    await expect.poll(() => page.locator(`dialog[open] .minicart-line[data-sku="${SIMPLE}"] input`).inputValue(), LONG).toBe('2');
    expect(await page.evaluate(() => sessionStorage.getItem('fixings.queued-adds'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a press survives a reload onto the checkout; there the notice does not offer "Proceed to checkout"', async () => {
    const { context, page, errors, release } = await heldShop(urlOf(await productDoc(running.shop.url, SIMPLE)));
    await addButton(page).click();
    await expect.poll(() => queuedStatus(page).count(), LONG).toBe(1);
    // A full load of another page: the press is kept in this tab's session storage.
    await page.goto(`${running.shop.url}/checkout`);
    await expect.poll(() => page.locator('.checkout .loading').count(), LONG).toBe(1);

    await release();
    await expect.poll(() => page.locator('#checkout-personal-firstName').count(), LONG).toBe(1);
    const added = notice(page, 'Product has been added to the cart!');
    await expect.poll(() => added.count(), LONG).toBe(1);
    expect(await added.getByRole('button').allTextContents()).toEqual(['OK']);
    await page.locator('.site-header .brand').click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('code fails to arrive on a first visit (a dropped connection, a proxy error page): the screen\'s and the database\'s chunks are fetched again, the press waits, and the line is added once they arrive', async () => {
    // A first visit: no service worker holds the code yet. Service workers are blocked: an installed
    // worker would serve the chunks from its cache, past the failures this test puts on the page's
    // fetches (a worker's install fetching the same chunks is service-worker-retry.spec.ts's case).
    const context = await running.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    // The page's fetches of the database code fail until `failing` is turned off, its first two of
    // the cart code, which the product screen imports (its hydration waits for it), and its first of
    // the app's router code. Alternately a reset connection and a proxy's HTML error page.
    let failing = true;
    let failures = 0;
    let cartCodeFailures = 0;
    let appCodeFailures = 0;
    let minicartFailures = 0;
    const fail = (route: Route, n: number) => (n % 2 ? route.abort('connectionreset') : route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }));
    const failPage = (pattern: string, shouldFail: () => boolean, count: () => number) => context.route(pattern, (route) => (shouldFail() ? fail(route, count()) : route.continue()));
    await failPage('**/assets/start-local-database-*.js', () => failing, () => ++failures);
    await failPage('**/assets/cart-add-*.js', () => cartCodeFailures < 2, () => ++cartCodeFailures);
    await failPage('**/assets/router-code-*.js', () => appCodeFailures < 1, () => ++appCodeFailures);
    // And the minicart's, a panel's lazy chunk: opened, the panel shows "Loading" until it arrives.
    await failPage('**/assets/minicart-*.js', () => minicartFailures < 1, () => ++minicartFailures);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(running.shop.url + urlOf(await productDoc(running.shop.url, SIMPLE)));
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? null), LONG).toBe('true');
    await expect.poll(() => failures, LONG).toBeGreaterThanOrEqual(3);
    // Not marked as a browser that cannot store anything: the shop is still opening.
    expect(await page.getByTestId('storage-notice').count()).toBe(0);
    expect(await shopReady(page)).toBe('false');
    await addButton(page).click();
    await expect.poll(() => queuedStatus(page).count(), LONG).toBe(1);

    failing = false;
    await expect.poll(() => shopReady(page), LONG).toBe('true');
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    expect(cartCodeFailures).toBe(2);
    expect(appCodeFailures).toBe(1);
    await page.locator('.cart-button').click();
    await expect.poll(() => page.locator(`dialog[open] .minicart-line[data-sku="${SIMPLE}"]`).count(), LONG).toBe(1);
    expect(minicartFailures).toBe(1);
    expect(await page.getByTestId('storage-notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
