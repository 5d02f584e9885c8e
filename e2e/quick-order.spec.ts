import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutAsCustomer } from './helpers/checkout-steps';
import { watchOrderPosts } from './helpers/order-requests';
import type { Shop } from './helpers/shop';
import { DESKTOP, pence, pounds, productDoc, withVat, type Doc } from './browse-support';
import { cartCount, closeShopAndBrowser, logIn, LONG, openShopAndBrowser, registeredCustomer, serverOrders } from './sync-support';
import { scaled, waitLimit } from '../tests/helpers/time-limits';
import { waitForServiceWorker } from './helpers/service-worker';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()), scaled(300_000));
afterAll(() => closeShopAndBrowser(shop, browser));

/** The first visit downloads the whole catalogue before the pad can check anything offline. */
const CATALOGUE = waitLimit(120_000, { interval: 500 });
const OUT_OF_STOCK = 'The product is out of stock and cannot be added to the cart!';
const ADDED = 'Product has been added to the cart!';
const VOLATILE = 'The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.';
const READY = 'Ready to add';

type Init = { script: (arg: string) => void; arg: string };

/** A fresh browser profile on the pad, once the catalogue is saved on the device. */
async function openPad(init?: Init): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  if (init) await context.addInitScript(init.script, init.arg);
  const page = await context.newPage();
  await page.goto(`${shop.url}/quick-order`);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.catalogReady), CATALOGUE).toBe('true');
  await expect.poll(() => page.locator('.cart-button[data-shop-ready=true]').count(), LONG).toBe(1);
  return { context, page };
}

const announcement = (page: Page) => page.getByTestId('pad-announcement').textContent();

/** [code, message] of every row with a code, top to bottom. */
const padRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=pad-row]')]
      .filter((row) => row.getAttribute('data-code'))
      .map((row) => [row.getAttribute('data-code'), row.querySelector('[data-testid=pad-message]')?.textContent ?? '']),
  );

async function paste(page: Page, lines: readonly string[]): Promise<void> {
  await page.getByLabel('Paste lines: SKU or EAN, then the quantity').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add the lines to the pad' }).click();
  await expect.poll(() => announcement(page)).toBe(`${lines.length} lines put on the pad.`);
}

async function addAll(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect.poll(() => announcement(page), LONG).toMatch(/lines added to the cart\./);
  return (await announcement(page)) ?? '';
}

async function minicartSkus(page: Page): Promise<string[]> {
  await page.locator('.cart-button').click();
  await expect.poll(() => page.locator('dialog[open] [data-testid=minicart]').count(), LONG).toBe(1);
  const skus = await page.locator('dialog[open] .minicart-line').evaluateAll((lines) => lines.map((l) => l.getAttribute('data-sku') ?? ''));
  await page.keyboard.press('Escape');
  return skus.sort();
}

/** The lowest price of one unit bought `qty` at a time by a guest: the list price or a tier that applies. */
function guestUnitPence(doc: Doc, qty: number): number {
  const tiers = (doc.tier_prices as { customer_group_id: number; qty: number; value: number }[]).filter((t) => t.customer_group_id === 0 && t.qty <= qty);
  return Math.min(pence(Number(doc.price)), ...tiers.map((t) => pence(t.value)));
}

/**
 * Twenty pasted lines: twelve that can be added (every separator, an EAN, a configurable product's
 * variant by its own SKU) and eight the product page would refuse, with the message each must show.
 */
async function twentyLines() {
  const byEan = await productDoc(shop.url, 'CR-EP-585');
  const valid: [line: string, sku: string, qty: number][] = [
    ['DB-PZ2-25-10\t2', 'DB-PZ2-25-10', 2],
    ['WS-4-40-YP,12', 'WS-4-40-YP', 12],
    ['AS-FS-WHT;1', 'AS-FS-WHT', 1],
    ['HT-SK-12-25 3', 'HT-SK-12-25', 3],
    ['PPE-GOG-IV\t4', 'PPE-GOG-IV', 4],
    ['HS-64-BM,1', 'HS-64-BM', 1],
    ['AG-410-HD;2', 'AG-410-HD', 2],
    ['TB-M10-100-HDG 1', 'TB-M10-100-HDG', 1],
    ['WP-NY-10X60-EA\t10', 'WP-NY-10X60-EA', 10],
    ['VX-GR-230-110,1', 'VX-GR-230-110', 1],
    [`${String(byEan.ean)};2`, 'CR-EP-585', 2],
    ['TB-M10-100-Z 3', 'TB-M10-100-Z', 3],
  ];
  const refused: [line: string, code: string, message: string][] = [
    ['NOPE-12345\t1', 'NOPE-12345', 'No product with the SKU or EAN NOPE-12345 is saved on this device.'],
    ['ZZ-NOT-A-SKU,4', 'ZZ-NOT-A-SKU', 'No product with the SKU or EAN ZZ-NOT-A-SKU is saved on this device.'],
    ['TEK-55-100-HS;1', 'TEK-55-100-HS', OUT_OF_STOCK],
    ['SDSM-40-570 1', 'SDSM-40-570', OUT_OF_STOCK],
    // A trade pack is a trade account's to buy: a guest's pad does not find it (server/catalog/trade-only.ts).
    ['TB-M10-100-Z-TP\t2', 'TB-M10-100-Z-TP', 'No product with the SKU or EAN TB-M10-100-Z-TP is saved on this device.'],
    ['PPE-BT-S3-12,3', 'PPE-BT-S3-12', 'Only 2 products of this type are available.'],
    ['HT-SL-600-DG;2.5', 'HT-SL-600-DG', 'Quantity must be positive integer.'],
    ['WP-SAMPLE-CARD 1', 'WP-SAMPLE-CARD', 'Product price is unknown, product cannot be added to the cart!'],
  ];
  // Valid and refused lines mixed, as a real list would have them.
  const lines = valid.flatMap(([line], i) => [line, ...(refused[i] ? [refused[i][0]] : [])]);
  return { valid, refused, lines };
}

