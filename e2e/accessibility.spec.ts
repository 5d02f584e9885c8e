import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
import { audit, failing, listed, type Found } from './helpers/axe-audit';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, PHONE, openPage, productDoc, type Doc } from './browse-support';
import { LONG, registeredCustomer, urlOf } from './sync-support';

/**
 * axe-core over every route of the router and the open panels (WCAG 2.2 AA): no serious or critical
 * violation anywhere, and none at all of the rules shoppers tripped on (Label in Name, heading order,
 * the banner landmark at the top level), whatever impact axe gives them.
 */

const running = shopAndBrowser();

const PASSWORD = 'Acc3ss-ible';
const SIMPLE = 'ST-M4-50';

/** Every path the router declares, with its parent paths joined ("/my-account/orders/:orderId"). */
function declaredPaths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? `${base}/` : route.path !== undefined ? `${base}/${route.path}` : base;
    return [...(route.index || route.path !== undefined ? [own] : []), ...declaredPaths(route.children ?? [], route.path !== undefined ? own : base)];
  });
}

/** A screen to audit: where to go and what shows that it has drawn. */
interface Visit {
  path: string;
  ready: string;
}

/**
 * Client-side navigation (the app is opened once: a full load per route would spend its time opening
 * the database again). It goes through /500, a layout of its own, so nothing of the previous screen
 * stays in the page when the next one is checked.
 */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function show(page: Page, { path, ready }: Visit): Promise<void> {
  if (path !== '/500') {
    await navigate(page, '/500');
    await expect.poll(() => page.locator('.site-header').count(), { ...LONG, message: 'the /500 stop between screens' }).toBe(0);
  }
  await navigate(page, path);
  await expect.poll(() => page.locator(ready).count(), { ...LONG, message: `${path}: ${ready}` }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.loading').count(), { ...LONG, message: `${path}: still loading` }).toBe(0);
}

async function auditAll(page: Page, visits: Visit[]): Promise<Found[]> {
  const found: Found[] = [];
  for (const visit of visits) {
    await show(page, visit);
    found.push(...(await audit(page, visit.path)));
  }
  return found;
}

/** Opens the app on a path with a full load and waits for the local database. */
async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(running.shop.url + path);
  await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
}

/** Opens a header panel, audits it with its content drawn, closes it with Escape. */
async function auditPanel(page: Page, state: string, open: () => Promise<void>, ready: string): Promise<Found[]> {
  await open();
  await expect.poll(() => page.locator(`dialog[open] ${ready}`).count(), { ...LONG, message: state }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('dialog[open] .loading').count(), LONG).toBe(0);
  const found = await audit(page, state);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open]').count(), { ...LONG, message: `${state} closes` }).toBe(0);
  return found;
}

