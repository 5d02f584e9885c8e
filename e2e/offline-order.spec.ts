import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, productDoc } from './browse-support';
import { startShopTwice, addButton, cartCount, LONG, logIn, openProduct, openSyncPanel, registeredCustomer, serverOrders, SIMPLE, urlOf } from './sync-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopTwice(() => startShop()), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const PASSWORD = 'Offline-pass-123';
const WAITING_TITLE = 'Order waiting!';
const WAITING_BODY = 'Click here to confirm the order that you made offline.';

interface Customer {
  context: BrowserContext;
  page: Page;
  /** The customer's orders as the server has them. */
  orders: () => Promise<Record<string, unknown>[]>;
}

/** A signed-in customer in a fresh browser profile, on the product page. */
async function customer(name: string): Promise<Customer> {
  const email = `${name}-${Date.now()}@example.com`;
  const token = await registeredCustomer(shop.url, email, PASSWORD);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SIMPLE)));
  await logIn(page, email, PASSWORD);
  return { context, page, orders: async () => serverOrders(shop.url, await token()) };
}

async function addOne(page: Page): Promise<void> {
  const before = await cartCount(page);
  await addButton(page).click();
  await expect.poll(() => cartCount(page), LONG).toBe(before + 1);
}

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
};

/** Opens the checkout (in-app navigation: works offline once the code is loaded) and places the order. */
async function checkOut(page: Page, between?: () => Promise<void>): Promise<void> {
  await page.goto(`${shop.url}/checkout`);
  await expect.poll(() => page.locator('#checkout-personal-firstName').count(), LONG).toBe(1);
  await between?.();
  await fill(page, { 'checkout-personal-firstName': 'Sam', 'checkout-personal-lastName': 'Site' });
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.locator('#checkout-shipping-streetAddress').count(), LONG).toBe(1);
  await fill(page, { 'checkout-shipping-firstName': 'Sam', 'checkout-shipping-lastName': 'Site', 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Go review the order' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count(), LONG).toBe(1);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your order!' }).count(), LONG).toBe(1);
}

/** The thank-you page closes (the shopper carries on shopping), so queued orders wait for a confirmation. */
async function leaveThankYou(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your order!' }).count(), LONG).toBe(0);
}

const panelWaiting = (page: Page) => page.locator('dialog[open] .sync-orders-waiting li').count();
const panelSent = (page: Page) => page.locator('dialog[open] .sync-sent li').allTextContents();
const closePanel = (page: Page) => page.keyboard.press('Escape');

describe('ordering offline', () => {
  it('an order placed offline goes once the connection returns: one order on the server, with its number in the panel and the order history', { timeout: 300_000 }, async () => {
    const { context, page, orders } = await customer('offline');
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await expect.poll(() => page.locator('.checkout-queued').count(), LONG).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(1);
    expect(await page.locator('dialog[open] .sync-orders-waiting li').textContent()).toMatch(/^Order placed \d/);
    await closePanel(page);
    expect(await orders()).toEqual([]);

    // Back online with the thank-you page open: it is sent at once, and its number appears.
    await context.setOffline(false);
    await expect.poll(() => page.locator('.checkout-order-number').textContent(), LONG).toMatch(/^Your order number is \d+\.$/);
    const number = /(\d+)/.exec((await page.locator('.checkout-order-number').textContent()) ?? '')![1]!;
    const onServer = await orders();
    expect(onServer.map((o) => o.increment_id)).toEqual([number]);

    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    const sent = await panelSent(page);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`^Order #${number}.*Placed .+, sent .+$`));
    await closePanel(page);

    await page.goto(`${shop.url}/my-account/orders`);
    await expect.poll(() => page.locator('td', { hasText: number }).count(), LONG).toBeGreaterThan(0);
    await context.close();
  });

  it('with automatic transmission off, "Order waiting!" asks first: confirmed, the order goes; cancelled, it is deleted', { timeout: 300_000 }, async () => {
    const { context, page, orders } = await customer('waiting');
    await openSyncPanel(page);
    expect(await page.getByLabel('Send orders made offline automatically when the connection returns').isChecked()).toBe(false);
    await closePanel(page);

    // Confirmed from the notification.
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await leaveThankYou(page);
    await context.setOffline(false);
    const notice = page.locator('.notification', { hasText: WAITING_TITLE });
    await expect.poll(() => notice.count(), LONG).toBe(1);
    await notice.getByRole('button', { name: WAITING_BODY }).click();
    await expect.poll(async () => (await orders()).length, LONG).toBe(1);
    await expect.poll(() => notice.count(), LONG).toBe(0);

    // Cancelled from the sync panel: nothing reaches the server and the queued order is gone.
    // Waits for the local database too: a click on "Add to cart" before it opens only says "Loading…".
    await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SIMPLE)));
    await addOne(page);
    await checkOut(page, () => context.setOffline(true));
    await leaveThankYou(page);
    await context.setOffline(false);
    await expect.poll(() => notice.count(), LONG).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('dialog[open]').getByRole('button', { name: 'Cancel the orders' }).click();
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    await expect.poll(() => notice.count(), LONG).toBe(0);
    expect(await panelSent(page)).toHaveLength(1);
    // Still gone after a reload (deleted from the database, not only hidden), and never sent.
    await page.reload();
    await openSyncPanel(page);
    await expect.poll(() => panelSent(page), LONG).toHaveLength(1);
    expect(await panelWaiting(page)).toBe(0);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await orders()).toHaveLength(1);
    await context.close();
  });

  it('the network dropped and restored 20 times during checkout and sending: still exactly one order', { timeout: 300_000 }, async () => {
    const { context, page, orders } = await customer('flaky');
    await openSyncPanel(page);
    await page.getByLabel('Send orders made offline automatically when the connection returns').check();
    await closePanel(page);
    await addOne(page);
    const orderPosts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/order' && r.method() === 'POST') orderPosts.push(r.postData() ?? '');
    });
    // The checkout is opened by a page load while the connection flaps: once installed, the service
    // worker answers that load from its precache. Installing it (a first visit) must finish first.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 90_000, interval: 500 }).toBe(true);
    let flips = 0;
    let flapping = true;
    const flap = (async () => {
      while (flapping && flips < 40) {
        await context.setOffline(flips % 2 === 0);
        flips++;
        await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 200)));
      }
      await context.setOffline(false);
    })();
    try {
      await checkOut(page);
      // Keep cutting the connection while the order is being sent.
      await expect.poll(() => flips, { timeout: 60_000 }).toBeGreaterThanOrEqual(40);
    } finally {
      flapping = false;
      await flap;
    }
    expect(flips).toBe(40); // 20 drops, 20 restores
    await expect.poll(async () => (await orders()).length, { timeout: 60_000 }).toBe(1);
    await openSyncPanel(page);
    await expect.poll(() => panelWaiting(page), LONG).toBe(0);
    expect(await panelSent(page)).toHaveLength(1);
    // Every push carried the same order id, so retries could not make a second order.
    const ids = new Set(orderPosts.map((p) => (JSON.parse(p) as { order_id?: string }).order_id));
    expect(ids.size).toBe(1);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await orders()).toHaveLength(1);
    await context.close();
  });
});
