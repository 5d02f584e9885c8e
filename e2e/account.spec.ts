import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES as M } from '../schemas/forms/form-messages';
import { USER_MESSAGES } from '../server/user/user-messages';
import { startSmtpRelay, type SmtpRelay } from '../tests/helpers/smtp-relay';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, openPage, productDoc } from './browse-support';
import { scaled, waitLimit } from '../tests/helpers/time-limits';

const ADMIN_TOKEN = 'account-e2e-owner-token';
const PASSWORD = 'Sup3r-secret';
const SKU = 'ST-M4-50';
const POLL = waitLimit(20_000);

let shop: Shop;
let browser: Browser;
/** The shop's mail arrives here: the reset link is read from the mail, as the shopper would. */
let relay: SmtpRelay;
beforeAll(async () => {
  relay = await startSmtpRelay();
  [shop, browser] = await Promise.all([startShop({ ADMIN_TOKEN, SMTP_URL: relay.url() }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await relay?.close();
});

/** The text of the last mail the relay received for this address, quoted-printable undone. */
function lastMailTo(email: string): string {
  const message = relay.messages.filter((m) => m.to.includes(email)).at(-1);
  return (message?.data ?? '').replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ code: number; result: T }> {
  const response = await fetch(shop.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: number; result: T };
}

async function apiAccount(email: string, password = PASSWORD): Promise<Record<string, string>> {
  const created = await call('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password });
  expect(created.code).toBe(200);
  return apiLogin(email, password);
}

async function apiLogin(email: string, password = PASSWORD): Promise<Record<string, string>> {
  const reply = await call<string>('POST', '/api/user/login', { username: email, password });
  expect(reply.code, `login ${email}`).toBe(200);
  return { authorization: `Bearer ${reply.result}` };
}

const header = (page: Page) => page.locator('.site-header');
const modal = (page: Page) => page.locator('dialog.account-modal');

async function openShop(page: Page, path = '/'): Promise<void> {
  await page.goto(shop.url + path);
  // The account button works once the local database is open.
  await expect.poll(() => header(page).getByRole('button', { name: 'Log in', exact: true }).isEnabled(), POLL).toBe(true);
}

async function messageOf(page: Page, id: string): Promise<string | null> {
  const input = page.locator(`#${id}`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const describedBy = await input.getAttribute('aria-describedby');
  return describedBy ? page.locator(`#${describedBy}`).textContent() : null;
}

async function loginInModal(page: Page, email: string, password: string): Promise<void> {
  await header(page).getByRole('button', { name: 'Log in', exact: true }).click();
  await modal(page).locator('#login-email').fill(email);
  await modal(page).locator('#login-password').fill(password);
  await modal(page).getByRole('button', { name: 'Log in' }).click();
}

const loggedIn = (page: Page) => expect.poll(() => header(page).getByRole('link', { name: 'My Account' }).count(), POLL).toBe(1);
const notices = (page: Page) => page.locator('.notifications').textContent();

/** The local cart's lines, read from the browser's IndexedDB (the RxDB `cart` collection on Dexie). */
function localCart(page: Page): Promise<{ sku: string; qty: number }[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('rxdb-dexie-') && n.endsWith('--cart'));
    const lines: { sku: string; qty: number }[] = [];
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error("open failed"));
      });
      if (!db.objectStoreNames.contains('docs')) continue;
      const docs = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction('docs').objectStore('docs').getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error ?? new Error("read failed"));
      });
      db.close();
      for (const doc of docs) if (doc._deleted !== true && doc._deleted !== '1') lines.push({ sku: String(doc.sku), qty: Number(doc.qty) });
    }
    return lines;
  });
}

