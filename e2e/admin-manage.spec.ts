import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_REFUSED } from '../server/admin/admin-routes';
import { startReceiver } from '../tests/integration/webhooks-receiver';
import { DESKTOP } from './browse-support';
import { call, shopper, shopperOrders, signIn } from './admin-support';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { LONG, SIMPLE } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

const ADMIN_TOKEN = 'packing-bench-manage-owner-token';
// A failed delivery waits an hour for its next attempt: only "Retry now" can send it sooner.
const running = shopAndBrowser({ ADMIN_TOKEN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '3600000' });

async function signedIn(path: string): Promise<Page> {
  const { shop, browser } = running;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, shop.url, ADMIN_TOKEN);
  await page.goto(`${shop.url}/admin${path}`);
  // window.confirm (disable, revoke) is answered yes, as the owner would.
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

const alertText = (page: Page) => page.getByRole('alert').first().textContent();

describe('the back-office pages', () => {
  it('webhooks: an endpoint added on the page, a failed delivery listed with its error, and "Retry now" sends it at once', { timeout: scaled(300_000) }, async () => {
    const { shop } = running;
    const receiver = await startReceiver();
    try {
      const page = await signedIn('/webhooks');
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByRole('checkbox', { name: 'order.placed' }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect.poll(() => alertText(page), LONG).toBe('Endpoint added.');
      expect(await page.getByRole('status').filter({ hasText: 'Signing secret' }).textContent()).toMatch(/^Signing secret, shown this once only: whsec_/);
      await expect.poll(() => page.getByRole('button', { name: `Disable ${receiver.url}` }).count(), LONG).toBe(1);

      receiver.plan(['fail']);
      const email = `hooks-${Date.now()}@example.com`;
      const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 1);
      await receiver.waitFor('the first attempt', () => receiver.requests.some((r) => r.body.includes(placed.order_id)), scaled(30_000));
      const row = page.locator('tr[data-event="order.placed"]', { hasText: receiver.url });
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Refresh deliveries' }).click();
          return (await row.first().textContent()) ?? '';
        }, LONG)
        .toMatch(/HTTP 500/);
      expect(await row.locator('td').nth(2).textContent()).toBe('pending');

      await row.getByRole('button', { name: 'Retry now' }).click();
      await expect.poll(() => alertText(page), LONG).toMatch(/^Delivery \d+ is being sent again\.$/);
      await receiver.waitFor('the retried delivery acknowledged', () => receiver.requests.some((r) => r.acknowledged && r.body.includes(placed.order_id)), scaled(30_000));
      await expect
        .poll(async () => {
          await page.getByRole('button', { name: 'Refresh deliveries' }).click();
          return row.locator('td').nth(2).textContent();
        }, LONG)
        .toBe('delivered');
      expect(await row.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
      expect(receiver.requests.filter((r) => r.body.includes(placed.order_id)).map((r) => r.behaviour)).toEqual(['fail', 'ok']);
      await page.context().close();
    } finally {
      await receiver.close();
    }
  });

  it('import: the upload shows its progress, a sheet with mistakes gets the per-row report, a good one says what it did', { timeout: scaled(300_000) }, async () => {
    const page = await signedIn('/import');
    // A slow uplink, so the progress bar is seen moving.
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150_000 });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar) seen.push(Number(bar.value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    const padding = Array.from({ length: 4000 }, (_, i) => `PAD-${i},Padding row ${i} ${'x'.repeat(60)},1.00`).join('\n');
    const withMistakes = `sku,name,price\n${padding}\nBAD-PRICE,Bad price,twelve\nBAD-QTY,Bad stock,1.00,-3\n`;
    await page.getByLabel(/^Catalogue file/).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(withMistakes.replace('sku,name,price', 'sku,name,price,qty')) });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Nothing was imported: fix these rows and import the file again' }).count(), { timeout: scaled(60_000) }).toBe(1);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((v) => v > 0 && v < 1), `progress values seen: ${seen.join(', ')}`).toBe(true);
    expect(await page.locator('ul.refusal li').allTextContents()).toEqual([
      'row 4002, column price: must be a number such as 12.49 (no currency sign or thousands separator)',
      'row 4003, column qty: must not be negative',
    ]);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByLabel(/^Catalogue file/).setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(`sku,price\n${SIMPLE},0.99\n`) });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Imported' }).count(), LONG).toBe(1);
    expect(await page.getByRole('status').locator('li').allTextContents()).toEqual(['product: 0 created, 1 updated']);
    await page.context().close();
  });

  it('tokens: one made with scopes is shown once, works with those scopes only, and stops working when revoked', { timeout: scaled(300_000) }, async () => {
    const { shop } = running;
    const page = await signedIn('/tokens');
    const name = `Packing station ${Date.now()}`;
    await page.getByLabel('Name (who or what uses it)').fill(name);
    await page.getByRole('checkbox', { name: 'orders:read' }).check();
    await page.getByRole('checkbox', { name: 'orders:write' }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('status').getByLabel('New admin token');
    await expect.poll(async () => (await shown.count()) > 0 && ((await shown.textContent()) ?? '') !== '', LONG).toBe(true);
    const token = ((await shown.textContent()) ?? '').trim();
    expect(await page.getByText(`The token “${name}”, shown this once only: copy it now.`).count()).toBe(1);
    expect((await call(shop.url, 'GET', '/api/admin/orders?pageSize=1', undefined, token)).code).toBe(200);
    expect((await call<string>(shop.url, 'GET', '/api/admin/tokens', undefined, token)).result).toBe('This admin token does not have the "tokens" scope.');

    // Shown once: after a reload the list names it, with its scopes, and the secret is nowhere.
    await page.reload();
    const row = page.locator('tr', { hasText: name });
    await expect.poll(() => row.count(), LONG).toBe(1);
    expect(await row.locator('td').nth(1).textContent()).toBe('orders:read, orders:write');
    expect(await page.content()).not.toContain(token);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect.poll(() => alertText(page), LONG).toBe(`Revoked "${name}".`);
    await expect.poll(() => row.locator('td').nth(4).textContent(), LONG).toMatch(/^revoked /);
    expect((await call<string>(shop.url, 'GET', '/api/admin/orders?pageSize=1', undefined, token)).result).toBe(ADMIN_TOKEN_REFUSED);
    await page.context().close();
  });
});
