import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { DESKTOP, openPage, shot } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';
import { waitForServiceWorker } from './helpers/service-worker';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

/** Everything the home page shows, as text, links and picture addresses; placeholders count as missing. */
function homeContent(page: Page) {
  return page.evaluate(() => {
    const home = document.querySelector('.home');
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const all = (selector: string) => [...(home?.querySelectorAll(selector) ?? [])];
    return {
      banners: all('.banners .banner:not(.banner-placeholder)').map((b) => ({ text: text(b), href: b.getAttribute('href'), image: b.querySelector('img')?.getAttribute('src') })),
      blocks: all('.cms-block:not(.cms-block-placeholder)').map((b) => ({ html: b.innerHTML, images: [...b.querySelectorAll('img')].map((i) => i.getAttribute('src')) })),
      offers: all('.offers a').map((a) => ({ text: text(a), href: a.getAttribute('href') })),
      accreditations: all('.accreditations a').map((a) => ({ text: text(a), href: a.getAttribute('href') })),
      infoLinks: all('.info-links a').map((a) => ({ text: text(a), href: a.getAttribute('href') })),
      lists: all('.home-list').map((list) => ({ title: text(list.querySelector('h2')), products: [...list.querySelectorAll('.tile-name')].map((n) => text(n)) })),
      placeholders: all('.banner-placeholder, .cms-block-placeholder').length,
    };
  });
}

/** The banner pictures that are drawn (decoded with a size), by address. */
const drawnBanners = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>('.home .banner img')].filter((i) => i.complete && i.naturalWidth > 0).map((i) => i.getAttribute('src')));

describe('the home page offline', () => {
  it('shows the same banners, CMS blocks, offers and lists after an offline reload as online', { timeout: scaled(300_000) }, async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/');
    // The whole catalogue and the content are on the device, and the service worker serves the app.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), { timeout: scaled(120_000), interval: 500 }).toBe('true');
    await expect.poll(() => page.getByTestId('offline-catalogue-status').textContent(), { timeout: scaled(120_000), interval: 500 }).toMatch(/^All [\d,]+ products are saved on this device\.$/);
    await waitForServiceWorker(page);
    // The "Use offline" panel says so too: the shop itself, not only the catalogue.
    await expect.poll(() => page.getByTestId('offline-app').textContent()).toBe('The shop itself is saved on this device and opens without a signal.');

    // Once more online, through the service worker, so the pictures shown are the ones it keeps.
    await page.reload();
    const banners = await (await fetch(shop.url + '/pub/banners.json')).json() as { banners: unknown[] };
    const shown = Math.min(3, banners.banners.length);
    expect(shown).toBeGreaterThan(0);
    const complete = (c: Awaited<ReturnType<typeof homeContent>>) => c.banners.length === shown && c.blocks.length === 2 && c.placeholders === 0 && c.offers.length > 0 && c.accreditations.length > 0 && c.infoLinks.length > 0 && c.lists.length === 3 && c.lists.every((l) => l.products.length === 8);
    await expect.poll(async () => complete(await homeContent(page)), { timeout: scaled(30_000) }).toBe(true);
    await expect.poll(async () => (await drawnBanners(page)).length).toBe(shown);
    // Every part of the page is waited for above: the footer's links come in after the lists on a busy machine.
    const online = await homeContent(page);
    await shot(page, 'home-online');

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/^You are offline\./);
    await expect.poll(() => homeContent(page), { timeout: scaled(45_000) }).toEqual(online);
    await expect.poll(() => drawnBanners(page)).toEqual(online.banners.map((b) => b.image));
    await shot(page, 'home-offline');
    expect(errors).toEqual([]);
    await page.close();
  });
});
