import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { TMP_ROOT } from '../tests/helpers/test-config';
import { scaled } from '../tests/helpers/time-limits';

/** Shared bits of the browse specs: pages at phone and desktop widths, API reads, screenshots. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface WatchedPage {
  page: Page;
  errors: string[];
}

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** Waits until the app is live on the page (`<html data-hydrated>`): a server-rendered page shows before its handlers attach. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: scaled(20_000) });
}

export function shot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(TMP_ROOT, `browse-${name}.png`), fullPage: false });
}

export async function api<T>(base: string, pathName: string, body?: unknown): Promise<T> {
  const response = await fetch(base + pathName, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reply = (await response.json()) as { code: number; result: T };
  if (reply.code !== 200) throw new Error(`${pathName}: ${JSON.stringify(reply.result)}`);
  return reply.result;
}

export type Doc = Record<string, unknown>;

/** A product document straight from the url mapping (what the page reads, but fetched by the test). */
export async function productDoc(base: string, sku: string): Promise<Doc> {
  const mapping = await api<{ _source: Doc }>(base, '/api/url/map', { url: `/p/${sku}/x` });
  return mapping._source;
}

/** £ with 2 decimals, computed independently of the app's formatter. */
export const pounds = (amount: number) => `£${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
/** UK VAT 20 % on an amount in pence, rounded to the penny. */
export const withVat = (pence: number) => pence + Math.round(pence * 0.2);
export const pence = (amount: number) => Math.round(amount * 100);

/** The special price when inside its window and below the price, else the price (pence). */
export function expectedUnitPence(doc: Doc, now = new Date()): number {
  const price = pence(Number(doc.price));
  const special = doc.special_price == null ? null : pence(Number(doc.special_price));
  const from = doc.special_from_date ? Date.parse(doc.special_from_date as string) : -Infinity;
  const to = doc.special_to_date ? Date.parse(doc.special_to_date as string) : Infinity;
  return special !== null && special < price && now.getTime() >= from && now.getTime() <= to ? special : price;
}

/** A count as the shop writes it in English ("1,972"). */
export const asShown = (n: number) => n.toLocaleString('en-GB');
