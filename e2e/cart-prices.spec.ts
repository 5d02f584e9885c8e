import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSV, importCatalog } from './helpers/catalog-import';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, hydrated, productDoc } from './browse-support';
import { addButton, cartCount, LONG, openProduct, urlOf } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * A cart line follows the catalogue (DESIGN "Screens follow the replica", SPEC §3 price state): a
 * price the server imports reaches the minicart of one tab and the checkout of another with no
 * reload, with a notice naming the product, its old and its new price; a stock import that empties
 * the product's stock puts SPEC §8's "Out of the stock!" on the line in both. The product has no
 * special price, so the price imported is its price excluding VAT (20 %).
 */
const ADMIN_TOKEN = 'cart-prices-spec';
const SKU = 'TKW-AS-GRB-HG-WHT';

const running = shopAndBrowser({ ADMIN_TOKEN });

const importCsv = (csv: string) => importCatalog(running.shop.url, ADMIN_TOKEN, csv, CSV);

/** Live and holding the catalogue: a server change then reaches the page through the replica only. */
async function ready(page: Page): Promise<void> {
  await hydrated(page);
  await page.waitForFunction(() => document.documentElement.dataset.catalogReady === 'true', undefined, { timeout: scaled(60_000) });
}

/** Set on the loaded document: still there at the end means no reload replaced it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const minicartLine = (page: Page) => page.locator(`dialog[open] .minicart-line[data-sku="${SKU}"]`);
const grandTotal = async (page: Page) => Number(((await page.locator('dialog[open] .minicart-totals [data-code=grand_total] dd').textContent()) ?? '').replace(/[£,]/g, ''));
const noticeTexts = (scope: Page, within: string) => scope.locator(`${within} [data-testid=price-change] p`).allTextContents();

describe('cart prices follow the catalogue', () => {
  it('a server price change shows the new price and a notice in the minicart and the checkout of two tabs without a reload; an emptied stock shows on the line', { timeout: scaled(300_000) }, async () => {
    await importCsv(`sku,price,qty\n${SKU},4.20,50\n`);
    const doc = await productDoc(running.shop.url, SKU);
    const name = String(doc.name);
    const context = await running.browser.newContext({ viewport: DESKTOP });
    const [shopping, checkout] = [await context.newPage(), await context.newPage()];

    await openProduct(shopping, running.shop.url, urlOf(doc));
    await ready(shopping);
    await addButton(shopping).click();
    await expect.poll(() => cartCount(shopping), LONG).toBe(1);
    await shopping.locator('.cart-button').click();
    await expect.poll(() => shopping.locator('dialog[open] [data-testid=minicart]').count(), LONG).toBe(1);
    // The server cart holds the line at its price: confirmed, no notice.
    await expect.poll(() => minicartLine(shopping).getAttribute('data-price-current'), LONG).toBe('true');
    expect(await minicartLine(shopping).getByTestId('unit-price').textContent()).toBe('£5.04');
    expect(await noticeTexts(shopping, 'dialog[open]')).toEqual([]);
    await expect.poll(() => shopping.locator('dialog[open] .minicart-totals').getAttribute('data-source'), LONG).toBe('server');
    const totalBefore = await grandTotal(shopping);

    await checkout.goto(`${running.shop.url}/checkout`);
    await ready(checkout);
    await expect.poll(() => checkout.locator('#checkout-personal-firstName').count(), LONG).toBe(1);
    await Promise.all([markDocument(shopping), markDocument(checkout)]);

    await importCsv(`sku,price\n${SKU},4.80\n`);
    const notice = `The price of ${name} changed from £5.04 to £5.76.`;
    await expect.poll(() => minicartLine(shopping).getByTestId('unit-price').textContent(), LONG).toBe('£5.76');
    await expect.poll(() => noticeTexts(shopping, 'dialog[open] .minicart-line'), LONG).toEqual([notice]);
    await expect.poll(() => noticeTexts(checkout, '[data-testid=checkout-line-notices]'), LONG).toEqual([notice]);
    // The notice is announced, and its button's name is its text.
    expect(await checkout.getByRole('status').filter({ hasText: notice }).count()).toBe(1);
    // The totals are the new price's: 0.60 more excluding VAT, 0.72 with it.
    await expect.poll(async () => Math.round((await grandTotal(shopping)) * 100), LONG).toBe(Math.round(totalBefore * 100) + 72);
    await expect.poll(() => minicartLine(shopping).getAttribute('data-price-current'), LONG).toBe('true');
    expect(await sameDocument(shopping)).toBe(true);
    expect(await sameDocument(checkout)).toBe(true);

    // Read in the checkout: the notice goes in both tabs.
    await checkout.locator('[data-testid=checkout-line-notices]').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => noticeTexts(shopping, 'dialog[open] .minicart-line'), LONG).toEqual([]);
    await expect.poll(() => checkout.locator('[data-testid=checkout-line-notices]').count(), LONG).toBe(0);

    // Out of stock: the line says so in the minicart and in the checkout, before any order is placed.
    await importCsv(`sku,qty\n${SKU},0\n`);
    await expect.poll(() => minicartLine(shopping).locator('.field-error').allTextContents(), LONG).toContain('Out of the stock!');
    await expect.poll(() => checkout.locator('[data-testid=checkout-line-notices] [role=alert]').allTextContents(), LONG).toEqual([`${name}: Out of the stock!`]);
    expect(await sameDocument(shopping)).toBe(true);
    expect(await sameDocument(checkout)).toBe(true);
    await context.close();
  });
});
