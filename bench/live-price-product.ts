/**
 * The product whose price the live-prices bench changes, and the change itself: a product on a
 * category listing whose shown price is its plain `price` (so the price a change sets is the price
 * the page must show), changed through the shop owner's CSV import as a merchant's system would.
 */
import type { Page } from 'playwright-core';
import type { FeedDocument } from '../replication/catalog/catalog-feed';
import { addPercent } from '../src/domain/pricing/money';
import { formatPence } from '../src/i18n/money';
import type { ShownPriceText } from './live-price-watch';

export type ProductDoc = FeedDocument & { sku: string; url_key?: string; slug?: string };

/** Every live product of the change feed the replica pulls, by SKU. */
export async function feedProducts(url: string): Promise<Map<string, ProductDoc>> {
  const products = new Map<string, ProductDoc>();
  let checkpoint = { seq: 0, id: '' };
  for (;;) {
    const response = await fetch(`${url}/api/catalog/changes?entities=product&seq=${checkpoint.seq}&id=${encodeURIComponent(checkpoint.id)}&limit=1000`);
    const { result } = (await response.json()) as { result: { documents: ProductDoc[]; checkpoint: typeof checkpoint } };
    for (const doc of result.documents) if (!doc._deleted) products.set(String(doc.sku), doc);
    if (result.documents.length < 1000) return products;
    checkpoint = result.checkpoint;
  }
}

/** The shop's category listings, from its own sitemap. */
export async function categoryPaths(url: string): Promise<string[]> {
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => p.startsWith('/c/'));
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A simple product shown at its list price: no special price, tiers or custom options, whose price
 * would not follow the one the import sets (or would add to it).
 */
export function showsPlainPrice(doc: ProductDoc): boolean {
  return doc.type_id === 'simple' && typeof doc.price === 'number' && doc.price > 0 && doc.final_price === doc.price
    && isEmpty(doc.special_price) && isEmpty(doc.tier_prices) && isEmpty(doc.custom_options);
}

/** The SKUs of the product tiles on the listing `page` shows, in order. */
export async function listedSkus(page: Page): Promise<string[]> {
  const hrefs = await page.locator('article.tile a.tile-link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => /^\/p\/([^/]+)\//.exec(href)?.[1]).filter((sku): sku is string => sku !== undefined).map(decodeURIComponent);
}

/** What a page shows for a price in pence at a VAT rate: the watcher's key. */
export const expectedPrice = (pence: number, taxPercent: number): ShownPriceText => ({ excl: formatPence(pence), incl: formatPence(addPercent(pence, taxPercent)) });

/** The VAT rate the page applied to `pence`, from what it shows (UK rates); undefined when none fits. */
export function taxPercentShown(pence: number, shown: ShownPriceText): number | undefined {
  if (shown.excl !== formatPence(pence)) return undefined;
  return [20, 5, 0].find((rate) => formatPence(addPercent(pence, rate)) === shown.incl);
}

/** Sets one product's price with a `sku,price` CSV through POST /api/catalog/import; the reply comes after the commit. */
export async function importPrice(url: string, adminToken: string, sku: string, pence: number): Promise<void> {
  const csv = `sku,price\n${sku},${(pence / 100).toFixed(2)}\n`;
  const response = await fetch(`${url}/api/catalog/import`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv; charset=utf-8' }, body: csv });
  const reply = (await response.json()) as { code: number; result: unknown };
  if (!response.ok || reply.code !== 200) throw new Error(`the import of ${sku} at ${pence}p answered ${response.status}: ${JSON.stringify(reply.result).slice(0, 200)}`);
}
