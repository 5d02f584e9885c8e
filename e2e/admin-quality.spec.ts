import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './browse-support';
import { startReceiver } from '../tests/integration/webhooks-receiver';
import { adminOrder, call, orderRow, shopper, shopperOrders, signIn } from './admin-support';
import { audit, failing, listed, type Found } from './helpers/axe-audit';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { LONG } from './sync-support';
import { scaled } from '../tests/helpers/time-limits';

const ADMIN_TOKEN = 'packing-bench-quality-owner-token';
// A failed delivery waits an hour for its next attempt, so the webhooks page lists it as failed while audited.
const running = shopAndBrowser({ ADMIN_TOKEN, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '3600000' });
const TABLET = { width: 768, height: 1024 };

/** A back-office screen to audit: where it is, and the heading that shows it has drawn. */
interface Screen {
  path: string;
  heading: string;
  /** Text that must be gone before the audit (a read still loading). */
  loaded?: string;
  /** Something that must be on the page before the audit (a row of the data it lists). */
  shows?: string;
}

async function auditScreens(page: Page, base: string, screens: Screen[], width: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const screen of screens) {
    await page.goto(`${base}/admin${screen.path}`);
    await expect.poll(() => page.getByRole('heading', { name: screen.heading, exact: true }).count(), LONG).toBe(1);
    if (screen.loaded) await expect.poll(() => page.getByText(screen.loaded!, { exact: true }).count(), LONG).toBe(0);
    if (screen.shows) await expect.poll(() => page.locator(screen.shows!).count(), LONG).toBeGreaterThan(0);
    found.push(...(await auditFits(page, `${width} px ${screen.path}`)));
  }
  return found;
}

/** axe, and whether the page fits the screen's width: nothing to scroll sideways to on a tablet held upright. */
async function auditFits(page: Page, state: string): Promise<Found[]> {
  const found = await audit(page, state);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found.push({ state, rule: 'fits-the-width', impact: 'serious', help: `the page is ${overflow} px wider than the screen`, targets: [] });
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
  it('axe finds nothing serious on any back-office page, empty and with what it lists, its dialogs and reports open, at 768 and at 1280 px', { timeout: scaled(300_000) }, async () => {
    const { shop, browser } = running;
    const email = `quality-${Date.now()}@example.com`;
    const token = await shopper(shop.url, email);
    // Something on every page: a webhook endpoint whose first delivery failed, a token, an order being packed.
    const receiver = await startReceiver();
    receiver.plan(['fail'], 'fail');
    expect((await call(shop.url, 'POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.placed'] }, ADMIN_TOKEN)).code).toBe(200);
    expect((await call(shop.url, 'POST', '/api/admin/tokens', { name: 'Audit station', scopes: ['orders:read'] }, ADMIN_TOKEN)).code).toBe(200);
    const placed = await shopperOrders(shop.url, token, email, 2);
    const packing = await shopperOrders(shop.url, token, email, 1);
    expect((await call(shop.url, 'POST', `/api/admin/orders/${packing.order_id}/status`, { status: 'processing' }, ADMIN_TOKEN)).code).toBe(200);
    await receiver.waitFor('a failed delivery', () => receiver.requests.length > 0, 30_000);
    await receiver.close();
    const id = encodeURIComponent(placed.order_id);
    const screens: Screen[] = [
      { path: '/', heading: 'Orders' },
      { path: `/orders/${id}`, heading: `Order ${placed.increment_id}` },
      { path: `/orders/${id}/pick-list`, heading: `Pick list: order ${placed.increment_id}` },
      { path: `/pick-lists?ids=${id},${encodeURIComponent(packing.order_id)}`, heading: 'Pick lists (2)' },
      { path: '/webhooks', heading: 'Webhooks', loaded: 'Loading…', shows: 'tr[data-event]' },
      { path: '/import', heading: 'Catalogue import' },
      { path: '/tokens', heading: 'Admin tokens', loaded: 'Loading…', shows: 'tr:has-text("Audit station")' },
    ];
    const found: Found[] = [];
    for (const [width, viewport] of [['768', TABLET], ['1280', DESKTOP]] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${shop.url}/admin`);
      await expect.poll(() => page.getByLabel('Admin token').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px sign-in`)));
      await page.getByLabel('Admin token').fill('not-a-token');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.locator('#sign-in-error').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px sign-in refused`)));
      await signIn(page, shop.url, ADMIN_TOKEN);
      await expect.poll(() => orderRow(page, placed.increment_id).count(), LONG).toBe(1);
      found.push(...(await auditScreens(page, shop.url, screens, width)));

      // The dialogs of the order page, open, and a scan refused.
      await page.goto(`${shop.url}/admin/orders/${id}`);
      await page.getByLabel('Scan or type an EAN or SKU, then Enter').fill('4006381333931');
      await page.getByLabel('Scan or type an EAN or SKU, then Enter').press('Enter');
      await expect.poll(() => page.locator('.scan-said.refusal').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px a scan refused`)));
      await page.getByRole('button', { name: 'Cancel order…' }).click();
      await expect.poll(() => page.getByText('Return the items to stock?').isVisible(), LONG).toBe(true);
      found.push(...(await auditFits(page, `${width} px the cancel question`)));
      await page.getByRole('button', { name: 'Keep the order' }).click();
      await page.goto(`${shop.url}/admin/orders/${encodeURIComponent(packing.order_id)}`);
      await expect.poll(() => page.getByRole('button', { name: 'Shipped…' }).count(), LONG).toBe(1);
      await page.getByRole('button', { name: 'Shipped…' }).click();
      await page.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect.poll(() => page.getByText('Enter the carrier and the tracking number.').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px the shipping dialog, incomplete`)));
      await page.getByRole('button', { name: 'Back' }).click();

      // The import's per-row report, and a token just made (shown once).
      await page.goto(`${shop.url}/admin/import`);
      await page.getByLabel(/^Catalogue file/).setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,name,price\nBAD-PRICE,Bad price,twelve\n') });
      await page.getByRole('button', { name: 'Import' }).click();
      await expect.poll(() => page.locator('ul.refusal li').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px the import's problem report`)));
      await page.goto(`${shop.url}/admin/tokens`);
      await page.getByLabel('Name (who or what uses it)').fill(`Audit ${width}`);
      await page.getByRole('checkbox', { name: 'orders:read' }).check();
      await page.getByRole('button', { name: 'Create token' }).click();
      await expect.poll(() => page.getByRole('status').getByLabel('New admin token').count(), LONG).toBe(1);
      found.push(...(await auditFits(page, `${width} px a new token, shown once`)));
      await context.close();
    }
    expect(listed(failing(found))).toBe('');
  });

  it('works with the keyboard alone: signs in, opens an order, starts packing and ships it (Tab, Enter and Space only)', { timeout: scaled(300_000) }, async () => {
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
    // "Cancel order…" asks first, with the harmless answer focused: Enter twice keeps the order.
    await tabTo(page, 'Cancel order…');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page), LONG).toBe('Keep the order');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Return the items to stock?').isVisible(), LONG).toBe(false);
    expect(await focusedName(page)).toBe('Cancel order…');
    await tabTo(page, 'Start packing');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await adminOrder(shop.url, ADMIN_TOKEN, placed.order_id)).status, LONG).toBe('processing');

    // The pressed button is gone: the focus is on the next step, not back at the top of the page.
    await expect.poll(() => focusedName(page), LONG).toBe('Shipped…');
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
    expect(await focusedName(page)).toBe('Delivered');
    await context.close();
  });
});
