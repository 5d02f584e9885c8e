import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES as M } from '../schemas/forms/form-messages';
import { launchBrowser } from './helpers/browser';
import { startShop, type Shop } from './helpers/shop';
import { DESKTOP, hydrated, openPage } from './browse-support';
import { scaled } from '../tests/helpers/time-limits';

let shop: Shop;
let browser: Browser;
const ADMIN_TOKEN = 'forms-e2e-owner-token';
beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ ADMIN_TOKEN }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The message shown under a field, found the way assistive technology finds it (aria-describedby). */
async function messageOf(page: Page, id: string): Promise<string | null> {
  const input = page.locator(`#${id}`);
  if ((await input.getAttribute('aria-invalid')) !== 'true') return null;
  const describedBy = await input.getAttribute('aria-describedby');
  return describedBy ? page.locator(`#${describedBy}`).textContent() : null;
}

/** Submits and waits until every listed field shows its expected message. */
async function expectMessages(page: Page, submit: string, expected: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: submit }).click();
  for (const [id, message] of Object.entries(expected)) {
    await expect.poll(() => messageOf(page, id), { timeout: scaled(5_000) }).toBe(message);
  }
}

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value);
}

/** Submits a valid form: the request must come back 200 (stored) and the confirmation must say what happens next. */
async function submitAndConfirm(page: Page, kind: string, submit: string, confirmation: string): Promise<Record<string, unknown>> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/api/ext/forms/${kind}`) && r.request().method() === 'POST'),
    page.getByRole('button', { name: submit }).click(),
  ]);
  expect(response.status()).toBe(200);
  const reply = (await response.json()) as { code: number; result: { id: number; kind: string } };
  expect(reply.code).toBe(200);
  expect(reply.result.kind).toBe(kind);
  expect(reply.result.id).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.form-confirmation').textContent()).toContain(confirmation);
  return JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
}

const person = (prefix: string, email: string) => ({ [`${prefix}-firstName`]: 'Ann', [`${prefix}-lastName`]: 'Lee', [`${prefix}-emailAddress`]: email });

describe('the shop forms', () => {
  it('contact: required, e-mail and name messages, the server refusal keeps the data, then stored and confirmed', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/contact');
    await expect.poll(() => page.getByRole('heading', { name: 'Send us a message' }).count()).toBe(1);
    await expectMessages(page, 'Send message', { 'contact-firstName': M.required, 'contact-lastName': M.required, 'contact-emailAddress': M.required, 'contact-message': M.required });
    await fill(page, { 'contact-firstName': 'A', 'contact-lastName': 'L', 'contact-emailAddress': 'ann@', 'contact-message': 'Do you stock M10 through bolts by the box of 50?' });
    await expectMessages(page, 'Send message', { 'contact-firstName': M.name, 'contact-lastName': M.name, 'contact-emailAddress': M.email });
    await fill(page, person('contact', 'contact-e2e@example.com'));
    // A refusal from the server: its message is shown and nothing typed is lost.
    await page.route('**/api/ext/forms/contact', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ code: 429, result: 'Too many requests: try again later.' }) }));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.locator('.service-form [role=alert]').textContent()).toBe('Too many requests: try again later.');
    expect(await page.locator('#contact-emailAddress').inputValue()).toBe('contact-e2e@example.com');
    expect(await page.locator('#contact-message').inputValue()).toBe('Do you stock M10 through bolts by the box of 50?');
    await page.unroute('**/api/ext/forms/contact');
    const sent = await submitAndConfirm(page, 'contact', 'Send message', "Thanks — we'll reply within one working day.");
    expect(sent).toMatchObject({ firstName: 'Ann', lastName: 'Lee', emailAddress: 'contact-e2e@example.com' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('quote request: starts from ?skus=, checks names, e-mail and quantities, then stored and confirmed', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/quote-request?skus=TB-M10:20,CS-5X50');
    await expect.poll(() => page.getByRole('heading', { name: 'Quote Requests', level: 1 }).count()).toBe(1);
    expect(await page.title()).toBe('Quote Requests | Fixings Direct');
    expect(await page.locator('#quote-line-0-sku').inputValue()).toBe('TB-M10');
    expect(await page.locator('#quote-line-0-qty').inputValue()).toBe('20');
    expect(await page.locator('#quote-line-1-sku').inputValue()).toBe('CS-5X50');
    expect(await page.locator('#quote-line-1-qty').inputValue()).toBe('1');
    await page.locator('#quote-line-0-qty').fill('0');
    await page.locator('#quote-line-1-qty').fill('2.5');
    await expectMessages(page, 'Request a quote', {
      'quote-firstName': M.required,
      'quote-emailAddress': M.required,
      'quote-message': M.required,
      'quote-line-0-qty': M.quantityAboveZero,
      'quote-line-1-qty': M.quantityInteger,
    });
    await fill(page, { 'quote-firstName': 'A', 'quote-lastName': 'Lee', 'quote-emailAddress': 'quote@e2e', 'quote-message': 'Price for the lines above, delivered to Leeds.' });
    await expectMessages(page, 'Request a quote', { 'quote-firstName': M.name, 'quote-emailAddress': M.email });
    await fill(page, { ...person('quote', 'quote-e2e@example.com'), 'quote-line-0-qty': '25', 'quote-line-1-qty': '3' });
    const sent = await submitAndConfirm(page, 'quote-request', 'Request a quote', "Thanks — we'll e-mail your quote within one working day.");
    expect(sent.items).toEqual([{ sku: 'TB-M10', qty: 25 }, { sku: 'CS-5X50', qty: 3 }]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('trade account: company, tax id, zip-code, names, e-mail and terms, then stored with access to credit promised', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/trade-account');
    await expect.poll(() => page.getByRole('heading', { name: 'Trade Account Signup', level: 1 }).count()).toBe(1);
    expect(await page.locator('.service-form').textContent()).toContain('Get access to credit');
    const submit = 'Apply for a trade account';
    await expectMessages(page, submit, { 'trade-company': M.required, 'trade-taxId': M.required, 'trade-firstName': M.required, 'trade-streetAddress': M.required, 'trade-city': M.required, 'trade-zipCode': M.required, 'trade-acceptTerms': M.terms });
    await fill(page, { 'trade-company': 'Ac', 'trade-taxId': 'GB', 'trade-firstName': 'A', 'trade-lastName': 'B', 'trade-emailAddress': 'trade.example.com', 'trade-streetAddress': '1 Mill Lane', 'trade-city': 'Leeds', 'trade-zipCode': 'L1' });
    await expectMessages(page, submit, { 'trade-company': M.companyName, 'trade-taxId': M.taxId, 'trade-firstName': M.name, 'trade-lastName': M.name, 'trade-emailAddress': M.email, 'trade-zipCode': M.zipCode, 'trade-acceptTerms': M.terms });
    await fill(page, { 'trade-company': 'Acme Builders Ltd', 'trade-taxId': 'GB123456789', ...person('trade', 'trade-e2e@example.com'), 'trade-zipCode': 'LS1 4AP' });
    await page.getByLabel('I accept the terms and conditions').check();
    const sent = await submitAndConfirm(page, 'trade-account', submit, "Thanks — we'll check your application within 2 working days and e-mail you once your trade account has access to credit.");
    expect(sent).toMatchObject({ company: 'Acme Builders Ltd', taxId: 'GB123456789', country: 'GB', acceptTerms: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('catalogue request: names, e-mail, address and zip-code, then stored and the posting confirmed', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/catalogue-request');
    await expect.poll(() => page.getByRole('heading', { name: 'Catalogue request', level: 1 }).count()).toBe(1);
    const submit = 'Request a catalogue';
    await expectMessages(page, submit, { 'catalogue-firstName': M.required, 'catalogue-lastName': M.required, 'catalogue-emailAddress': M.required, 'catalogue-streetAddress': M.required, 'catalogue-city': M.required, 'catalogue-zipCode': M.required });
    await fill(page, { 'catalogue-firstName': 'Ann', 'catalogue-lastName': 'L', 'catalogue-emailAddress': 'ann@@example.com', 'catalogue-streetAddress': '1 Mill Lane', 'catalogue-city': 'Leeds', 'catalogue-zipCode': '12' });
    await expectMessages(page, submit, { 'catalogue-lastName': M.name, 'catalogue-emailAddress': M.email, 'catalogue-zipCode': M.zipCode });
    await fill(page, { ...person('catalogue', 'catalogue-e2e@example.com'), 'catalogue-zipCode': 'LS1 4AP' });
    const sent = await submitAndConfirm(page, 'catalogue-request', submit, 'Thanks — your printed catalogue will be posted to you within five working days.');
    expect(sent).toMatchObject({ streetAddress: '1 Mill Lane', city: 'Leeds', zipCode: 'LS1 4AP', country: 'GB' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('newsletter modal: opens from the footer, traps focus, Escape closes, promises 10% and asks the address to confirm', async () => {
    const email = 'newsletter-e2e@example.com';
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/catalogue-request');
    // A click on the server-rendered button before the app is live would open nothing.
    await hydrated(page);
    const open = page.getByRole('contentinfo').getByRole('button', { name: 'Newsletter: get 10% off' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Newsletter' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await open.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The form's code loads when the modal first opens.
    await expect.poll(() => dialog.textContent()).toContain('get a 10% coupon');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => messageOf(page, 'newsletter-email')).toBe(M.required);
    await dialog.getByLabel('E-mail address').fill('newsletter@');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => messageOf(page, 'newsletter-email')).toBe(M.email);
    await dialog.getByLabel('E-mail address').fill(email);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/ext/newsletter') && r.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(`Almost done: we sent a confirmation link to ${email}. Your 10% coupon follows once you confirm.`);
    // Double opt-in: the address got the confirmation link; a stranger cannot read its status.
    const outbox = await fetch(`${shop.url}/api/admin/mail-outbox?to=${encodeURIComponent(email)}`, { headers: { 'x-admin-token': ADMIN_TOKEN }, signal: AbortSignal.timeout(scaled(15_000)) });
    expect(((await outbox.json()) as { result: { subject: string }[] }).result.map((m) => m.subject)).toEqual(['Please confirm your newsletter subscription']);
    expect((await fetch(`${shop.url}/api/ext/newsletter?email=${encodeURIComponent(email)}`, { signal: AbortSignal.timeout(scaled(15_000)) })).status).toBe(403);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
