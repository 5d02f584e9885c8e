import { describe, expect, it } from 'vitest';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, PHONE, hydrated, openPage } from './browse-support';
import { LONG, SIMPLE, addButton, cartCount, openProduct } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

/** The visual system's measurable rules, in Chromium at a phone's and a desktop's width. */

const running = shopAndBrowser();

describe('the look, measured', () => {
  it('keeps the phone header at 120 px or less, with each action an icon over its label', { timeout: scaled(60_000) }, async () => {
    const { page } = await openPage(running.browser, PHONE);
    await page.goto(running.shop.url + '/');
    await hydrated(page);
    await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
    const header = await page.locator('header.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(120);
    expect(header?.height).toBeGreaterThan(40);
    // Every action is in view (none pushed off the right edge) and shows an icon and its label.
    const actions = await page.locator('.header-row .header-action').evaluateAll((list) =>
      list.map((a) => ({ right: a.getBoundingClientRect().right, icon: a.querySelector('svg.icon') !== null, label: a.querySelector('.action-label')?.textContent ?? '' })),
    );
    expect(actions.length).toBeGreaterThanOrEqual(8);
    for (const a of actions) {
      expect(a.right).toBeLessThanOrEqual(PHONE.width);
      expect(a.icon).toBe(true);
      expect(a.label).not.toBe('');
    }
    await page.close();
  });

  it('draws every product tile of a list at the same height, with pictures of one shape', { timeout: scaled(60_000) }, async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { page } = await openPage(running.browser, viewport);
      await page.goto(running.shop.url + '/c/through-bolts');
      const tiles = page.locator('.listing .product-grid .tile');
      await expect.poll(() => tiles.count(), LONG).toBe(50);
      const sizes = await tiles.evaluateAll((list) => list.map((t) => ({ tile: Math.round(t.getBoundingClientRect().height), picture: Math.round(t.querySelector('.product-image, .image-placeholder')?.getBoundingClientRect().height ?? 0) })));
      expect(new Set(sizes.map((s) => s.tile)).size).toBe(1);
      expect(new Set(sizes.map((s) => s.picture)).size).toBe(1);
      await page.close();
    }
  });

  it('fills each square frame with its tall picture (no side bands), without moving the page', { timeout: scaled(60_000) }, async () => {
    const { page } = await openPage(running.browser, DESKTOP);
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(running.shop.url + '/c/through-bolts');
    const loaded = page.locator('.listing .tile img.product-image');
    await expect.poll(() => loaded.evaluateAll((list) => list.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length), LONG).toBeGreaterThan(3);
    const pictures = await loaded.evaluateAll((list) =>
      list
        .map((img) => img as HTMLImageElement)
        .filter((img) => img.complete && img.naturalWidth > 0)
        .map((img) => ({ fit: getComputedStyle(img).objectFit, natural: img.naturalWidth / img.naturalHeight, frame: img.clientWidth / img.clientHeight })),
    );
    // The demo's pictures are 324 × 489: in a square frame "contain" would leave bands at both sides.
    expect(pictures.some((p) => p.natural < 0.9)).toBe(true);
    for (const p of pictures) {
      expect(p.fit).toBe('cover');
      expect(p.frame).toBeCloseTo(1, 1);
    }
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
    await page.close();
  });

  it('shows one toast for two notices, and leaves it on its page', { timeout: scaled(90_000) }, async () => {
    const { page } = await openPage(running.browser, DESKTOP);
    await openProduct(page, running.shop.url, `/p/${SIMPLE}/x`);
    await addButton(page).click();
    await expect.poll(() => cartCount(page), LONG).toBe(1);
    // A second notice while the first is shown: a quantity the shop refuses.
    await page.locator('.product .add-row input').fill('0');
    await addButton(page).click();
    await expect.poll(() => page.locator('.notification').count(), LONG).toBe(2);
    expect(await page.locator('.notifications .toast').count()).toBe(1);
    // Moving to another page closes it.
    await page.locator('a.brand').click();
    await expect.poll(() => page.locator('.notification').count(), LONG).toBe(0);
    await page.close();
  });

  it('draws a placeholder, never a broken image, where a picture cannot load', { timeout: scaled(60_000) }, async () => {
    const { page, errors } = await openPage(running.browser, PHONE);
    // Pictures not on the device: every image request fails, as it does offline for one never seen.
    await page.route('**/img/**', (route) => route.abort('internetdisconnected'));
    await page.goto(running.shop.url + '/c/through-bolts');
    await hydrated(page);
    const tiles = page.locator('.listing .product-grid .tile');
    await expect.poll(() => tiles.count(), LONG).toBe(50);
    // Scroll through the list so the lazy pictures are asked for too.
    for (let y = 0; y < 6; y += 1) await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.locator('.listing .tile [data-image-missing]').count(), LONG).toBeGreaterThan(4);
    await expect.poll(() => page.locator('main img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length), LONG).toBe(0);
    const placeholder = await page.locator('.listing .tile [data-image-missing]').first().boundingBox();
    expect(placeholder?.height).toBeGreaterThan(50);
    expect(errors).toEqual([]);
    await page.close();
  });
});
