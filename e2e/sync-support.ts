import { startShop, type Shop } from './helpers/shop';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from './helpers/browser';
import { expect } from 'vitest';
import type { Doc } from './browse-support';
import { waitLimit } from '../tests/helpers/time-limits';

/** Shared bits of the specs that shop: product pages, the cart count, the sync panel, sign-in. */
/** The limit of a wait on a page's state: 30 s on a quiet machine, more on a busy one (tests/helpers/time-limits.ts). */
export const LONG = waitLimit(30_000);
export const SIMPLE = 'DB-PZ2-25-10';

export const urlOf = (doc: Doc) => `/p/${String(doc.sku)}/${typeof doc.url_key === 'string' ? doc.url_key : 'x'}`;

/** Requests that only the tab talking to the server for replication may make. */
const REPLICATION = /\/api\/(cart\/|catalog\/changes|catalog\/stream|order$)/;

/** Every replication request a page makes, as "METHOD path?query". */
export function watchReplication(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (REPLICATION.test(url.pathname)) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** Opens a product page and waits until its add button and the local database are there. */
export async function openProduct(page: Page, base: string, path: string): Promise<void> {
  await page.goto(base + path);
  await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
  await expect.poll(() => page.locator('.product .add-row button').count(), LONG).toBe(1);
}

export const addButton = (page: Page) => page.locator('.product .add-row button');
export const cartCount = async (page: Page) => Number(await page.getByTestId('cart-count').textContent());
/** Opens the minicart drawer (idempotent); it follows the cart while open. */
export async function openMinicart(page: Page): Promise<void> {
  if (await page.locator('dialog.drawer[open] [data-testid=minicart]').count()) return;
  await page.locator('.cart-button').click();
  await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count(), LONG).toBe(1);
}

export const isLeader = async (page: Page) => (await page.locator('.sync-button').getAttribute('data-sync-leader')) === 'true';

/** Waits until exactly one of the pages leads and returns it with the others. */
export async function leaderOf(pages: Page[]): Promise<{ leader: Page; others: Page[] }> {
  await expect.poll(async () => (await Promise.all(pages.map(isLeader))).filter(Boolean).length, LONG).toBe(1);
  const flags = await Promise.all(pages.map(isLeader));
  return { leader: pages[flags.indexOf(true)]!, others: pages.filter((_, i) => !flags[i]) };
}

/** Opens the sync status panel (idempotent). */
export async function openSyncPanel(page: Page): Promise<void> {
  if (await page.locator('dialog[open] .sync-panel').count()) return;
  await page.locator('.sync-button').click();
  await expect.poll(() => page.locator('dialog[open] .sync-panel').count(), LONG).toBe(1);
}

/** A registered customer, made through the API; returns a token for reading their orders. */
export async function registeredCustomer(base: string, email: string, password: string): Promise<() => Promise<string>> {
  const post = async <T>(path: string, body: unknown) => {
    const response = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as { code: number; result: T };
  };
  const created = await post('/api/user/create', { customer: { email, firstname: 'Sam', lastname: 'Site' }, password });
  if (created.code !== 200) throw new Error(`customer not created: ${JSON.stringify(created.result)}`);
  return async () => {
    const login = await post<string>('/api/user/login', { username: email, password });
    if (login.code !== 200) throw new Error(`login refused: ${JSON.stringify(login.result)}`);
    return login.result;
  };
}

/** The customer's orders on the server (GET /api/user/order-history). */
export async function serverOrders(base: string, token: string): Promise<Doc[]> {
  const response = await fetch(`${base}/api/user/order-history?token=${encodeURIComponent(token)}&pageSize=50`);
  const reply = (await response.json()) as { code: number; result: { items?: Doc[] } };
  if (reply.code !== 200) throw new Error(`order history: ${JSON.stringify(reply.result)}`);
  return reply.result.items ?? [];
}

/** Logs in through the header's account button. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.locator('.header-actions').getByRole('button', { name: 'Log in', exact: true }).click();
  const form = page.locator('.login-form');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  // Signed in is the session and the profile: a checkout opened before the profile arrives waits for
  // it only 10 s (checkoutStart), then opens as a guest's form, which a loaded machine reached.
  const profile = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/me' && r.request().method() === 'GET' && r.status() === 200, LONG);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.locator('.header-actions').getByRole('button', { name: 'Logout' }).count(), LONG).toBe(1);
  await profile;
}

/**
 * startShop, tried twice: on a loaded machine the first start may spend its time limit rebuilding the
 * app after another change; the second finds the build current and only starts the server.
 */
export async function startShopTwice(start: () => Promise<Shop>): Promise<Shop> {
  try {
    return await start();
  } catch {
    return start();
  }
}

/** A spec file's shop (started as startShopTwice does) and browser, opened together. */
export const openShopAndBrowser = (): Promise<[Shop, Browser]> => Promise.all([startShopTwice(() => startShop()), launchBrowser()]);

/** Closes what openShopAndBrowser opened; either is missing when opening failed. */
export async function closeShopAndBrowser(shop: Shop | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await shop?.close();
}