describe('accessibility (axe-core)', () => {
  it('every route of the router, a guest: no serious or critical violation', async () => {
    const { page, errors } = await openPage(running.browser, DESKTOP);
    const simple = await productDoc(running.shop.url, SIMPLE);
    const range = await productDoc(running.shop.url, 'TB-Z-RANGE');
    const childSku = String((range.configurable_children as Doc[])[0]?.sku);
    await openApp(page, '/latest-news');
    await expect.poll(() => page.locator('.blog-list a').count(), LONG).toBeGreaterThan(0);
    const post = String(await page.locator('.blog-list a').first().getAttribute('href'));

    const product = '.product .add-row button';
    const cms = 'article.cms-page h1';
    const form = '.service-form form';
    const guest = '.account-screen .login-required';
    // Paths with parameters: the screens they stand for. Static paths are visited as they are.
    const samples: Record<string, Visit[]> = {
      '/p/:parentSku/:slug': [urlOf(simple), urlOf(await productDoc(running.shop.url, 'BND-SDS-START')), urlOf(await productDoc(running.shop.url, 'KIT-KITCHEN'))].map((path) => ({ path, ready: product })),
      '/p/:parentSku/:slug/:childSku': [{ path: `${urlOf(range)}/${childSku}`, ready: product }],
      '/c/:slug': [{ path: '/c/through-bolts', ready: '.category h1' }],
      '/i/:slug': [{ path: '/i/delivery', ready: cms }],
      '/latest-news/:id/:slug': [{ path: post, ready: '.blog-post h1' }],
      '/my-account/orders/:orderId': [{ path: '/my-account/orders/000000001', ready: guest }],
      '/order-success/:orderid/:email/:data': [{ path: '/order-success/000000123/ann%40example.com/eyJ0b3RhbCI6MX0', ready: '.order-success h1' }],
      '/*': [
        { path: '/no-such-thing/at-all', ready: 'main .error-page h1' },
        { path: '/anchors-fixings/through-bolts', ready: '.category h1' },
      ],
    };
    const readyOf: Record<string, string> = {
      '/': '.home .banners',
      '/pwa.html': '.home .banners',
      '/compare': 'section.compare h1',
      '/forgotten-password': '#reset-email',
      '/create-password': '#create-password-password',
      '/order-tracking': '#tracking-orderNumber',
      '/checkout': '.checkout-empty',
      '/error': '.error-page h1',
      '/500': '.error-page h1',
      '/contact': form,
      '/quote-request': form,
      '/catalogue-request': form,
      '/trade-account': form,
    };
    const visits: Visit[] = [];
    const unsampled: string[] = [];
    for (const path of new Set(declaredPaths(routes))) {
      if (samples[path]) visits.push(...samples[path]);
      else if (path.includes(':') || path.includes('*')) unsampled.push(path);
      else if (path === '/create-password') visits.push({ path: '/create-password?token=x&email=ann%40example.com', ready: readyOf[path]! });
      else visits.push({ path, ready: readyOf[path] ?? (path.startsWith('/my-account') ? guest : /^\/[a-z-]+$/.test(path) ? `${cms}, main h1` : 'main h1') });
    }
    expect(unsampled, 'routes with parameters need a sample screen here').toEqual([]);

    const found = await auditAll(page, visits);
    expect(listed(failing(found)), `${visits.length} screens`).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the header panels, the minicart, the checkout steps and a signed-in customer: no serious or critical violation', async () => {
    const email = `axe.${Date.now()}@example.com`;
    const token = await registeredCustomer(running.shop.url, email, PASSWORD);
    const simple = await productDoc(running.shop.url, SIMPLE);
    const found: Found[] = [];
    const { page, errors } = await openPage(running.browser, DESKTOP);
    await openApp(page, urlOf(simple));
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await page.getByRole('button', { name: 'Add to compare' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent(), LONG).toBe('1');
    // The cart button's name starts with what it shows.
    expect(await page.getByRole('button', { name: 'Cart 1 item', exact: true }).count()).toBe(1);
    found.push(...(await audit(page, 'product page with a notification')));

    const header = page.locator('.site-header');
    found.push(
      ...(await auditPanel(page, 'search panel', async () => {
        await header.getByRole('button', { name: 'Search', exact: true }).click();
        await page.locator('#search-input').fill('bolt');
      }, '.product-grid li')),
      ...(await auditPanel(page, 'wishlist panel', () => header.getByRole('button', { name: /^Wishlist/ }).click(), '.side-list li')),
      ...(await auditPanel(page, 'languages', () => header.getByRole('button', { name: /^Languages/ }).click(), 'button, a')),
      ...(await auditPanel(page, 'login modal', () => header.getByRole('button', { name: 'Log in', exact: true }).click(), '.login-form')),
      ...(await auditPanel(page, 'sync panel', () => page.locator('.sync-button').click(), '.sync-section')),
      ...(await auditPanel(page, 'minicart', () => page.locator('.cart-button').click(), '.minicart-line')),
    );
    await show(page, { path: '/compare', ready: '.compare-table' });
    found.push(...(await audit(page, 'compare with a product')));

    // The checkout, step by step, as a guest.
    await show(page, { path: '/checkout', ready: '#checkout-personal-firstName' });
    found.push(...(await audit(page, 'checkout: personal details')));
    await page.locator('#checkout-personal-firstName').fill('Ann');
    await page.locator('#checkout-personal-lastName').fill('Lee');
    await page.locator('#checkout-personal-emailAddress').fill(`guest.${email}`);
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-streetAddress').count(), LONG).toBe(1);
    found.push(...(await audit(page, 'checkout: shipping')));
    await page.locator('#checkout-shipping-streetAddress').fill('1 High Street');
    await page.locator('#checkout-shipping-city').fill('Leeds');
    await page.locator('#checkout-shipping-zipCode').fill('LS1 4AP');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Review the order' }).count(), LONG).toBe(1);
    found.push(...(await audit(page, 'checkout: payment')));
    await page.getByRole('button', { name: 'Review the order' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count(), LONG).toBe(1);
    found.push(...(await audit(page, 'checkout: review')));

    // Signed in: every account page, an order of theirs and its tracking.
    const bearer = { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' };
    const me = (await (await fetch(`${running.shop.url}/api/user/me`, { headers: bearer })).json()) as { result: { id: number } };
    const address = { firstname: 'Ann', lastname: 'Lee', street: ['9 Mill Lane'], city: 'Leeds', postcode: 'LS5 3AA', country_id: 'GB', email };
    const placed = (await (
      await fetch(`${running.shop.url}/api/order`, {
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({
          order_id: `axe-${Date.now()}`,
          user_id: String(me.result.id),
          products: [{ sku: SIMPLE, qty: 1 }],
          addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
        }),
      })
    ).json()) as { code: number; result: { order_id: string; increment_id: string } };
    expect(placed.code).toBe(200);
    await show(page, { path: '/my-account', ready: '.account-screen .login-form' });
    const login = page.locator('.account-screen .login-form');
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    const account: Visit[] = [
      { path: '/my-account', ready: '#profile-firstName' },
      ...['/my-account/shipping-details', '/my-account/newsletter', '/my-account/recently-viewed'].map((path) => ({ path, ready: '.account-block h2' })),
      { path: '/my-account/orders', ready: '.order-row' },
      { path: `/my-account/orders/${encodeURIComponent(placed.result.order_id)}`, ready: '.order-detail h2' },
    ];
    found.push(...(await auditAll(page, account)));
    await show(page, { path: '/order-tracking', ready: '#tracking-orderNumber' });
    await page.locator('#tracking-orderNumber').fill(placed.result.increment_id);
    await page.locator('#tracking-email').fill(email);
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect.poll(() => page.locator('.tracking-result').count(), LONG).toBe(1);
    found.push(...(await audit(page, 'order tracking with its result')));

    expect(listed(failing(found))).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone: the menu panel passes axe, every header badge lies within the 390 px screen, and the header keeps its height as the database opens', async () => {
    const { page, errors } = await openPage(running.browser, PHONE);
    // Every height the header takes from its first paint (a string: the test's transform leaves it alone).
    await page.addInitScript(`window.headerHeights = [];
      new MutationObserver((changes, watcher) => {
        const header = document.querySelector('.site-header');
        if (!header) return;
        watcher.disconnect();
        new ResizeObserver(() => window.headerHeights.push(Math.round(header.getBoundingClientRect().height))).observe(header);
      }).observe(document, { childList: true, subtree: true });`);
    await openApp(page, '/');
    await expect.poll(() => page.locator('.sync-button:not([disabled])').count(), LONG).toBe(1);
    const heights = await page.evaluate('window.headerHeights');
    expect(new Set(heights as number[]).size, `header heights: ${JSON.stringify(heights)}`).toBe(1);
    const found = await auditPanel(page, 'menu panel', () => page.locator('.menu-button').click(), '.sidebar-list li');
    expect(listed(failing(found))).toBe('');
    // Each badge whole on the screen and on top at its centre (not scrolled away, clipped or covered).
    const badges = await page.locator('.site-header .count-badge').evaluateAll((elements) =>
      elements.map((badge) => {
        const box = badge.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return { name: badge.parentElement?.textContent ?? '', left: box.left, right: box.right, width: box.width, onTop: top !== null && badge.contains(top), screen: document.documentElement.clientWidth };
      }),
    );
    expect(badges.map((b) => b.name.replace(/\s*\d+.*$/, ''))).toEqual(expect.arrayContaining(['Wishlist', 'Compare', 'Cart']));
    for (const badge of badges) {
      expect(badge.width, `${badge.name}: drawn`).toBeGreaterThan(0);
      expect(badge.left, `${badge.name}: left edge`).toBeGreaterThanOrEqual(0);
      expect(badge.right, `${badge.name}: right edge within ${badge.screen} px`).toBeLessThanOrEqual(badge.screen);
      expect(badge.onTop, `${badge.name}: not covered`).toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
