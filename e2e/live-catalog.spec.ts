import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSV, importCatalog } from './helpers/catalog-import';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, hydrated, pounds, productDoc, withVat, type Doc } from './browse-support';
import { LONG } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * The screens follow the replica (DESIGN "Screens follow the replica"): a change the server commits
 * reaches every open tab's product page, listing, search results, compare page and wishlist, with no
 * reload, through the device's replica. Products of the small "Grab Adhesives" category: none has a
 * special price, so the price a tab shows is the price imported.
 */
const ADMIN_TOKEN = 'live-catalogue-spec';
const CATEGORY = '/adhesives-sealants/grab-adhesives';
const PRICED = 'TKW-AS-GRB-HG-WHT';
const DISABLED = 'ADX-AS-GRB-HG-WHT';

const running = shopAndBrowser({ ADMIN_TOKEN });

const setPrice = (sku: string, price: number) => importCatalog(running.shop.url, ADMIN_TOKEN, `sku,price\n${sku},${price.toFixed(2)}\n`, CSV);
const importProducts = (products: Doc[]) => importCatalog(running.shop.url, ADMIN_TOKEN, JSON.stringify({ products }), 'application/json');

/** Live and holding the catalogue: from here on a server change can only reach the page through the replica. */
async function ready(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.dataset.catalogReady === 'true', undefined, { timeout: scaled(60_000) });
}

const tileNames = (page: Page) => page.locator('main .tile-name').allTextContents();
/** The excl. VAT price of the tile named `name` within `scope` (the page's main part, or the search panel), as text. */
const tileExcl = (scope: Locator, name: string) => scope.locator('article.tile', { has: scope.page().locator('.tile-name', { hasText: name }) }).first().locator('.tile-excl').textContent();

/** Set on the loaded document: still there at the end means no reload replaced it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('open screens follow the replica', () => {
  it('a price change, a new product and a disabled one reach the product page, a listing, search, compare and wishlist in two tabs without a reload', { timeout: scaled(300_000) }, async () => {
    const doc = await productDoc(running.shop.url, PRICED);
    const name = String(doc.name);
    const context = await running.browser.newContext({ viewport: DESKTOP });
    const [product, listing] = [await context.newPage(), await context.newPage()];
    await product.goto(`${running.shop.url}/p/${PRICED}/${String(doc.url_key)}`);
    await listing.goto(running.shop.url + CATEGORY);
    await Promise.all([ready(product), ready(listing)]);
    await Promise.all([markDocument(product), markDocument(listing)]);
    const main = listing.locator('main');
    const searchPanel = listing.locator('.search-panel');
    expect(await product.getByTestId('price-excl').textContent()).toBe(pounds(Number(doc.price)));
    await product.getByRole('button', { name: 'Add to compare' }).click();
    await product.getByRole('button', { name: 'Add to wishlist' }).click();

    // 1. A price: the product page (both figures) and the listing's tile, in their own tabs.
    await setPrice(PRICED, 7.77);
    await expect.poll(() => product.getByTestId('price-excl').textContent(), LONG).toBe('£7.77');
    expect(await product.getByTestId('price-incl').textContent()).toBe(pounds(withVat(777) / 100));
    await expect.poll(() => tileExcl(main, name), LONG).toContain('£7.77');

    // 2. Search results open in one tab, the compare page in the other.
    await listing.getByRole('button', { name: 'Search', exact: true }).click();
    await listing.getByLabel('Search products').fill('Tackwell High Grab');
    await expect.poll(() => tileExcl(searchPanel, name), LONG).toContain('£7.77');
    await product.getByRole('link', { name: /Compare/ }).first().click();
    await expect.poll(() => product.locator('.compare-table').textContent(), LONG).toContain('£7.77');
    await setPrice(PRICED, 8.88);
    await expect.poll(() => product.locator('.compare-table').textContent(), LONG).toContain('£8.88');
    await expect.poll(() => tileExcl(searchPanel, name), LONG).toContain('£8.88');
    await listing.keyboard.press('Escape');
    await listing.getByRole('button', { name: /^Wishlist/ }).click();
    const wishlist = listing.getByRole('list', { name: 'Wishlist' });
    await expect.poll(() => wishlist.textContent(), LONG).toContain('£8.88');
    await setPrice(PRICED, 9.99);
    await expect.poll(() => wishlist.textContent(), LONG).toContain('£9.99');
    await expect.poll(() => product.locator('.compare-table').textContent(), LONG).toContain('£9.99');
    await listing.keyboard.press('Escape');

    // 3. A product added to the category appears in the open listing; one disabled leaves it, and the
    //    compare page says the compared one is gone.
    const added = `Tackwell High Grab Adhesive Black 310ml ${Date.now()}`;
    const { id: _id, ...copy } = doc;
    await importProducts([{ ...copy, sku: 'TKW-AS-GRB-HG-BLK', name: added, url_key: 'tackwell-high-grab-adhesive-black-310ml', slug: 'tackwell-high-grab-adhesive-black-310ml', url_path: 'tackwell-high-grab-adhesive-black-310ml' }]);
    await expect.poll(() => tileNames(listing), LONG).toContain(added);
    const disabled = await productDoc(running.shop.url, DISABLED);
    expect(await tileNames(listing)).toContain(String(disabled.name));
    await importProducts([{ ...disabled, status: 2 }, { ...doc, price: 9.99, status: 2 }]);
    await expect.poll(() => tileNames(listing), LONG).not.toContain(String(disabled.name));
    await expect.poll(() => tileNames(listing), LONG).not.toContain(name);
    await expect.poll(() => product.locator('.compare-table').textContent(), LONG).toContain('No longer available');

    // Nothing above came from a reload (the compare page was opened by a link, in the same document).
    expect(await sameDocument(listing)).toBe(true);
    expect(await sameDocument(product)).toBe(true);
    await context.close();
  });
});
