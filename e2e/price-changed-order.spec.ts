import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGED } from '../schemas/api/order-price-changed';
import { launchBrowser } from './helpers/browser';
import { isOrderPost, serverOrderById } from './helpers/order-requests';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, pounds, productDoc } from './browse-support';
import { addButton, cartCount, LONG, openProduct, openSyncPanel, urlOf } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/**
 * The grand total the shopper confirms is the total the shop stores (DESIGN "Screens follow the
 * replica"): a price that changes between the review step and the order reaching the shop is refused
 * with the new total, shown, and the order is placed once the shopper confirmed it, exactly once.
 * A product of the "Grab Adhesives" category: no special price, so the price charged is the one imported.
 */
const ADMIN_TOKEN = 'price-changed-order-spec';
const SKU = 'TKW-AS-GRB-HG-WHT';

let shop: Shop;
let browser: Browser;
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ ADMIN_TOKEN }), launchBrowser()]);
}, scaled(300_000));
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function setPrice(price: number): Promise<void> {
  const reply = await fetch(`${shop.url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'text/csv; charset=utf-8', 'x-admin-token': ADMIN_TOKEN }, body: `sku,price\n${SKU},${price.toFixed(2)}\n` });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

interface OrderPost {
  order_id: string;
  grand_total?: number;
}

/** Every order the page sends, with the total it was confirmed at. */
function orderPosts(page: Page): OrderPost[] {
  const posts: OrderPost[] = [];
  page.on('request', (request) => void (isOrderPost(request) && posts.push(JSON.parse(request.postData() ?? '{}') as OrderPost)));
  return posts;
}

/** The new total of the shop's price-changed refusal. */
async function refusedTotal(response: Response): Promise<number> {
  const reply = (await response.json()) as { code: number; meta?: { reason?: string; grand_total?: number } };
  expect(reply).toMatchObject({ code: 409, meta: { reason: PRICE_CHANGED } });
  return reply.meta!.grand_total!;
}

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
};

async function shows(control: Locator): Promise<void> {
  await expect.poll(() => control.count(), LONG).toBe(1);
}

/** A guest with one of the product in the cart, on the checkout's review step with the terms accepted. */
async function guestOnReview(name: string, beforeReview?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openProduct(page, shop.url, urlOf(await productDoc(shop.url, SKU)));
  await addButton(page).click();
  await expect.poll(() => cartCount(page), LONG).toBe(1);
  await beforeReview?.(page);
  await page.goto(`${shop.url}/checkout`);
  await shows(page.locator('#checkout-personal-firstName'));
  await fill(page, { 'checkout-personal-firstName': 'Sam', 'checkout-personal-lastName': 'Site', 'checkout-personal-emailAddress': `${name}-${Date.now()}@example.com` });
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await shows(page.locator('#checkout-shipping-streetAddress'));
  await fill(page, { 'checkout-shipping-firstName': 'Sam', 'checkout-shipping-lastName': 'Site', 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await shows(page.getByRole('button', { name: 'Place the order' }));
  await page.getByLabel('I accept the terms and conditions').check();
  return page;
}

const grandTotal = (page: Page) => page.locator('.checkout-totals .totals-grand_total dd').textContent();
const thankYou = (page: Page) => page.getByRole('heading', { name: 'Thank you for your order!' }).count();

describe('an order confirmed at a price that has changed', () => {
  it('placed online: refused, the review step shows the new total and says so, and the next press places it once at that total', { timeout: scaled(300_000) }, async () => {
    await setPrice(5);
    const page = await guestOnReview('repriced-online');
    await expect.poll(() => grandTotal(page), LONG).toMatch(/^£\d+\.\d\d$/);
    const confirmed = (await grandTotal(page))!;
    const posts = orderPosts(page);
    // The price changes between the review step and the order reaching the shop.
    let changed = false;
    await page.route((url) => url.pathname === '/api/order', async (route) => {
      if (!changed) {
        changed = true;
        await setPrice(9);
      }
      await route.continue();
    });
    const refusal = page.waitForResponse((response) => isOrderPost(response.request()));
    await page.getByRole('button', { name: 'Place the order' }).click();
    const charged = await refusedTotal(await refusal);
    expect(pounds(charged)).not.toBe(confirmed);

    const notice = page.getByRole('alert').filter({ hasText: 'The prices have changed since you confirmed the order.' });
    await expect.poll(() => notice.textContent(), LONG).toContain(`The new total is ${pounds(charged)}`);
    await expect.poll(() => grandTotal(page), LONG).toBe(pounds(charged));
    expect(await thankYou(page)).toBe(0);
    // The line is back in the cart (the review step lists it) and no order is stored.
    expect(await page.locator('.checkout-lines tbody tr').count()).toBe(1);
    const orderId = posts[0]!.order_id;
    expect(await serverOrderById(shop.url, orderId)).toBeNull();

    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect.poll(() => page.locator('.checkout-order-number').textContent(), LONG).toMatch(/^Your order number is \d+\.$/);
    expect(await serverOrderById(shop.url, orderId)).toMatchObject({ order_id: orderId, grand_total: charged });
    expect(posts.map((p) => [p.order_id, p.grand_total === undefined ? undefined : pounds(p.grand_total)])).toEqual([
      [orderId, confirmed],
      [orderId, pounds(charged)],
    ]);
    await page.context().close();
  });

  it('queued offline and sent automatically: it waits for the shopper to confirm the new total ("Order waiting!"), then is placed once at that total', { timeout: scaled(300_000) }, async () => {
    await setPrice(5);
    const page = await guestOnReview('repriced-offline', async (p) => {
      await openSyncPanel(p);
      await p.getByLabel('Send orders made offline automatically when the connection returns').check();
      await p.keyboard.press('Escape');
    });
    await expect.poll(() => grandTotal(page), LONG).toMatch(/^£\d+\.\d\d$/);
    const confirmed = (await grandTotal(page))!;
    const posts = orderPosts(page);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Place the order' }).click();
    await shows(page.locator('.checkout-queued'));
    await setPrice(12);

    const refusal = page.waitForResponse((response) => isOrderPost(response.request()), { timeout: scaled(60_000) });
    await page.context().setOffline(false);
    const charged = await refusedTotal(await refusal);
    expect(pounds(charged)).not.toBe(confirmed);
    const question = page.locator('.notification', { hasText: 'Order waiting!' });
    const confirm = question.getByRole('button', { name: new RegExp(`now costs ${pounds(charged).replace('.', '\\.')}`) });
    await expect.poll(() => confirm.count(), LONG).toBe(1);
    await expect.poll(() => page.locator('.checkout-queued-repriced').textContent(), LONG).toContain(pounds(charged));
    const orderId = posts[0]!.order_id;
    expect(await serverOrderById(shop.url, orderId)).toBeNull();

    // Another sync round does not send it on its own, automatic transmission or not.
    await openSyncPanel(page);
    await expect.poll(() => page.locator('dialog[open] .sync-order-new-total').textContent(), LONG).toContain(pounds(charged));
    await page.locator('dialog[open]').getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => page.locator('dialog[open]').getByRole('button', { name: 'Retry now' }).isEnabled(), LONG).toBe(true);
    await page.keyboard.press('Escape');
    expect(posts).toHaveLength(1);

    await confirm.click();
    await expect.poll(() => serverOrderById(shop.url, orderId), LONG).toMatchObject({ order_id: orderId, grand_total: charged });
    await expect.poll(() => question.count(), LONG).toBe(0);
    await expect.poll(() => page.getByText('Your order has now been sent.').count(), LONG).toBe(1);
    expect(posts.map((p) => [p.order_id, p.grand_total === undefined ? undefined : pounds(p.grand_total)])).toEqual([
      [orderId, confirmed],
      [orderId, pounds(charged)],
    ]);
    await page.context().close();
  });
});
