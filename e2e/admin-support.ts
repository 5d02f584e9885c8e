import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LONG, SIMPLE } from './sync-support';

/** The packing bench's browser tests: the shop's API as the shopper and the owner use it, and the tablet's steps. */
export interface AdminOrderSeen {
  order_id: string;
  increment_id: string;
  status: string;
  items: { sku: string; ean: string | null; qty_ordered: number }[];
  status_history: { status: string; carrier: string | null; tracking_number: string | null }[];
  picks: { sku: string; picked: number }[];
}

export async function call<T>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ code: number; result: T }> {
  const response = await fetch(base + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; result: T };
}

/** A registered shopper's access token. */
export async function shopper(base: string, email: string): Promise<string> {
  const password = 'Packing-pass-123';
  expect((await call(base, 'POST', '/api/user/create', { customer: { email, firstname: 'Pat', lastname: 'Packer' }, password })).code).toBe(200);
  const login = await call<string>(base, 'POST', '/api/user/login', { username: email, password });
  expect(login.code).toBe(200);
  return login.result;
}

/** The shopper orders `qty` of the shop's plain test product; returns the order as the server stored it. */
export async function shopperOrders(base: string, token: string, email: string, qty = 2): Promise<{ order_id: string; increment_id: string }> {
  const address = { firstname: 'Pat', lastname: 'Packer', street: ['1 Yard Lane'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', telephone: '0113 000000', email };
  const reply = await call<{ order_id: string; increment_id: string }>(
    base,
    'POST',
    '/api/order',
    {
      order_id: `packing-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      products: [{ sku: SIMPLE, qty }],
      addressInformation: { shippingAddress: address, billingAddress: address, shipping_method_code: 'flatrate', shipping_carrier_code: 'courier', payment_method_code: 'cashondelivery' },
    },
    token,
  );
  expect(reply.code, JSON.stringify(reply.result)).toBe(200);
  return reply.result;
}

export const adminOrder = async (base: string, adminToken: string, id: string) => (await call<AdminOrderSeen>(base, 'GET', `/api/admin/orders/${encodeURIComponent(id)}`, undefined, adminToken)).result;

export async function signIn(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Orders' }).count(), LONG).toBe(1);
}

export const orderRow = (page: Page, number: string) => page.locator(`tr[data-order="${number}"]`);

/** Types a code into the scan field and presses Enter, as a USB scanner does; returns what the tablet said. */
export async function scan(page: Page, code: string): Promise<string> {
  const field = page.getByLabel('Scan or type an EAN or SKU, then Enter');
  await field.fill(code);
  await field.press('Enter');
  const said = page.locator('.scan-said');
  await expect.poll(async () => (await said.textContent()) ?? '', LONG).not.toBe('');
  const text = (await said.textContent()) ?? '';
  // Clears the message so the next scan's is its own.
  await said.evaluate((el) => (el.textContent = ''));
  return text;
}

export async function ship(page: Page, carrier: string, tracking: string): Promise<void> {
  await page.getByRole('button', { name: 'Shipped…' }).click();
  await page.getByLabel('Carrier').fill(carrier);
  await page.getByLabel('Tracking number').fill(tracking);
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
}
