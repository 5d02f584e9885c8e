import { describe, expect, it } from 'vitest';
import { api, DESKTOP } from './browse-support';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { scaled } from '../tests/helpers/time-limits';

const running = shopAndBrowser();

interface CategoryDoc { id: number; parent_id: number; url_key: string; name: string; description?: string }

describe('reads after hydrating a server-rendered page', () => {
  it("takes the server's category tree as fresh, and reads the whole tree when the shopper moves on to another category", async () => {
    const result = await api<{ items: CategoryDoc[] }>(running.shop.url, '/api/catalog', { type: 'category', size: 4000 });
    const bolts = result.items.find((c) => c.url_key === 'through-bolts')!;
    const parent = result.items.find((c) => c.id === bolts.parent_id)!;
    expect(parent.description).toBeTruthy();

    const page = await running.browser.newPage({ viewport: DESKTOP });
    const categoryReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/catalog' && (JSON.parse(request.postData() ?? '{}') as { type?: string }).type === 'category') {
        categoryReads.push(new URL(page.url()).pathname);
      }
    });
    await page.goto(`${running.shop.url}/c/through-bolts`);
    // Live, and the local database open (the sync button comes alive): every read of the first screen has been made by then.
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    await expect.poll(() => page.locator('.sync-button').isEnabled()).toBe(true);
    // The page carried the tree (trimmed to what its screens show): no second read of it for this page.
    expect(categoryReads).toEqual([]);

    // The parent's description did not travel with this page; it is there once the shopper goes to it.
    await page.locator('.breadcrumbs a', { hasText: parent.name }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(parent.name);
    await expect.poll(() => page.locator('.category-header .muted').first().textContent(), { timeout: scaled(10_000) }).toBe(parent.description);
    await page.close();
  });
});
