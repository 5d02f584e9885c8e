import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES as M } from '../schemas/forms/form-messages';
import { ORDER_REFERENCE_MESSAGES as R } from '../schemas/forms/order-reference-field';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { api, DESKTOP, expectedUnitPence, openPage, pounds, productDoc, withVat, type Doc } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';
import { orPrintPage } from './helpers/checkout-steps';

let shop: Shop;
let browser: Browser;
let product: Doc;
const SKU = 'ST-M4-50';
const ADMIN_TOKEN = 'checkout-e2e-owner-token';

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ ADMIN_TOKEN }), launchBrowser()]);
  product = await productDoc(shop.url, SKU);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const EMPTY = 'Shopping cart is empty. Please add some products before entering Checkout.';

/** A fresh browser profile with `qty` of the product added from its product page (below the first quantity break). */
async function pageWithCart(qty = 1, context?: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const watched = context ? await watchedPage(context) : await openPage(browser, DESKTOP);
  const { page } = watched;
  await page.goto(`${shop.url}/p/${SKU}/${String(product.url_key)}`);
  await expect.poll(() => page.locator('[data-shop-ready="true"]').count()).toBeGreaterThan(0);
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe(String(qty));
  return watched;
}

/** A page of `context` (a browser profile of its own that two tabs can share), its errors collected. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function openCheckout(page: Page): Promise<void> {
  await page.goto(`${shop.url}/checkout`);
  await expect.poll(() => page.getByRole('heading', { name: 'Personal Details' }).count()).toBe(1);
  await expect.poll(() => page.locator('#checkout-personal-firstName').count()).toBe(1);
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
}

/** The message under a field, found through aria-describedby as assistive technology finds it. */
async function messageOf(page: Page, id: string): Promise<string | null> {
  const input = page.locator(`#${id}`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const describedBy = await input.getAttribute('aria-describedby');
  return describedBy ? page.locator(`#${describedBy}`).textContent() : null;
}

async function expectMessages(page: Page, submit: string, expected: Record<string, string | null>): Promise<void> {
  await page.getByRole('button', { name: submit }).click();
  for (const [id, message] of Object.entries(expected)) await expect.poll(() => messageOf(page, id), { timeout: scaled(5_000) }).toBe(message);
}

const SHIPPING = { 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' };

/** Personal details, shipping (names carried over, GB by default), payment, terms: up to the placed order's reply. */
async function checkOut(page: Page, email: string, password?: string): Promise<{ reply: Record<string, unknown>; body: Record<string, unknown>; grandTotalShown: string }> {
  await openCheckout(page);
  await fill(page, { 'checkout-personal-firstName': 'Ann', 'checkout-personal-lastName': 'Lee', 'checkout-personal-emailAddress': email });
  if (password) {
    await page.getByLabel('I want to create an account').check();
    await fill(page, { 'checkout-personal-password': password, 'checkout-personal-repeatPassword': password });
  }
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.locator('#checkout-shipping-firstName').inputValue()).toBe('Ann');
  expect(await page.locator('#checkout-shipping-country').inputValue()).toBe('GB');
  await fill(page, SHIPPING);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count()).toBe(1);
  const grand = page.locator('.totals-grand_total dd');
  await expect.poll(() => grand.count()).toBe(1);
  const grandTotalShown = (await grand.textContent()) ?? '';
  await page.getByLabel('I accept the terms and conditions').check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/order') && r.request().method() === 'POST', { timeout: scaled(30_000) }),
    page.getByRole('button', { name: 'Place the order' }).click(),
  ]);
  const reply = (await response.json()) as { code: number; result: Record<string, unknown> };
  expect(reply.code).toBe(200);
  return { reply: reply.result, body: JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>, grandTotalShown };
}

