import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitLimit } from '../../tests/helpers/time-limits';

const LONG = waitLimit(30_000);

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
};

/**
 * Waits for what the page should show after a press; when it does not show, prints what the page
 * says instead (a question, a refusal), which says more than the time-out.
 */
export async function orPrintPage(page: Page, missing: string, shows: () => Promise<unknown>): Promise<void> {
  try {
    await shows();
  } catch (error) {
    console.log(`${missing} on ${page.url()}; the page says:\n${(await page.locator('main').innerText().catch(() => '(unreadable)')).slice(0, 3000)}`);
    throw error;
  }
}

/**
 * A signed-in customer's checkout, from the cart to the thank-you page: names, a Leeds address, the
 * default payment, terms accepted, "Place the order". Returns the order number once it shows.
 */
export async function checkOutAsCustomer(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/checkout`);
  await expect.poll(() => page.locator('#checkout-personal-firstName').count(), LONG).toBe(1);
  await fill(page, { 'checkout-personal-firstName': 'Sam', 'checkout-personal-lastName': 'Site' });
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.locator('#checkout-shipping-streetAddress').count(), LONG).toBe(1);
  await fill(page, { 'checkout-shipping-firstName': 'Sam', 'checkout-shipping-lastName': 'Site', 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count(), LONG).toBe(1);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place the order' }).click();
  const number = page.locator('.checkout-order-number');
  await orPrintPage(page, 'no order number', () => expect.poll(() => number.textContent(), LONG).toMatch(/^Your order number is \d+\.$/));
  return /(\d+)/.exec((await number.textContent()) ?? '')![1]!;
}
