import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES as M } from '../schemas/forms/form-messages';
import type { Shop } from './helpers/shop';
import { DESKTOP, openPage, productDoc, type Doc } from './browse-support';
import { addButton, cartCount, closeShopAndBrowser, LONG, openMinicart, openProduct, openShopAndBrowser, SIMPLE, urlOf } from './sync-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

const LAST_FIVE = 'CR-EP-585';

const notices = (page: Page) => page.locator('.notification p').allTextContents();

const line = (page: Page, sku: string) => page.locator(`dialog[open] .minicart-line[data-sku="${sku}"]`);
const totalOf = async (page: Page, code: string) => {
  const text = await page.locator(`dialog[open] .minicart-totals [data-code=${code}] dd`).textContent();
  return Number((text ?? '').replace(/[£,]/g, ''));
};

async function closeMinicart(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count()).toBe(0);
}

describe('the cart', () => {
  it('adds, refuses with the SPEC messages, edits quantities, removes after a confirmation and survives a reload', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const simple = await productDoc(shop.url, SIMPLE);
    expect(simple.type_id).toBe('simple');
    await openProduct(page, shop.url, urlOf(simple));
    expect(await cartCount(page)).toBe(0);

    await addButton(page).click();
    await expect.poll(() => notices(page), LONG).toContain('Product has been added to the cart!');
    expect(await page.locator('.notification', { hasText: 'Product has been added to the cart!' }).getByRole('button', { name: 'Proceed to checkout' }).count()).toBe(1);
    await expect.poll(() => cartCount(page)).toBe(1);
    await addButton(page).click();
    await expect.poll(() => notices(page), LONG).toContain('Product quantity has been updated!');
    await expect.poll(() => cartCount(page)).toBe(2);

    // Price 0 and out of stock are refused with the exact wording.
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, 'WP-SAMPLE-CARD')));
    await addButton(page).click();
    await expect.poll(() => notices(page), LONG).toContain('Product price is unknown, product cannot be added to the cart!');
    // Out of stock, "Add to cart" says so before a press: disabled, with SPEC's message as the reason a screen reader hears.
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, 'SDSM-40-570')));
    await expect.poll(() => addButton(page).getAttribute('aria-disabled'), LONG).toBe('true');
    expect(await page.locator(`#${String(await addButton(page).getAttribute('aria-describedby'))}`).textContent()).toBe('The product is out of stock and cannot be added to the cart!');
    await addButton(page).click({ force: true });
    expect(await cartCount(page)).toBe(2);

    // Quantity editing: the form messages, then the stock limit of a product with 5 left.
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, LAST_FIVE)));
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(3);
    await openMinicart(page);
    const qty = line(page, LAST_FIVE).locator('input');
    const messageOf = () => line(page, LAST_FIVE).locator('[role=alert]').textContent();
    for (const [value, message] of [['abc', M.quantityInteger], ['0', M.quantityAboveZero], ['6', 'Only 5 products of this type are available.']] as const) {
      await qty.fill(value);
      await qty.press('Enter');
      await expect.poll(messageOf, LONG).toBe(message);
    }
    await qty.fill('4');
    await qty.press('Enter');
    await expect.poll(() => cartCount(page), LONG).toBe(6);
    expect(await line(page, LAST_FIVE).locator('[role=alert]').count()).toBe(0);

    // Removal asks first: cancel keeps the line, confirm removes it.
    await line(page, LAST_FIVE).getByRole('button', { name: 'Remove' }).click();
    await line(page, LAST_FIVE).getByRole('button', { name: 'Cancel' }).click();
    expect(await line(page, LAST_FIVE).count()).toBe(1);
    await line(page, LAST_FIVE).getByRole('button', { name: 'Remove' }).click();
    await line(page, LAST_FIVE).locator('.minicart-confirm').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => line(page, LAST_FIVE).count(), LONG).toBe(0);
    await expect.poll(() => cartCount(page)).toBe(2);

    // The cart is kept on the device and on the server: a reload shows it again.
    await page.reload();
    await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
    await expect.poll(() => cartCount(page), LONG).toBe(2);
    await openMinicart(page);
    expect(await line(page, SIMPLE).locator('input').inputValue()).toBe('2');
    // The stock check of the open minicart marks the line.
    await expect.poll(() => line(page, SIMPLE).locator('.line-info').textContent(), LONG).toBe('In stock!');
    await closeMinicart(page);
    await openMinicart(page);
    await page.locator('dialog[open] .modal-header').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a variant and a bundle with their options, applies and removes coupons', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    const range = await productDoc(shop.url, 'TB-Z-RANGE');
    await openProduct(page, shop.url, urlOf(range));
    await expect.poll(() => page.getByTestId('sku').textContent(), LONG).not.toBe('TB-Z-RANGE');
    const childSku = String(await page.getByTestId('sku').textContent());
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);

    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, 'BND-SDS-START')));
    await expect.poll(() => page.locator('.product [data-testid=price-incl]').count(), LONG).toBe(1);
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(2);

    await openMinicart(page);
    const axes = (range.configurable_options as Doc[]).map((o) => String(o.label));
    await expect.poll(() => line(page, childSku).locator('.minicart-options dt').allTextContents(), LONG).toEqual(axes);
    await expect.poll(() => line(page, 'BND-SDS-START').locator('.minicart-options dt').allTextContents(), LONG).toContain('SDS drill');

    // Coupons go through the server: wait until its totals are in.
    await expect.poll(() => page.locator('dialog[open] .minicart-totals').getAttribute('data-source'), LONG).toBe('server');
    const before = await totalOf(page, 'grand_total');
    await page.locator('#minicart-coupon-code').fill('EXPIRED20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('#minicart-coupon-message').textContent(), LONG).toBe("You've entered an incorrect coupon code");
    await page.locator('#minicart-coupon-code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('coupon-applied').count(), LONG).toBe(1);
    await expect.poll(() => page.locator('dialog[open] .minicart-totals [data-code=discount]').count(), LONG).toBe(1);
    expect(await totalOf(page, 'discount')).toBeLessThan(0);
    expect(await totalOf(page, 'grand_total')).toBeLessThan(before);
    await page.getByRole('button', { name: 'Remove coupon' }).click();
    await expect.poll(() => page.locator('dialog[open] .minicart-totals [data-code=discount]').count(), LONG).toBe(0);
    await expect.poll(() => totalOf(page, 'grand_total'), LONG).toBe(before);

    // Overlay click closes the drawer.
    await page.mouse.click(10, 400);
    await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('edit mode: the product page opens with the line, and "Update item" replaces it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, 'TB-Z-RANGE')));
    await expect.poll(() => page.getByTestId('sku').textContent(), LONG).not.toBe('TB-Z-RANGE');
    const first = String(await page.getByTestId('sku').textContent());
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);

    await openMinicart(page);
    await line(page, first).getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => addButton(page).textContent(), LONG).toBe('Update item');
    expect(page.url()).toContain('edit=');
    // Another available value gives another variant.
    const other = page.locator('.configurable button.option-value:not(.unavailable)[aria-pressed=false]').first();
    await other.click();
    await expect.poll(() => page.getByTestId('sku').textContent(), LONG).not.toBe(first);
    const second = String(await page.getByTestId('sku').textContent());
    await page.locator('.product .add-row input').fill('3');
    await addButton(page).click();
    await expect.poll(() => notices(page), LONG).toContain('Product quantity has been updated!');
    await expect.poll(() => addButton(page).textContent()).toBe('Add to cart');

    await expect.poll(() => cartCount(page), LONG).toBe(3);
    await openMinicart(page);
    expect(await line(page, first).count()).toBe(0);
    expect(await line(page, second).locator('input').inputValue()).toBe('3');
    // The server holds the same single line once the sync has run.
    await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').getAttribute('data-synced'), LONG).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });
});
