import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../schemas/api/admin-picks';
import { ADMIN_TOKEN_REFUSED } from '../server/admin/admin-routes';
import { SCAN_MESSAGES } from '../src/admin/pick/scan-pick';
import { startReceiver } from '../tests/integration/webhooks-receiver';
import { DESKTOP } from './browse-support';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { adminOrder, call, orderRow, scan, ship, shopper, shopperOrders, signIn } from './admin-support';
import { LONG, SIMPLE } from './sync-support';
import { waitForServiceWorker } from './helpers/service-worker';
import { scaled } from '../tests/helpers/time-limits';

const ADMIN_TOKEN = 'packing-bench-e2e-owner-token';
const running = shopAndBrowser({ ADMIN_TOKEN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });

const markPage = (page: Page) => page.evaluate(() => void ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe('the packing bench', () => {
  it('a shopper\'s order appears in the open list without a reload, is picked by scanning (wrong item and one too many refused), packed and shipped, and the shopper sees "shipped"', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, shop.url, ADMIN_TOKEN);
    await markPage(page);

    const email = `packing-${Date.now()}@example.com`;
    const token = await shopper(shop.url, email);
    const placed = await shopperOrders(shop.url, token, email, 2);
    await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
    expect(await stillSamePage(page)).toBe(true);

    await page.getByRole('link', { name: placed.increment_id, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Order ${placed.increment_id}` }).count(), LONG).toBe(1);
    // A second tablet has the same order open.
    const otherTablet = await browser.newContext({ viewport: DESKTOP });
    const other = await otherTablet.newPage();
    await signIn(other, shop.url, ADMIN_TOKEN);
    await other.goto(`${shop.url}/admin/orders/${encodeURIComponent(placed.order_id)}`);
    await expect.poll(() => other.locator('#lines-heading').textContent(), LONG).toBe('Lines: 0 of 2 units picked');
    await markPage(other);
    const line = (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).items[0]!;
    const code = line.ean ?? line.sku;
    expect(await scan(page, '4006381333931')).toBe(SCAN_MESSAGES.wrongItem('4006381333931'));
    expect(await scan(page, code)).toBe(`Picked ${line.sku}: 1 of 2`);
    expect(await scan(page, code)).toBe(`Picked ${line.sku}: 2 of 2`);
    expect(await scan(page, code)).toMatch(/^One too many: all 2 of .+ are picked already\. Put it back\.$/);
    expect(await page.locator('#lines-heading').textContent()).toBe('Lines: 2 of 2 units picked');
    // The ticks are the server's: counted once each, and the other tablet sees them without a reload.
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).picks, LONG).toEqual([{ sku: line.sku, picked: 2 }]);
    await expect.poll(() => other.locator('#lines-heading').textContent(), LONG).toBe('Lines: 2 of 2 units picked');
    expect(await stillSamePage(other)).toBe(true);
    expect(await scan(other, code)).toMatch(/^One too many: all 2 of .+ are picked already\. Put it back\.$/);
    await otherTablet.close();

    await page.getByRole('button', { name: 'Start packing' }).click();
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('processing');
    // Only the API's next steps are offered: no "Start packing" twice, no "Delivered" before shipping.
    await expect.poll(() => page.getByRole('button', { name: 'Shipped…' }).count(), LONG).toBe(1);
    expect(await page.getByRole('button', { name: 'Start packing' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delivered' }).count()).toBe(0);
    await ship(page, 'DPD', '15501234567890');
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('shipped');
    // Picking is over once the order is shipped: a scan is refused on the tablet, not queued to be refused later.
    expect(await scan(page, code)).toBe(SCAN_MESSAGES.notOpen('shipped'));
    expect(await page.locator('.waiting').count()).toBe(0);
    const shipped = (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status_history.at(-1)!;
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'DPD', tracking_number: '15501234567890' });

    const history = await call<{ items: { order_id: string; status: string }[] }>(shop.url, 'GET', '/api/user/order-history', undefined, token);
    expect(history.result.items.find((o) => o.order_id === placed.order_id)?.status).toBe('shipped');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline from a scan through "Start packing" to "Shipped", then online: the tick counted once and one status change each on the server and in the webhook deliveries', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const receiver = await startReceiver();
    try {
      const endpoint = await call(shop.url, 'POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.status_changed'] }, ADMIN_TOKEN);
      expect(endpoint.code, JSON.stringify(endpoint.result)).toBe(200);
      const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
      const page = await context.newPage();
      await signIn(page, shop.url, ADMIN_TOKEN);
      const email = `packing-offline-${Date.now()}@example.com`;
      const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 1);
      await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
      await page.getByRole('link', { name: placed.increment_id, exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Start packing' }).count(), LONG).toBe(1);

      await context.setOffline(true);
      const line = (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).items[0]!;
      expect(await scan(page, line.ean ?? line.sku)).toBe(`Picked ${line.sku}: 1 of 1`);
      await page.getByRole('button', { name: 'Start packing' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Shipped…' }).count(), LONG).toBe(1);
      await ship(page, 'Royal Mail', 'RM123456789GB');
      await expect.poll(() => page.locator('.waiting').first().textContent(), LONG).toBe(`Waiting to be sent: 1 × ${line.sku} picked, then processing, then shipped`);
      expect(await page.locator('.connection').textContent()).toMatch(/^Offline/);
      expect((await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status).toBe('pending');

      await context.setOffline(false);
      await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('shipped');
      await expect.poll(() => page.locator('.waiting').count(), LONG).toBe(0);
      const statuses = (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status_history.map((h) => h.status);
      expect(statuses).toEqual(['pending', 'processing', 'shipped']);
      expect((await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).picks).toEqual([{ sku: line.sku, picked: 1 }]);
      const forOrder = () => receiver.requests.filter((r) => r.acknowledged && r.body.includes(placed.order_id)).map((r) => (JSON.parse(r.body) as { data?: { status?: string } }).data?.status);
      await receiver.waitFor('two status events', () => forOrder().length >= 2, 30_000);
      // A moment for a duplicate to arrive, if the device had sent a change twice.
      await expect.poll(() => page.locator('.connection').textContent(), LONG).toMatch(/^Online/);
      expect(new Set(receiver.requests.filter((r) => r.body.includes(placed.order_id)).map((r) => r.id)).size).toBe(2);
      await context.close();
    } finally {
      await receiver.close();
    }
  });

  it('a tick made offline on an order cancelled meanwhile is refused on the order with the server\'s message, and the line shows the server\'s count', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    const page = await context.newPage();
    await signIn(page, shop.url, ADMIN_TOKEN);
    const email = `packing-refused-${Date.now()}@example.com`;
    const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 2);
    await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
    await page.getByRole('link', { name: placed.increment_id, exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Start packing' }).count(), LONG).toBe(1);

    await context.setOffline(true);
    const line = (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).items[0]!;
    expect(await scan(page, line.ean ?? line.sku)).toBe(`Picked ${line.sku}: 1 of 2`);
    expect(await page.locator('#lines-heading').textContent()).toBe('Lines: 1 of 2 units picked');
    // Meanwhile the office cancels the order.
    expect((await call(shop.url, 'POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'cancelled' }, ADMIN_TOKEN)).code).toBe(200);

    await context.setOffline(false);
    const refusal = page.locator('.refusal-box');
    await expect.poll(() => refusal.count(), LONG).toBe(1);
    const said = (await refusal.locator('p').textContent()) ?? '';
    expect(said.startsWith(`The tick 1 × ${line.sku} picked made `), said).toBe(true);
    expect(said.endsWith(` was refused: ${PICK_MESSAGES.notOpen('cancelled')}`), said).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Status: cancelled' }).count(), LONG).toBe(1);
    expect(await page.locator('#lines-heading').textContent()).toBe('Lines: 0 of 2 units picked');
    expect((await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).picks).toEqual([]);
    // It stays until the packer has read it, even after a reload.
    await page.reload();
    await expect.poll(() => refusal.count(), LONG).toBe(1);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => refusal.count(), LONG).toBe(0);
    await context.close();
  });

  it('a revoked token signs the tablet out with the server\'s message, and the orders are gone from the device', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const made = await call<{ id: number; token: string }>(shop.url, 'POST', '/api/admin/tokens', { name: 'tablet 2', scopes: ['orders:read', 'orders:write'] }, ADMIN_TOKEN);
    expect(made.code).toBe(200);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin`);
    await page.getByLabel('Admin token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('#sign-in-error').textContent(), LONG).toBe(ADMIN_TOKEN_REFUSED);
    await signIn(page, shop.url, made.result.token);
    await expect.poll(() => page.locator('tr[data-order]').count(), LONG).toBeGreaterThan(0);

    expect((await call(shop.url, 'DELETE', `/api/admin/tokens/${made.result.id}`, undefined, ADMIN_TOKEN)).code).toBe(200);
    await expect.poll(() => page.locator('#sign-in-error').textContent(), LONG).toBe(ADMIN_TOKEN_REFUSED);
    expect(await page.locator('tr[data-order]').count()).toBe(0);
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('fixings-admin');
          open.onsuccess = () => {
            const count = open.result.transaction('orders').objectStore('orders').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(left).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByLabel('Admin token').count(), LONG).toBe(1); // the app renders after the load event
    await context.close();
  });

  it('offline, a reload of /admin shows the shell and the open orders kept on the tablet, and an order\'s details', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    const page = await context.newPage();
    await signIn(page, shop.url, ADMIN_TOKEN);
    const email = `packing-reload-${Date.now()}@example.com`;
    const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 2);
    await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
    // The service worker controls the page and the back-office has put its page and chunk in its cache.
    await waitForServiceWorker(page);
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('admin-shell')).keys()).length), LONG).toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Orders' }).count(), LONG).toBe(1);
    await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
    expect(await page.locator('.connection').textContent()).toMatch(/^Offline/);
    await page.getByRole('link', { name: placed.increment_id, exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: `Order ${placed.increment_id}` }).count(), LONG).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('#lines-heading').textContent(), LONG).toBe('Lines: 0 of 2 units picked');
    expect(await page.getByRole('button', { name: 'Start packing' }).count()).toBe(1);
    await context.close();
  });

  it('"Cancel order…" asks "Return the items to stock?": no leaves the stock as it is, yes puts the units back', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const stock = async () => (await call<{ qty: number }>(shop.url, 'GET', `/api/stock/check/${SIMPLE}`)).result.qty;
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page, shop.url, ADMIN_TOKEN);
    const email = `packing-cancel-${Date.now()}@example.com`;
    const token = await shopper(shop.url, email);
    for (const [answer, returned] of [['No, cancel without returning stock', false], ['Yes, cancel and return to stock', true]] as const) {
      const before = await stock();
      const placed = await shopperOrders(shop.url, token, email, 2);
      expect(await stock()).toBe(before - 2);
      await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
      await page.getByRole('link', { name: placed.increment_id, exact: true }).click();
      await page.getByRole('button', { name: 'Cancel order…' }).click();
      expect(await page.getByRole('dialog').getByText('Return the items to stock?').isVisible()).toBe(true);
      await page.getByRole('button', { name: answer }).click();
      await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('cancelled');
      expect(await stock(), answer).toBe(returned ? before : before - 2);
      await page.getByRole('link', { name: 'Back to the orders' }).click();
    }
    await context.close();
  });
});
