import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { DESKTOP, productDoc } from './browse-support';
import { addButton, cartCount, closeShopAndBrowser, isLeader, leaderOf, logIn, LONG, openProduct, openShopAndBrowser, registeredCustomer, SIMPLE, urlOf, watchReplication } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()), scaled(300_000));
afterAll(() => closeShopAndBrowser(shop, browser));

/** When the cart count in a page last changed to `count`, on the machine's clock (shared by all pages). */
async function stampWhenCount(page: Page, count: number): Promise<void> {
  await page.evaluate((wanted) => {
    const target = document.querySelector('[data-testid=cart-count]')!;
    const w = window as unknown as { countSeenAt?: number };
    delete w.countSeenAt;
    const check = () => {
      if (w.countSeenAt === undefined && Number(target.textContent) === wanted) w.countSeenAt = Date.now();
    };
    new MutationObserver(check).observe(target, { childList: true, characterData: true, subtree: true });
    check();
  }, count);
}
const countSeenAt = (page: Page) => page.evaluate(() => (window as unknown as { countSeenAt?: number }).countSeenAt ?? null);

const headerCount = (page: Page, name: string) => page.locator('.header-actions .header-action', { hasText: name }).locator('.count-badge').textContent();

describe('several tabs of one browser', () => {
  it('show each other\'s cart, wishlist, compare and login without a reload; one tab talks to the server and a closed leader hands over', { timeout: scaled(300_000) }, async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const path = urlOf(await productDoc(shop.url, SIMPLE));
    const [a, b] = [await context.newPage(), await context.newPage()];
    const traffic = new Map<Page, string[]>([a, b].map((p) => [p, watchReplication(p)]));
    for (const page of [a, b]) await openProduct(page, shop.url, path);
    const { leader, others } = await leaderOf([a, b]);
    const follower = others[0]!;

    // Added in the follower: the leader's minicart count follows within a second, and vice versa.
    await stampWhenCount(follower, 1);
    await stampWhenCount(leader, 1);
    await addButton(follower).click();
    await expect.poll(() => countSeenAt(leader), LONG).not.toBeNull();
    const [addedAt, seenAt] = [(await countSeenAt(follower))!, (await countSeenAt(leader))!];
    expect(seenAt - addedAt).toBeLessThan(scaled(1000));
    await stampWhenCount(follower, 2);
    await stampWhenCount(leader, 2);
    await addButton(leader).click();
    await expect.poll(() => countSeenAt(follower), LONG).not.toBeNull();
    expect((await countSeenAt(follower))! - (await countSeenAt(leader))!).toBeLessThan(scaled(1000));

    // Wishlist and compare (kept in localStorage) reach the other tab too.
    await follower.getByRole('button', { name: 'Add to wishlist' }).click();
    await follower.getByRole('button', { name: 'Add to compare' }).click();
    await expect.poll(() => headerCount(leader, 'Wishlist'), LONG).toBe('1');
    await expect.poll(() => headerCount(leader, 'Compare'), LONG).toBe('1');
    await expect.poll(() => leader.getByRole('button', { name: 'Remove from wishlist' }).count(), LONG).toBe(1);

    // Only the leader replicates: the cart went to the server from the leader's page alone.
    await expect.poll(() => traffic.get(leader)!.filter((r) => r.startsWith('POST /api/cart/apply')).length, LONG).toBeGreaterThan(0);
    expect(traffic.get(follower)).toEqual([]);

    // The leader's tab closes: the other tab takes over and its cart change reaches the server.
    await leader.close();
    await expect.poll(() => isLeader(follower), LONG).toBe(true);
    await addButton(follower).click();
    await expect.poll(() => cartCount(follower), LONG).toBe(3);
    const updates = () => traffic.get(follower)!.filter((r) => r.startsWith('POST /api/cart/apply'));
    await expect.poll(() => updates().length, LONG).toBeGreaterThan(0);
    const cartId = new URL(`http://x${updates().at(-1)!.slice('POST '.length)}`).searchParams.get('cartId')!;
    const serverQty = async () => {
      const reply = (await (await fetch(`${shop.url}/api/cart/pull?cartId=${encodeURIComponent(cartId)}`)).json()) as { result: { sku: string; qty: number }[] };
      return reply.result.find((l) => l.sku === SIMPLE)?.qty ?? 0;
    };
    await expect.poll(serverQty, LONG).toBe(3);

    // Logging in in one tab logs in the other.
    const email = `tabs-${Date.now()}@example.com`;
    await registeredCustomer(shop.url, email, 'Tabs-pass-123');
    const third = await context.newPage();
    await openProduct(third, shop.url, path);
    // The count comes from the local cart, read once the database is open.
    await expect.poll(() => cartCount(third), LONG).toBe(3);
    await logIn(third, email, 'Tabs-pass-123');
    await expect.poll(() => follower.locator('.header-actions').getByRole('button', { name: 'Logout' }).count(), LONG).toBe(1);
    await follower.locator('.header-actions').getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => third.locator('.header-actions').getByRole('button', { name: 'Log in', exact: true }).count(), LONG).toBe(1);
    await context.close();
  });
});
