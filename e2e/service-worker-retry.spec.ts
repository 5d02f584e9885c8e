import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingProxy, type CountingProxy } from './helpers/counting-proxy';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, openPage } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';

const running = shopAndBrowser();
let proxy: CountingProxy;
beforeAll(async () => {
  proxy = await countingProxy(running.shop.url);
});
afterAll(async () => proxy?.close());

describe('the service worker install', () => {
  it('fails when a precached file does not arrive, and is tried again while the page stays open until the page works offline', { timeout: scaled(180_000) }, async () => {
    // Only the service worker asks for the shell by its file name (it precaches it); its first two requests meet a busy server.
    const precache = /^GET \/index\.html/;
    proxy.fail(/^\/index\.html/, 2);
    const { page } = await openPage(running.browser, DESKTOP);
    await page.goto(`${proxy.url}/`);
    // No reload and no navigation: the page itself tries the install again.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: scaled(90_000), interval: 500 }).toBe('activated');
    const attempts = proxy.seen.filter((request) => precache.test(request));
    expect(attempts.length).toBeGreaterThan(new Set(attempts).size);
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('a.brand').count()).toBe(1);
    await page.close();
  });
});