describe('checkout', () => {
  it('an empty cart cannot be checked out', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => page.locator('.checkout-empty').textContent()).toContain(EMPTY);
    expect(await page.getByRole('heading', { name: 'Personal Details' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a guest checks out from the product page to the thank-you state; the server has the order with its lines and totals', async () => {
    const { page, errors } = await pageWithCart(3);
    const email = 'guest.checkout@example.com';
    const { reply, body, grandTotalShown } = await checkOut(page, email);
    // 3 at the product's price, 20 % VAT, courier flat rate £5.00 incl. VAT.
    const unit = expectedUnitPence(product);
    const expectedGrand = withVat(unit * 3) + 500;
    expect(grandTotalShown).toBe(pounds(expectedGrand / 100));
    expect(reply.grand_total).toBe(expectedGrand / 100);
    expect((body.products as Doc[]).map((p) => [p.sku, p.qty])).toEqual([[SKU, 3]]);
    const number = String(reply.increment_id);
    await expect.poll(() => page.locator('.checkout-order-number').textContent()).toBe(`Your order number is ${number}.`);
    expect(await page.getByRole('heading', { name: 'Thank you for your order!' }).count()).toBe(1);
    // Found on the server by number and e-mail.
    const tracking = (await (await fetch(`${shop.url}/api/ext/order-tracking?orderNumber=${number}&email=${encodeURIComponent(email)}`)).json()) as { code: number; result: { order: Doc } };
    expect(tracking.code).toBe(200);
    expect(tracking.result.order).toMatchObject({ increment_id: number, status: 'pending' });
    // The cart went with the order: coming back, there is nothing more to check out.
    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => page.locator('.checkout-empty').textContent()).toContain(EMPTY);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('registering during checkout creates the account with the order and signs the shopper in', async () => {
    const { page, errors } = await pageWithCart(1);
    const email = 'new.customer@example.com';
    const password = 'Fixings-2026!';
    const { reply } = await checkOut(page, email, password);
    await expect.poll(() => page.getByText('Your account has been created and you are now logged in.').count(), { timeout: scaled(20_000) }).toBe(1);
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('shop-logged-in=1');
    // The account exists: the API logs in with it, and its order history holds the order with its lines and totals.
    const login = (await (await fetch(`${shop.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) })).json()) as { code: number; result: string };
    expect(login.code).toBe(200);
    const history = (await (await fetch(`${shop.url}/api/user/order-history`, { headers: { authorization: `Bearer ${login.result}` } })).json()) as { code: number; result: { items: Doc[] } };
    expect(history.code).toBe(200);
    const order = history.result.items.find((o) => o.increment_id === reply.increment_id);
    expect(order).toBeDefined();
    const unit = expectedUnitPence(product);
    expect(order!.grand_total).toBe((withVat(unit) + 500) / 100);
    expect((order!.items as Doc[]).map((i) => [i.sku, i.qty_ordered])).toEqual([[SKU, 1]]);
    expect(order!.customer_email).toBe(email);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a signed-in shopper whose profile is slow gets a guest\'s form at first, and the signed-in checkout with their details once the profile comes', async () => {
    const email = 'slow.profile@example.com';
    const password = 'Fixings-2026!';
    await api(shop.url, '/api/user/create', { customer: { email, firstname: 'Sue', lastname: 'Slow' }, password });
    const { page, errors } = await pageWithCart(1);
    // The profile's reads wait until the test lets them go: longer than the checkout waits for it.
    // The login's own read is left behind by the checkout's page load; the shop reads it again.
    let letGo: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    await page.route('**/api/user/me', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await released;
      // A read the page load cancelled meanwhile cannot go on.
      await route.fallback().catch(() => undefined);
    });
    await page.locator('.header-actions').getByRole('button', { name: 'Log in', exact: true }).click();
    const form = page.locator('.login-form');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.locator('.header-actions').getByRole('button', { name: 'Logout' }).count()).toBe(1);
    await page.goto(`${shop.url}/checkout`);
    // Given up waiting for the profile (after 10 s): a guest's form, which offers an account.
    await expect.poll(() => page.getByLabel('I want to create an account').count(), { timeout: scaled(30_000) }).toBe(1);
    expect(await page.locator('#checkout-personal-emailAddress').inputValue()).toBe('');
    letGo();
    await expect.poll(() => page.locator('#checkout-personal-emailAddress').inputValue()).toBe(email);
    expect(await page.locator('#checkout-personal-firstName').inputValue()).toBe('Sue');
    expect(await page.getByLabel('I want to create an account').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, scaled(60_000));

  it('shows every SPEC §5 message of the checkout fields', async () => {
    const { page, errors } = await pageWithCart(1);
    await openCheckout(page);
    await expectMessages(page, 'Continue to shipping', { 'checkout-personal-firstName': M.required, 'checkout-personal-lastName': M.required, 'checkout-personal-emailAddress': M.required });
    await fill(page, { 'checkout-personal-firstName': 'A', 'checkout-personal-lastName': 'Lee', 'checkout-personal-emailAddress': 'ann@' });
    await expectMessages(page, 'Continue to shipping', { 'checkout-personal-firstName': M.name, 'checkout-personal-lastName': null, 'checkout-personal-emailAddress': M.email });
    await fill(page, { 'checkout-personal-firstName': 'Ann', 'checkout-personal-emailAddress': 'ann.validation@example.com' });
    await page.getByLabel('I want to create an account').check();
    await fill(page, { 'checkout-personal-password': 'short' });
    await expectMessages(page, 'Continue to shipping', { 'checkout-personal-password': M.password, 'checkout-personal-repeatPassword': M.required });
    await fill(page, { 'checkout-personal-password': 'long enough', 'checkout-personal-repeatPassword': 'long enougH' });
    await expectMessages(page, 'Continue to shipping', { 'checkout-personal-password': null, 'checkout-personal-repeatPassword': M.passwordsIdentical });
    await fill(page, { 'checkout-personal-repeatPassword': 'long enough' });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();

    await expect.poll(() => page.locator('#checkout-shipping-firstName').count()).toBe(1);
    await fill(page, { 'checkout-shipping-firstName': '', 'checkout-shipping-lastName': '' });
    await expectMessages(page, 'Continue to payment', {
      'checkout-shipping-firstName': M.required,
      'checkout-shipping-lastName': M.required,
      'checkout-shipping-streetAddress': M.required,
      'checkout-shipping-city': M.required,
      'checkout-shipping-zipCode': M.required,
    });
    await fill(page, { 'checkout-shipping-firstName': 'Ann', 'checkout-shipping-lastName': 'L', 'checkout-shipping-streetAddress': '1 High Street', 'checkout-shipping-city': 'Leeds 1', 'checkout-shipping-zipCode': 'L1' });
    await expectMessages(page, 'Continue to payment', { 'checkout-shipping-lastName': M.name, 'checkout-shipping-city': M.alphabet, 'checkout-shipping-zipCode': M.zipCode });
    await fill(page, { 'checkout-shipping-lastName': 'Lee', 'checkout-shipping-city': 'Leeds', 'checkout-shipping-zipCode': 'LS1 4AP' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect.poll(() => page.getByLabel('My billing address is the same as my shipping address').count()).toBe(1);
    await page.getByLabel('My billing address is the same as my shipping address').uncheck();
    await page.getByLabel('I want to generate an invoice for the company').check();
    await expectMessages(page, 'Review the order', {
      'checkout-billing-firstName': M.required,
      'checkout-billing-streetAddress': M.required,
      'checkout-billing-city': M.required,
      'checkout-billing-zipCode': M.required,
      'checkout-billing-company': M.required,
      'checkout-billing-taxId': M.required,
    });
    await fill(page, { 'checkout-billing-company': 'AB', 'checkout-billing-taxId': 'G1' });
    await expectMessages(page, 'Review the order', { 'checkout-billing-company': M.companyName, 'checkout-billing-taxId': M.taxId });
    await page.getByLabel('My billing address is the same as my shipping address').check();
    await fill(page, { 'checkout-billing-company': 'Lee Builders Ltd', 'checkout-billing-taxId': 'GB123456789' });
    await page.getByRole('button', { name: 'Review the order' }).click();

    await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count()).toBe(1);
    await expectMessages(page, 'Place the order', { 'checkout-review-acceptTerms': M.terms });
    // A done step opens again with what was typed.
    await page.getByRole('button', { name: 'Edit Shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-city').inputValue()).toBe('Leeds');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the checkout details on the device while the shopper is in checkout', async () => {
    const { page } = await pageWithCart(1);
    await openCheckout(page);
    await fill(page, { 'checkout-personal-firstName': 'Kept', 'checkout-personal-lastName': 'Details', 'checkout-personal-emailAddress': 'kept@example.com' });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-firstName').count()).toBe(1);
    await fill(page, { 'checkout-shipping-city': 'York' });
    // Written to the device once the typing pauses.
    await expect.poll(() => localDocuments(page)).toContain('"city":"York"');
    await page.reload();
    await expect.poll(() => page.locator('#checkout-personal-emailAddress').inputValue()).toBe('kept@example.com');
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-city').inputValue()).toBe('York');
    await page.close();
  });

  it('a cart emptied and filled again in another tab meanwhile: the checkout says the cart is empty, then carries on with what was typed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, errors } = await pageWithCart(1, context);
    await openCheckout(page);
    await fill(page, { 'checkout-personal-firstName': 'Two', 'checkout-personal-lastName': 'Tabs', 'checkout-personal-emailAddress': 'two.tabs@example.com' });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-firstName').count()).toBe(1);
    await fill(page, { 'checkout-shipping-streetAddress': '9 Mill Lane' });

    const other = await context.newPage();
    await other.goto(`${shop.url}/p/${SKU}/${String(product.url_key)}`);
    await expect.poll(() => other.locator('.cart-button[data-shop-ready=true]').count()).toBe(1);
    await other.locator('.cart-button').click();
    const line = other.locator(`dialog[open] .minicart-line[data-sku="${SKU}"]`);
    await line.getByRole('button', { name: 'Remove' }).click();
    await line.locator('.minicart-confirm').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.locator('.checkout-empty').textContent()).toContain(EMPTY);
    expect(await page.locator('#checkout-shipping-streetAddress').isVisible()).toBe(false);

    await other.keyboard.press('Escape');
    await other.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-streetAddress').isVisible()).toBe(true);
    expect(await page.locator('.checkout-empty').count()).toBe(0);
    expect(await page.locator('#checkout-shipping-streetAddress').inputValue()).toBe('9 Mill Lane');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offline: totals are worked out on the device, the order waits and goes when the connection returns', async () => {
    const { page, errors } = await pageWithCart(2);
    await openCheckout(page);
    await fill(page, { 'checkout-personal-firstName': 'Olly', 'checkout-personal-lastName': 'Offline', 'checkout-personal-emailAddress': 'offline.checkout@example.com' });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await expect.poll(() => page.locator('#checkout-shipping-firstName').count()).toBe(1);
    await fill(page, SHIPPING);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Review the order' }).click();
    await page.context().setOffline(true);
    const expectedGrand = withVat(expectedUnitPence(product) * 2) + 500;
    await expect.poll(() => page.locator('.checkout-totals').textContent()).toContain('Totals worked out on this device');
    expect(await page.locator('.totals-grand_total dd').textContent()).toBe(pounds(expectedGrand / 100));
    await page.getByLabel('Your reference (job or PO number)', { exact: true }).fill('Site 4 / PO 118');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Place the order' }).click();
    await orPrintPage(page, 'no queued order', () =>
      expect.poll(() => page.locator('.checkout-queued').textContent(), { timeout: scaled(30_000) }).toBe('Your order is saved on this device and will be sent when the connection returns.'),
    );
    // The thank-you page is open, so the order goes as soon as the connection returns (SPEC §4).
    const sent = page.waitForResponse((r) => r.url().includes('/api/order') && r.request().method() === 'POST', { timeout: scaled(30_000) });
    await page.context().setOffline(false);
    const response = await sent;
    const reply = (await response.json()) as { code: number; result: { increment_id: string; grand_total: number } };
    expect(reply.code).toBe(200);
    expect(reply.result.grand_total).toBe(expectedGrand / 100);
    // The queued order carried the shopper's reference.
    expect((JSON.parse(response.request().postData() ?? '{}') as Doc).customer_reference).toBe('Site 4 / PO 118');
    await expect.poll(() => page.locator('.checkout-order-number').textContent()).toBe(`Your order number is ${reply.result.increment_id}.`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hands over to an external checkout site when one is configured, and shows its thank-you route', async () => {
    const { page } = await pageWithCart(1);
    await page.evaluate(() => {
      localStorage.setItem('fixings.external-checkout', 'https://pay.example.test');
      localStorage.setItem('fixings.cookies-accepted', 'true');
    });
    await page.route('https://pay.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>External checkout</h1>' }));
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().startsWith('https://pay.example.test/'), { timeout: scaled(30_000) }), page.goto(`${shop.url}/checkout`)]);
    expect(request.url()).toMatch(/^https:\/\/pay\.example\.test\/vue\/cart\/sync\/token\/\/cart\/[^/?]+\?gtm=true$/);
    await page.goto(`${shop.url}/order-success/000000123/ann%40example.com/eyJ0b3RhbCI6MX0`);
    await expect.poll(() => page.getByRole('heading', { name: 'Thank you for your order' }).count()).toBe(1);
    expect(await page.locator('.checkout-order-number').textContent()).toBe('Your order number is 000000123.');
    // The external site took the order: the local cart is emptied.
    await expect.poll(() => page.locator('[data-cart-cleared="true"]').count()).toBe(1);
    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => page.locator('.checkout-empty').textContent()).toContain(EMPTY);
    await page.close();
  });
});

/** A read (or, with a body, a POST) carrying a bearer token: a customer's or the shop owner's. */
async function withToken<T>(token: string, path: string, body?: unknown): Promise<{ code: number; result: T }> {
  const json = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  const response = await fetch(shop.url + path, { ...json, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  return (await response.json()) as { code: number; result: T };
}

const PASSWORD = 'Sup3r-secret';
const REFERENCE = 'checkout-review-customerReference';

/** The device's local documents (session, checkout details…) as JSON text, read from IndexedDB. */
function localDocuments(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('rxdb-dexie-') && n.includes('plugin-local-documents'));
    const texts: string[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      if (db.objectStoreNames.contains('docs')) {
        const docs = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction('docs').objectStore('docs').getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        });
        texts.push(JSON.stringify(docs));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

/** Signed in on /my-account. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${shop.url}/my-account`);
  const form = page.locator('.account-screen .login-form');
  await expect.poll(() => form.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
  await fill(page, { 'login-email': email, 'login-password': PASSWORD });
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.locator('#profile-firstName').inputValue()).toBe('Ann');
}

/** The product put in the signed-in customer's cart, and the checkout open with the profile's details. */
async function addAndCheckOut(page: Page, email: string): Promise<void> {
  await page.goto(`${shop.url}/p/${SKU}/${String(product.url_key)}`);
  await expect.poll(() => page.locator('[data-shop-ready="true"]').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
  await page.goto(`${shop.url}/checkout`);
  await expect.poll(() => page.locator('#checkout-personal-emailAddress').inputValue()).toBe(email);
}

/** From Personal Details (filled from the profile) to the Order Summary; the address only the first time. */
async function toReview(page: Page, address: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.locator('#checkout-shipping-firstName').inputValue()).toBe('Ann');
  if (address) await fill(page, SHIPPING);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Review the order' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Place the order' }).count()).toBe(1);
}

describe('the customer reference (job or PO number)', () => {
  it('is typed beside "Place the order", kept on the device, placed with the order, shown and filtered in order history and in the admin order', async () => {
    const email = `reference.${Date.now()}@example.com`;
    await api(shop.url, '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: PASSWORD });
    const token = await api<string>(shop.url, '/api/user/login', { username: email, password: PASSWORD });
    const me = (await withToken<{ id: number }>(token, '/api/user/me')).result;
    // An earlier order for another job, for the filter to leave out.
    const address = { firstname: 'Ann', lastname: 'Lee', street: ['9 Mill Lane'], city: 'Leeds', postcode: 'LS5 3AA', country_id: 'GB', email };
    const addressInformation = { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' };
    const earlier = await withToken(token, '/api/order', { order_id: `e2e-ref-${Date.now()}`, user_id: String(me.id), products: [{ sku: SKU, qty: 1 }], addressInformation, customer_reference: 'Job 9 - Kirkstall' });
    expect(earlier.code, JSON.stringify(earlier.result)).toBe(200);

    const { page, errors } = await openPage(browser, DESKTOP);
    await signIn(page, email);
    await addAndCheckOut(page, email);
    await toReview(page, true);
    const field = page.getByLabel('Your reference (job or PO number)', { exact: true });
    // Optional, but checked: too long is refused, and the message gives the limit.
    await field.fill('P'.repeat(41));
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect.poll(() => messageOf(page, REFERENCE)).toBe(R.tooLong);
    await field.fill('  PO-4471 / Leeds ');
    await expect.poll(() => messageOf(page, REFERENCE)).toBeNull();
    // Kept on the device with the other checkout details: a reload finds it again.
    // (Failed once in a CI run with the stored reference still the refused one: the failure now says
    // what the page showed and threw.)
    await expect
      .poll(() => localDocuments(page))
      .toContain('PO-4471 / Leeds')
      .catch(async (e: unknown) => {
        const shown = await page.locator('.checkout-steps').innerText().catch(() => 'no checkout steps');
        throw new Error(`${String(e)}\npage errors: ${JSON.stringify(errors)}\nfield: ${await field.inputValue().catch(() => 'gone')}\nshown: ${shown}`);
      });
    await page.reload();
    await expect.poll(() => page.locator('#checkout-personal-emailAddress').inputValue()).toBe(email);
    await toReview(page, false);
    expect(await field.inputValue()).toBe('  PO-4471 / Leeds ');

    await page.getByLabel('I accept the terms and conditions').check();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order') && r.request().method() === 'POST', { timeout: scaled(30_000) }),
      page.getByRole('button', { name: 'Place the order' }).click(),
    ]);
    expect((JSON.parse(response.request().postData() ?? '{}') as Doc).customer_reference).toBe('PO-4471 / Leeds');
    const reply = (await response.json()) as { code: number; result: { order_id: string; increment_id: string } };
    expect(reply.code).toBe(200);
    const { order_id: orderId, increment_id: number } = reply.result;
    await expect.poll(() => page.locator('.checkout-order-number').textContent()).toBe(`Your order number is ${number}.`);

    // Order history: the reference in its column; the filter (a prefix, any case) keeps this order only.
    await page.goto(`${shop.url}/my-account/orders`);
    const rows = page.locator('.order-row');
    await expect.poll(() => rows.count()).toBe(2);
    const row = rows.filter({ hasText: number });
    expect(await row.locator('.order-reference').textContent()).toBe('PO-4471 / Leeds');
    const filter = page.getByLabel('Filter by your reference', { exact: true });
    await filter.fill('po-44');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('.order-reference').textContent()).toBe('PO-4471 / Leeds');
    expect(new URL(page.url()).searchParams.get('reference')).toBe('po-44');
    await filter.fill('Leeds');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => page.getByText('No orders match the reference “Leeds”.').count()).toBe(1);
    await page.getByRole('button', { name: 'Show all orders' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await row.getByRole('link', { name: 'View order' }).click();
    await expect.poll(() => page.locator('.order-detail .order-reference').textContent()).toBe('Your reference: PO-4471 / Leeds');

    // The shop's own view of the order.
    const admin = await withToken<Doc>(ADMIN_TOKEN, `/api/admin/orders/${encodeURIComponent(orderId)}`);
    expect(admin.code).toBe(200);
    expect(admin.result).toMatchObject({ order_id: orderId, increment_id: number, customer_reference: 'PO-4471 / Leeds' });

    // A reference belongs to one order: the next checkout starts without it.
    await addAndCheckOut(page, email);
    await toReview(page, false);
    expect(await field.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });
});