describe('the quick order pad', () => {
  for (const connection of ['online', 'offline'] as const) {
    it(`(${connection}) checks 20 pasted lines as the product page would, adds the valid ones in one step and keeps the others with their message`, { timeout: scaled(300_000) }, async () => {
      const { valid, refused, lines } = await twentyLines();
      expect(lines).toHaveLength(20);
      const { context, page } = await openPad();
      if (connection === 'offline') {
        // Offline, the minicart's code comes from the service worker's precache.
        await waitForServiceWorker(page, CATALOGUE.timeout);
        await context.setOffline(true);
      }
      await paste(page, lines);
      const validCodes = new Set(valid.map(([line]) => line.split(/[\t,; ]/)[0]));
      const expected = lines.map((line) => {
        const code = line.split(/[\t,; ]/)[0]!;
        return [code, validCodes.has(code) ? READY : refused.find(([, c]) => c === code)![2]];
      });
      await expect.poll(() => padRows(page), LONG).toEqual(expected);

      // Priced at the row's quantity: twelve boxes of the tiered screws cost the tier price, VAT added.
      const tiered = await productDoc(shop.url, 'WS-4-40-YP');
      const unit = guestUnitPence(tiered, 12);
      expect(unit).toBeLessThan(pence(Number(tiered.price)));
      const screws = page.locator('[data-testid=pad-row][data-code="WS-4-40-YP"]');
      expect(await screws.getByTestId('pad-unit-excl').textContent()).toBe(pounds(unit / 100));
      expect(await screws.getByTestId('pad-unit-incl').textContent()).toBe(pounds(withVat(unit) / 100));
      // The row total adds VAT to the row once, as checkout and the server do (not 12 × the rounded unit).
      expect(await screws.getByTestId('pad-total-incl').textContent()).toBe(pounds(withVat(unit * 12) / 100));

      const said = await addAll(page);
      expect(said).toContain('12 lines added to the cart.');
      // One merged message: the count says what "Product has been added to the cart!" said per line; SPEC's volatile notice stays.
      if (connection === 'online') expect(said).not.toContain(ADDED);
      else expect(said).toContain(VOLATILE);
      await expect.poll(() => page.locator('.notification').count(), LONG).toBe(1);
      expect(said).toContain('8 lines stay on the pad with their message.');
      expect(await padRows(page)).toEqual(refused.map(([, code, message]) => [code, message]));
      // Left at once (a reload straight after): the pad kept on the device is the one shown, not the lines before the add.
      await page.reload();
      await expect.poll(() => padRows(page), LONG).toEqual(refused.map(([, code, message]) => [code, message]));
      expect(await cartCount(page)).toBe(valid.reduce((sum, [, , qty]) => sum + qty, 0));
      expect(await minicartSkus(page)).toEqual(valid.map(([, sku]) => sku).sort());
      await context.close();
    });
  }

  it('suggests products as a code is typed, shows "Scan" only where the Barcode Detection API exists, a scanned EAN fills the next row, and a CSV file adds its lines', { timeout: scaled(300_000) }, async () => {
    const missing: Init = { script: () => void Reflect.deleteProperty(window, 'BarcodeDetector'), arg: '' };
    const without = await openPad(missing);
    expect(await without.page.getByRole('button', { name: 'Add all to cart' }).count()).toBe(1);
    expect(await without.page.getByRole('button', { name: 'Scan' }).count()).toBe(0);
    await without.context.close();

    const scanned = await productDoc(shop.url, 'HS-64-BM');
    const fakeApi: Init = {
      // The browser's API and camera, faked in the page: a detector that reads one EAN, a blank canvas for a camera.
      script: (code) => {
        class FakeBarcodeDetector {
          static getSupportedFormats = async () => ['ean_13', 'code_128'];
          detect = async () => [{ rawValue: code, format: 'ean_13', boundingBox: {}, cornerPoints: [] }];
        }
        Object.defineProperty(window, 'BarcodeDetector', { value: FakeBarcodeDetector, configurable: true });
        navigator.mediaDevices.getUserMedia = async () => {
          const canvas = document.createElement('canvas');
          canvas.getContext('2d')?.fillRect(0, 0, canvas.width, canvas.height);
          return canvas.captureStream(5);
        };
      },
      arg: String(scanned.ean),
    };
    const { context, page } = await openPad(fakeApi);

    // Typing: the exact SKU comes first among the suggestions; Enter takes it and moves on to the quantity.
    const first = page.getByLabel('SKU or EAN, line 1');
    await first.fill('TB-M10-100-HD');
    const options = page.getByRole('listbox', { name: 'Products for line 1' }).getByRole('option');
    await expect.poll(() => options.count(), LONG).toBeGreaterThan(0);
    expect(await options.first().textContent()).toMatch(/^TB-M10-100-HDG /);
    await first.press('ArrowDown');
    await first.press('Enter');
    expect(await first.inputValue()).toBe('TB-M10-100-HDG');
    expect(await page.getByLabel('Quantity, line 1').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('Quantity, line 1').fill('2');

    await page.getByRole('button', { name: 'Scan' }).click();
    await expect.poll(() => page.getByLabel('SKU or EAN, line 2').inputValue(), LONG).toBe(String(scanned.ean));
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await announcement(page)).toBe(`Scanned ${String(scanned.ean)} into line 2.`);
    expect(await page.getByLabel('Quantity, line 2').evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => padRows(page)).toEqual([
      ['TB-M10-100-HDG', READY],
      [String(scanned.ean), READY],
    ]);
    expect(await page.locator(`[data-testid=pad-row][data-code="${String(scanned.ean)}"] .pad-product-name`).textContent()).toBe(scanned.name);

    // A CSV file from a spreadsheet, its header skipped: its line goes after the rows already filled in.
    await page.getByLabel('Upload a CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from('SKU,Qty\r\n"AS-FS-WHT",2\r\n') });
    await expect.poll(() => announcement(page)).toBe('1 line put on the pad.');
    await expect.poll(() => padRows(page)).toEqual([
      ['TB-M10-100-HDG', READY],
      [String(scanned.ean), READY],
      ['AS-FS-WHT', READY],
    ]);
    await context.close();
  });

  it('reorders an order from the order history offline, and the checkout once back online makes exactly one more order', { timeout: scaled(300_000) }, async () => {
    const email = `reorder-${Date.now()}@example.com`;
    const password = 'Reorder-pass-123';
    const token = await registeredCustomer(shop.url, email, password);
    const { context, page } = await openPad();
    await logIn(page, email, password);
    await paste(page, ['DB-PZ2-25-10 2', 'TB-M10-100-Z 1']);
    await addAll(page);
    const first = await checkOutAsCustomer(page, shop.url);
    expect(await page.getByRole('button', { name: 'Reorder' }).count()).toBe(1);
    // Reloads offline are answered by the service worker once it controls the page.
    await waitForServiceWorker(page, CATALOGUE.timeout);

    await page.goto(`${shop.url}/my-account/orders`);
    await page.locator('tr.order-row', { hasText: first }).getByRole('link').click();
    await expect.poll(() => page.getByRole('heading', { name: `Order #${first}` }).count(), LONG).toBe(1);
    await context.setOffline(true);
    await page.reload();
    const reorder = page.getByRole('button', { name: 'Reorder' });
    await expect.poll(() => reorder.count(), LONG).toBe(1);
    await reorder.click();
    await expect.poll(() => new URL(page.url()).pathname, LONG).toBe('/quick-order');
    await expect.poll(() => padRows(page), LONG).toEqual([
      ['DB-PZ2-25-10', READY],
      ['TB-M10-100-Z', READY],
    ]);
    // The pad says what the reorder brought, and from which order.
    await expect.poll(() => page.getByTestId('pad-announcement').textContent(), LONG).toBe(`Order ${first}: 2 lines put at the top of the pad, with today’s prices and stock.`);
    expect(await page.getByLabel('Quantity, line 1').inputValue()).toBe('2');
    expect(await page.getByLabel('Quantity, line 2').inputValue()).toBe('1');
    expect(await addAll(page)).toContain(VOLATILE);
    expect(await cartCount(page)).toBe(3);

    const posts = watchOrderPosts(page);
    await context.setOffline(false);
    const second = await checkOutAsCustomer(page, shop.url);
    expect(second).not.toBe(first);
    const orders = await serverOrders(shop.url, await token());
    expect(orders.map((o) => o.increment_id).sort()).toEqual([first, second].sort());
    const reordered = orders.find((o) => o.increment_id === second)!;
    const items = (reordered.items as { sku: string; qty_ordered: number }[]).map((i) => [i.sku, i.qty_ordered]).sort();
    expect(items).toEqual([
      ['DB-PZ2-25-10', 2],
      ['TB-M10-100-Z', 1],
    ]);
    expect(new Set(posts.ids).size).toBe(1);
    await context.close();
  });
});
