import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, productDoc } from './browse-support';
import { startShopTwice, addButton, cartCount, LONG, logIn, openProduct, registeredCustomer, SIMPLE, urlOf } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';
import { waitForServiceWorker } from './helpers/service-worker';

const ADMIN_TOKEN = 'order-status-e2e-owner-token';
const PASSWORD = 'Status-pass-123';
/** The promise: a status change shows in an open tab within 2 s, without a reload (on a quiet machine; a busy one gets more). */
const liveMs = () => scaled(2000);

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopTwice(() => startShop({ ADMIN_TOKEN })), launchBrowser()]);
}, scaled(300_000));
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** POST /api/admin/orders/{orderId}/status as the shop owner. */
async function setStatus(orderId: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${shop.url}/api/admin/orders/${encodeURIComponent(orderId)}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; result: unknown };
  expect(reply.code, JSON.stringify(reply.result)).toBe(200);
}

/** Checks out the cart as the signed-in customer (names and e-mail come from the profile); returns the order the server stored. */
async function placeOrder(page: Page): Promise<{ order_id: string; increment_id: string }> {
  await page.goto(`${shop.url}/checkout`);
  await expect.poll(() => page.locator('#checkout-personal-firstName').inputValue(), LONG).toBe('Sam');
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.locator('#checkout-shipping-lastName').inputValue(), LONG).toBe('Site');
  await page.getByLabel('Street address').fill('1 High Street');
  await page.getByLabel('City').fill('Leeds');
  await page.getByLabel('Zip-code').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count(), LONG).toBe(1);
  await page.getByLabel('I accept the terms and conditions').check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order' && r.request().method() === 'POST', LONG),
    page.getByRole('button', { name: 'Place the order' }).click(),
  ]);
  const reply = (await response.json()) as { code: number; result: { order_id: string; increment_id: string } };
  expect(reply.code).toBe(200);
  await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your order!' }).count(), LONG).toBe(1);
  return reply.result;
}

const row = (page: Page, number: string) => page.locator('.order-row', { hasText: number });
const statusOf = (page: Page, number: string) => row(page, number).locator('.order-status').textContent();

/** Notes, on the machine's clock (shared by the test and the pages), when the row first shows `status`. */
async function stampWhenStatus(page: Page, number: string, status: string): Promise<void> {
  await page.evaluate(
    ([wanted, orderNumber]) => {
      const w = window as unknown as { statusSeenAt?: number };
      delete w.statusSeenAt;
      const check = () => {
        const shown = [...document.querySelectorAll('.order-row')].find((r) => r.textContent?.includes(orderNumber));
        if (w.statusSeenAt === undefined && shown?.querySelector('.order-status')?.textContent === wanted) w.statusSeenAt = Date.now();
      };
      new MutationObserver(check).observe(document.body, { childList: true, characterData: true, subtree: true });
      check();
    },
    [status, number] as const,
  );
}
const statusSeenAt = (page: Page) => page.evaluate(() => (window as unknown as { statusSeenAt?: number }).statusSeenAt ?? null);

/** A mark that only survives as long as the page is not reloaded. */
const markPage = (page: Page) => page.evaluate(() => void ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe('order status back to the shopper', () => {
  it('a change made through the admin API shows in the open order history tabs within 2 s without a reload; offline the last known status shows with its time', { timeout: scaled(300_000) }, async () => {
    const email = `status-${Date.now()}@example.com`;
    await registeredCustomer(shop.url, email, PASSWORD);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SIMPLE)));
    await logIn(page, email, PASSWORD);
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    const order = await placeOrder(page);
    const number = order.increment_id;

    await page.goto(`${shop.url}/my-account/orders`);
    await expect.poll(() => statusOf(page, number), LONG).toBe('Pending');
    expect(await row(page, number).locator('.order-status-since').textContent()).toMatch(/^since \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    const second = await context.newPage();
    await second.goto(`${shop.url}/my-account/orders`);
    await expect.poll(() => statusOf(second, number), LONG).toBe('Pending');
    // The change stream (held by the catalogue worker for all tabs) is connected: the order events come through it.
    for (const tab of [page, second]) await expect.poll(() => tab.evaluate(() => document.documentElement.dataset.catalogueStream ?? null), LONG).toBe('ready');

    // Processing: both tabs, whichever of them holds the stream.
    for (const tab of [page, second]) {
      await markPage(tab);
      await stampWhenStatus(tab, number, 'Processing');
    }
    const changedAt = Date.now();
    await setStatus(order.order_id, { status: 'processing', comment: 'Being picked' });
    for (const tab of [page, second]) await expect.poll(() => statusSeenAt(tab), { timeout: liveMs(), interval: 50 }).not.toBeNull();
    const delays = await Promise.all([page, second].map(async (tab) => (await statusSeenAt(tab))! - changedAt));
    console.info(`order status shown ${delays.join(' ms and ')} ms after the admin call started`);
    for (const delay of delays) expect(delay).toBeLessThan(liveMs());
    for (const tab of [page, second]) expect(await stillSamePage(tab)).toBe(true);

    // Shipped, with the parcel's carrier and tracking number in the order's status history.
    await stampWhenStatus(page, number, 'Shipped');
    const shippedAt = Date.now();
    await setStatus(order.order_id, { status: 'shipped', carrier: 'DPD', tracking_number: '15501234567890' });
    await expect.poll(() => statusSeenAt(page), { timeout: liveMs(), interval: 50 }).not.toBeNull();
    expect((await statusSeenAt(page))! - shippedAt).toBeLessThan(liveMs());
    await expect.poll(() => statusOf(second, number), { timeout: liveMs() }).toBe('Shipped');
    await second.close();

    // Offline: a reload of the order history shows the last known status with its time.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => statusOf(page, number), LONG).toBe('Shipped');
    expect(await page.locator('.orders-as-of').textContent()).toMatch(/^You are offline or the shop cannot be reached: last known status as of \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\.$/);
    expect(await row(page, number).locator('.order-status-since').textContent()).toMatch(/^since \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await page.locator('.account-block [role=alert]').count()).toBe(0);
    // And its detail, with the shipment.
    await row(page, number).getByRole('link', { name: 'View order' }).click();
    await expect.poll(() => page.locator('.order-detail .order-status').textContent(), LONG).toBe('Shipped');
    const entries = page.locator('.order-detail .status-history li');
    expect(await entries.count()).toBe(3);
    expect(await entries.nth(1).textContent()).toContain('Processing: Being picked');
    expect(await entries.nth(2).textContent()).toContain('Shipped (DPD, tracking number 15501234567890)');
    expect(await page.locator('.orders-as-of').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
