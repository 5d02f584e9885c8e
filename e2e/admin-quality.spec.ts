import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './browse-support';
import { adminOrder, orderRow, shopper, shopperOrders, signIn } from './admin-support';
import { audit, failing, listed, type Found } from './helpers/axe-audit';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { LONG } from './sync-support';

const ADMIN_TOKEN = 'packing-bench-quality-owner-token';
const running = shopAndBrowser({ ADMIN_TOKEN });
const TABLET = { width: 768, height: 1024 };

/** A back-office screen to audit: where it is, and the heading that shows it has drawn. */
interface Screen {
  path: string;
  heading: string;
  /** Text that must be gone before the audit (a read still loading). */
  loaded?: string;
}

async function auditScreens(page: Page, base: string, screens: Screen[], width: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const screen of screens) {
    await page.goto(`${base}/admin${screen.path}`);
    await expect.poll(() => page.getByRole('heading', { name: screen.heading, exact: true }).count(), LONG).toBe(1);
    if (screen.loaded) await expect.poll(() => page.getByText(screen.loaded!, { exact: true }).count(), LONG).toBe(0);
    found.push(...(await audit(page, `${width} px ${screen.path}`)));
  }
  return found;
}

/** The name a keyboard user hears for the focused element: its aria-label, its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return labelled.trim();
  });

/** Presses Tab until the control with this name has the focus (at most `max` presses). */
async function tabTo(page: Page, name: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`"${name}" never took the focus in ${max} presses of Tab`);
}

describe('the packing bench for everyone', () => {
  it('axe finds nothing serious on any back-office page, at 768 and at 1280 px', { timeout: 300_000 }, async () => {
    const { shop, browser } = running;
    const email = `quality-${Date.now()}@example.com`;
    const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 2);
    const id = encodeURIComponent(placed.order_id);
    const screens: Screen[] = [
      { path: '/', heading: 'Orders' },
      { path: `/orders/${id}`, heading: `Order ${placed.increment_id}` },
      { path: `/orders/${id}/pick-list`, heading: `Pick list: order ${placed.increment_id}` },
      { path: '/webhooks', heading: 'Webhooks', loaded: 'Loading…' },
      { path: '/import', heading: 'Catalogue import' },
      { path: '/tokens', heading: 'Admin tokens', loaded: 'Loading…' },
    ];
    const found: Found[] = [];
    for (const [width, viewport] of [['768', TABLET], ['1280', DESKTOP]] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${shop.url}/admin`);
      await expect.poll(() => page.getByLabel('Admin token').count(), LONG).toBe(1);
      found.push(...(await audit(page, `${width} px sign-in`)));
      await signIn(page, shop.url, ADMIN_TOKEN);
      await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
      found.push(...(await auditScreens(page, shop.url, screens, width)));
      // The dialogs of the order page, open.
      await page.goto(`${shop.url}/admin/orders/${id}`);
      await page.getByRole('button', { name: 'Cancel order…' }).click();
      await expect.poll(() => page.getByText('Return the items to stock?').isVisible(), LONG).toBe(true);
      found.push(...(await audit(page, `${width} px the cancel question`)));
      await page.getByRole('button', { name: 'Keep the order' }).click();
      await context.close();
    }
    expect(listed(failing(found))).toBe('');
  });

  it('works with the keyboard alone: signs in, opens an order, starts packing and ships it (Tab, Enter and Space only)', { timeout: 300_000 }, async () => {
    const { shop, browser } = running;
    const email = `keyboard-${Date.now()}@example.com`;
    const placed = await shopperOrders(shop.url, await shopper(shop.url, email), email, 1);
    const context = await browser.newContext({ viewport: TABLET });
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin`);
    await expect.poll(() => page.getByLabel('Admin token').count(), LONG).toBe(1);

    await tabTo(page, 'Admin token');
    await page.keyboard.type(ADMIN_TOKEN);
    await tabTo(page, 'Sign in');
    await page.keyboard.press('Enter');
    await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);

    await tabTo(page, placed.increment_id, 200);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: `Order ${placed.increment_id}` }).count(), LONG).toBe(1);
    await tabTo(page, 'Start packing');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('processing');

    await expect.poll(() => page.getByRole('button', { name: 'Shipped…' }).count(), LONG).toBe(1);
    await tabTo(page, 'Shipped…');
    await page.keyboard.press('Enter');
    // The dialog takes the focus to its first field.
    await expect.poll(() => focusedName(page), LONG).toBe('Carrier');
    await page.keyboard.type('DPD');
    await tabTo(page, 'Tracking number');
    await page.keyboard.type('15509876543210');
    await tabTo(page, 'Mark as shipped');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('shipped');
    expect((await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status_history.at(-1)).toMatchObject({ carrier: 'DPD', tracking_number: '15509876543210' });
    await context.close();
  });
});
