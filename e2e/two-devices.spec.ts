import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { DESKTOP, productDoc } from './browse-support';
import { addButton, cartCount, closeShopAndBrowser, logIn, LONG, openMinicart, openProduct, openShopAndBrowser, registeredCustomer, SIMPLE, urlOf, watchReplication } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()), scaled(300_000));
afterAll(() => closeShopAndBrowser(shop, browser));

const PASSWORD = 'Two-devices-123';
const OTHER = 'ST-M4-50';

/** The cart as a device's minicart lists it: "SKU × qty", sorted. Opened, read, closed (the drawer is modal). */
async function cartLines(page: Page): Promise<string[]> {
  await openMinicart(page);
  const lines = await page.locator('dialog[open] .minicart-line').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-sku')} × ${row.querySelector('input')?.value}`).sort());
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count()).toBe(0);
  return lines;
}

/** The shopper picks the device up again: the window gets the focus event the browser sends then. */
const pickUp = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** Removes a line through the minicart, confirming as the shopper does. */
async function removeLine(page: Page, sku: string): Promise<void> {
  await openMinicart(page);
  const line = page.locator(`dialog[open] .minicart-line[data-sku="${sku}"]`);
  await line.getByRole('button', { name: 'Remove' }).click();
  await line.locator('.minicart-confirm').getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => line.count(), LONG).toBe(0);
  await page.keyboard.press('Escape');
}

/**
 * One customer signed in on two devices, each its own browser profile and database, against the real
 * server (issue 31): what one device does reaches the other without a reload, a device that was offline
 * adds to the cart rather than replacing it, and a removal made on one device is not undone by the
 * other's stale copy.
 */
describe('one account on a phone and a laptop', () => {
  it('each device follows the other\'s cart: a focus pulls it, offline adds are summed, a removal stays removed', { timeout: scaled(300_000) }, async () => {
    const email = `two-devices-${Date.now()}@example.com`;
    await registeredCustomer(shop.url, email, PASSWORD);
    const [anchors, screws] = await Promise.all([productDoc(shop.url, SIMPLE), productDoc(shop.url, OTHER)]);
    const contexts: BrowserContext[] = [await browser.newContext({ viewport: DESKTOP }), await browser.newContext({ viewport: DESKTOP })];
    const [phone, laptop] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
    const laptopTraffic = watchReplication(laptop);
    for (const page of [phone, laptop]) {
      await openProduct(page, shop.url, urlOf(anchors));
      await logIn(page, email, PASSWORD);
    }

    // The phone adds anchors; the laptop, picked up again, asks the server and shows them.
    await addButton(phone).click();
    await expect.poll(() => cartCount(phone), LONG).toBe(1);
    await expect.poll(() => cartLines(phone), LONG).toEqual([`${SIMPLE} × 1`]);
    const before = laptopTraffic.length;
    await pickUp(laptop);
    await expect.poll(() => laptopTraffic.slice(before).some((request) => request.startsWith('GET /api/cart/pull')), LONG).toBe(true);
    await expect.poll(() => cartCount(laptop), LONG).toBe(1);

    // The laptop loses its signal and adds anchors again; meanwhile the phone adds screws. Back online,
    // the laptop's add is added to the server's cart, which keeps the phone's screws.
    await contexts[1]!.setOffline(true);
    await addButton(laptop).click();
    await expect.poll(() => cartCount(laptop), LONG).toBe(2);
    await openProduct(phone, shop.url, urlOf(screws));
    await addButton(phone).click();
    await expect.poll(() => cartCount(phone), LONG).toBe(2);
    await contexts[1]!.setOffline(false);
    await pickUp(laptop);
    await expect.poll(() => cartLines(laptop), LONG).toEqual([`${SIMPLE} × 2`, `${OTHER} × 1`].sort());
    await pickUp(phone);
    await expect.poll(() => cartLines(phone), LONG).toEqual([`${SIMPLE} × 2`, `${OTHER} × 1`].sort());

    // The phone removes the screws while the laptop, offline again, still holds them and adds anchors.
    await contexts[1]!.setOffline(true);
    await removeLine(phone, OTHER);
    await expect.poll(() => cartLines(phone), LONG).toEqual([`${SIMPLE} × 2`]);
    await addButton(laptop).click();
    await expect.poll(() => cartCount(laptop), LONG).toBe(4);
    await contexts[1]!.setOffline(false);
    await pickUp(laptop);
    await expect.poll(() => cartLines(laptop), LONG).toEqual([`${SIMPLE} × 3`]);
    await pickUp(phone);
    await expect.poll(() => cartLines(phone), LONG).toEqual([`${SIMPLE} × 3`]);

    // A reload reads the same cart on either device.
    await laptop.reload();
    await expect.poll(() => laptop.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
    await expect.poll(() => cartLines(laptop), LONG).toEqual([`${SIMPLE} × 3`]);
    for (const context of contexts) await context.close();
  });
});
