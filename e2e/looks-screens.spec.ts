import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../tests/helpers/test-config';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, PHONE, hydrated, openPage } from './browse-support';
import { LONG, SIMPLE, openProduct, registeredCustomer } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * The main screens at a phone's 390 px and a desktop's 1280 px, saved as pictures in .tmp/looks/ so a
 * change of look is seen in review (compare the folder before and after). Each screen is checked to be
 * there before it is taken, so the pictures show the screens and not a loading state.
 */

const running = shopAndBrowser();
const FOLDER = path.join(TMP_ROOT, 'looks');
const PASSWORD = 'L00ks-good';

async function capture(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(FOLDER, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(FOLDER, `${name}-${width}.png`), fullPage: false });
}

async function screens(width: number, viewport: { width: number; height: number }) {
  const { shop, browser } = running;
  const { page, errors } = await openPage(browser, viewport);
  await page.goto(shop.url + '/');
  await hydrated(page);
  await expect.poll(() => page.locator('.product-grid .tile').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'home', width);

  await page.goto(shop.url + '/c/through-bolts');
  await expect.poll(() => page.locator('.listing .product-grid .tile').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'category', width);
  if (width < 900) {
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect.poll(() => page.locator('dialog[open] .filters').count(), LONG).toBe(1);
    await capture(page, 'filters', width);
    await page.keyboard.press('Escape');
  }

  await openProduct(page, shop.url, `/p/${SIMPLE}/x`);
  await capture(page, 'product', width);
  await page.locator('.product .add-row button').click();
  await expect.poll(() => page.getByTestId('cart-count').textContent(), LONG).toBe('1');
  await page.locator('.cart-button').click();
  await expect.poll(() => page.locator('dialog[open] .minicart-line').count(), LONG).toBe(1);
  await capture(page, 'minicart', width);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).fill('plug');
  await expect.poll(() => page.locator('dialog[open] .product-grid .tile').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'search', width);
  await page.keyboard.press('Escape');

  await page.goto(shop.url + '/checkout');
  await expect.poll(() => page.locator('.checkout-step').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'checkout', width);

  await page.goto(shop.url + '/quick-order');
  await expect.poll(() => page.locator('.pad-table').count(), LONG).toBe(1);
  await capture(page, 'quick-order', width);

  await page.goto(shop.url + '/order-tracking');
  await expect.poll(() => page.locator('main form').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'order-tracking', width);

  const email = `looks-${width}@example.com`;
  await registeredCustomer(shop.url, email, PASSWORD);
  await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect.poll(() => page.locator('dialog[open] form').count(), LONG).toBeGreaterThan(0);
  await capture(page, 'login', width);
  await page.locator('dialog[open] input[type=email]').first().fill(email);
  await page.locator('dialog[open] input[type=password]').first().fill(PASSWORD);
  await page.locator('dialog[open] form button[type=submit]').first().click();
  await expect.poll(() => page.getByRole('link', { name: 'My Account' }).count(), LONG).toBe(1);
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect.poll(() => page.locator('main h1').count(), LONG).toBe(1);
  await capture(page, 'account', width);
  expect(errors).toEqual([]);
  await page.close();
}

describe('the main screens, captured for review', () => {
  it('at 390 px (a phone)', { timeout: scaled(240_000) }, () => screens(390, PHONE));
  it('at 1280 px (a desktop)', { timeout: scaled(240_000) }, () => screens(1280, DESKTOP));
});