describe('account', () => {
  it('register (with the SPEC §5 messages), logout ("You\'re logged out"), then login', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await openShop(page);
    const email = `register.${Date.now()}@example.com`;
    await header(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await modal(page).getByRole('button', { name: 'Register' }).click();
    const form = modal(page).locator('.register-form');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => messageOf(page, 'register-email')).toBe(M.required);
    await form.locator('#register-email').fill('nope@');
    await form.locator('#register-firstName').fill('A');
    await form.locator('#register-lastName').fill('Lee');
    await form.locator('#register-password').fill('short');
    await form.locator('#register-confirmPassword').fill('short');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => messageOf(page, 'register-email')).toBe(M.email);
    expect(await messageOf(page, 'register-firstName')).toBe(M.name);
    expect(await messageOf(page, 'register-password')).toBe(M.password);
    await form.locator('#register-email').fill(email);
    await form.locator('#register-firstName').fill('Ann');
    await form.locator('#register-password').fill(PASSWORD);
    await form.locator('#register-confirmPassword').fill(PASSWORD + 'x');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => messageOf(page, 'register-confirmPassword')).toBe(M.passwordsIdentical);
    await form.locator('#register-confirmPassword').fill(PASSWORD);
    await form.getByRole('button', { name: 'Register' }).click();
    await loggedIn(page);
    // Registering again with the same address is refused with the SPEC §8 message (through the API).
    expect((await call('POST', '/api/user/create', { customer: { email, firstname: 'Ann', lastname: 'Lee' }, password: PASSWORD })).result).toBe('A customer with the same email already exists in an associated website');

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => notices(page), POLL).toContain("You're logged out");
    await expect.poll(() => header(page).getByRole('button', { name: 'Log in', exact: true }).count(), POLL).toBe(1);

    await loginInModal(page, email, PASSWORD);
    await loggedIn(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a wrong password shows the server message and stays logged out', async () => {
    const email = `wrong.${Date.now()}@example.com`;
    await apiAccount(email);
    const { page } = await openPage(browser, DESKTOP);
    await openShop(page);
    await loginInModal(page, email, 'not-the-password');
    await expect.poll(() => modal(page).locator('[role=alert]').textContent(), POLL).toBe(USER_MESSAGES.badLogin);
    expect(await header(page).getByRole('link', { name: 'My Account' }).count()).toBe(0);
    await page.close();
  });

  it('every account page refuses a guest with "You need to be logged in to see this page"', async () => {
    const { page } = await openPage(browser, DESKTOP);
    for (const path of ['/my-account', '/my-account/shipping-details', '/my-account/newsletter', '/my-account/orders', '/my-account/orders/000000001', '/my-account/recently-viewed']) {
      await page.goto(shop.url + path);
      await expect.poll(() => page.locator('.login-required').textContent(), POLL).toBe('You need to be logged in to see this page');
      expect(await page.locator('.account-block').count(), path).toBe(0);
    }
    // The login form is right there.
    expect(await page.locator('.account-screen .login-form').count()).toBe(1);
    await page.close();
  });

  it('profile update, an e-mail change with the current password, then a password change and a login with the new password', async () => {
    let email = `profile.${Date.now()}@example.com`;
    await apiAccount(email);
    const { page, errors } = await openPage(browser, DESKTOP);
    await openShop(page, '/my-account');
    await page.locator('.account-screen .login-form #login-email').fill(email);
    await page.locator('.account-screen .login-form #login-password').fill(PASSWORD);
    await page.locator('.account-screen .login-form').getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.locator('#profile-firstName').inputValue(), POLL).toBe('Ann');
    await page.locator('#profile-firstName').fill('Annabel');
    await page.locator('.profile-form').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.profile-form .account-status').textContent(), POLL).toBe('Account data has successfully been updated');
    const me = await call<{ firstname: string }>('GET', '/api/user/me', undefined, await apiLogin(email));
    expect(me.result.firstname).toBe('Annabel');

    // A new e-mail address needs the current password (a session alone cannot take the account over).
    const moved = `moved.${email}`;
    await page.locator('#profile-email').fill(moved);
    await page.locator('.profile-form').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.profile-form [role=alert]').textContent(), POLL).toBe(USER_MESSAGES.currentPasswordForEmail);
    await page.getByLabel('Current password (to change the e-mail address)').fill(PASSWORD);
    await page.locator('.profile-form').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.profile-form .account-status').textContent(), POLL).toBe('Account data has successfully been updated');
    expect((await call<{ email: string }>('GET', '/api/user/me', undefined, await apiLogin(moved))).result.email).toBe(moved);
    email = moved;

    const next = 'N3w-secret-pass';
    await page.locator('#change-password-currentPassword').fill('wrong-current');
    await page.locator('#change-password-newPassword').fill(next);
    await page.locator('#change-password-confirmPassword').fill(next);
    await page.locator('.change-password-form').getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('.change-password-form [role=alert]').textContent(), POLL).toBe(USER_MESSAGES.wrongCurrentPassword);
    await page.locator('#change-password-currentPassword').fill(PASSWORD);
    await page.locator('#change-password-newPassword').fill(next);
    await page.locator('#change-password-confirmPassword').fill(next);
    await page.locator('.change-password-form').getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('.change-password-form .account-status').textContent(), POLL).toBe('Password has successfully been changed');
    // Logged in again with the new password: the account screen stays and reads the profile.
    await loggedIn(page);
    expect((await call('POST', '/api/user/login', { username: email, password: PASSWORD })).code).not.toBe(200);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.locator('.login-required').count(), POLL).toBe(1);
    await loginInModal(page, email, next);
    await loggedIn(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('password reset through the mail outbox: request, follow the mailed link, set a new password, log in', async () => {
    const email = `reset.${Date.now()}@example.com`;
    await apiAccount(email);
    const { page, errors } = await openPage(browser, DESKTOP);
    await openShop(page, '/forgotten-password');
    await page.locator('#reset-email').fill(`unknown.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect.poll(() => page.locator('.account-form [role=alert]').textContent(), POLL).toBe('Provided email does not exist');
    await page.locator('#reset-email').fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect.poll(() => page.locator('.form-confirmation').textContent(), POLL).toContain(email);

    expect((await call('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(email)}`)).code).toBe(401);
    // The owner's outbox shows the mail went, without the link's secret; the shopper's mail has it.
    const mails = await call<{ subject: string; text: string }[]>('GET', `/api/admin/mail-outbox?to=${encodeURIComponent(email)}`, undefined, { 'x-admin-token': ADMIN_TOKEN });
    expect(mails.result[0]?.text).toContain('&token=[hidden]');
    await expect.poll(() => lastMailTo(email), POLL).toContain('/create-password?');
    const link = /https?:\/\/\S+(\/create-password\?\S+)/.exec(lastMailTo(email));
    expect(link, 'the mail holds the /create-password link').not.toBeNull();
    await page.goto(shop.url + link![1]!);
    const next = 'R3set-password';
    await page.locator('#create-password-password').fill(next);
    await page.locator('#create-password-confirmPassword').fill(next + '!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => messageOf(page, 'create-password-confirmPassword'), POLL).toBe(M.passwordsIdentical);
    await page.locator('#create-password-confirmPassword').fill(next);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect.poll(() => page.locator('.form-confirmation').textContent(), POLL).toContain('Your new password is saved');
    await loggedIn(page);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await loginInModal(page, email, next);
    await loggedIn(page);
    expect((await call('POST', '/api/user/login', { username: email, password: PASSWORD })).code).not.toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a guest cart merges into the account cart at login with summed quantities', async () => {
    const email = `merge.${Date.now()}@example.com`;
    const auth = await apiAccount(email);
    const cartId = (await call<string>('POST', '/api/cart/create', undefined, auth)).result;
    const added = await call('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: SKU, qty: 1, quoteId: cartId } }, auth);
    expect(added.code, JSON.stringify(added.result)).toBe(200);

    const doc = await productDoc(shop.url, SKU);
    const { page, errors } = await openPage(browser, DESKTOP);
    await openShop(page, `/p/${SKU}/${String(doc.url_key)}`);
    await page.locator('.qty input').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => localCart(page), POLL).toEqual([{ sku: SKU, qty: 2 }]);

    await loginInModal(page, email, PASSWORD);
    await loggedIn(page);
    await expect.poll(() => localCart(page), { timeout: scaled(30_000) }).toEqual([{ sku: SKU, qty: 3 }]);
    // The merge writes the summed line on the device before sending it: the server follows.
    const serverLines = async () => (await call<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${cartId}`, undefined, auth)).result.map((i) => [i.sku, i.qty]);
    await expect.poll(serverLines, POLL).toEqual([[SKU, 3]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('order history lists an order placed through the API, its detail opens; order tracking needs number and e-mail', async () => {
    const email = `orders.${Date.now()}@example.com`;
    const auth = await apiAccount(email);
    const address = { firstname: 'Ann', lastname: 'Lee', street: ['1 High Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 496 0000', email };
    const placed = await call<{ increment_id: string; order_id: string; grand_total: number }>(
      'POST',
      '/api/order',
      {
        order_id: `e2e-${Date.now()}`,
        user_id: '',
        products: [{ sku: SKU, qty: 2 }],
        addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
      },
      auth,
    );
    expect(placed.code, JSON.stringify(placed.result)).toBe(200);

    const { page, errors } = await openPage(browser, DESKTOP);
    await openShop(page);
    await loginInModal(page, email, PASSWORD);
    await loggedIn(page);
    await page.goto(shop.url + '/my-account/orders');
    await expect.poll(() => page.locator('.order-row').count(), POLL).toBe(1);
    expect(await page.locator('.order-row td').first().textContent()).toBe(placed.result.increment_id);
    await page.locator('.order-row').getByRole('link', { name: 'View order' }).click();
    await expect.poll(() => page.locator('.order-detail h2').textContent(), POLL).toBe(`Order #${placed.result.increment_id}`);
    expect(await page.locator('.order-item').count()).toBe(1);
    expect(await page.locator('.order-item td').nth(1).textContent()).toBe('2');
    expect(await page.locator('.order-grand-total').textContent()).toBe(`£${placed.result.grand_total.toFixed(2)}`);

    // Order tracking: the number with a wrong e-mail is refused, the right pair shows the status.
    await page.goto(shop.url + '/order-tracking');
    await expect.poll(() => page.locator('#tracking-orderNumber').count(), POLL).toBe(1);
    await page.locator('#tracking-orderNumber').fill(placed.result.increment_id);
    await page.locator('#tracking-email').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect.poll(() => page.locator('.account-form [role=alert]').textContent(), POLL).toBe('No order matches this order number and e-mail address.');
    expect(await page.locator('.tracking-result').count()).toBe(0);
    await page.locator('#tracking-email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Track order' }).click();
    await expect.poll(() => page.locator('.tracking-result').textContent(), POLL).toContain(`Order #${placed.result.increment_id}`);
    expect(await page.locator('.tracking-result').textContent()).toContain('Pending');
    expect(errors).toEqual([]);
    await page.close();
  });
});
