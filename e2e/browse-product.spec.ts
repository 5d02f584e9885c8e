import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { DESKTOP, expectedUnitPence, openPage, PHONE, pounds, productDoc, shot, withVat, type Doc } from './browse-support';
import { stockDisplay } from '../src/domain/stock/stock-display';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

/** Tax class 5 is zero-rated; everything else sold here carries UK VAT at 20 %. */
const incl = (doc: Doc, excl: number) => (doc.tax_class_id === 5 ? excl : withVat(excl));

async function expectPrices(page: Page, doc: Doc, exclPence: number) {
  await expect.poll(() => page.getByTestId('price-excl').textContent()).toBe(pounds(exclPence / 100));
  await expect.poll(() => page.getByTestId('price-incl').textContent()).toBe(pounds(incl(doc, exclPence) / 100));
}

const open = async (sku: string, viewport = DESKTOP) => {
  const doc = await productDoc(shop.url, sku);
  const watched = await openPage(browser, viewport);
  await watched.page.goto(`${shop.url}/p/${sku}/${String(doc.url_key)}`);
  return { doc, ...watched };
};

describe('product pages', () => {
  it('simple: special price inside its window, the was-price, tier table, stock and sell unit', async () => {
    const { page, doc, errors } = await open('ST-M4-50');
    const unit = expectedUnitPence(doc);
    await expectPrices(page, doc, unit);
    if (unit < Math.round(Number(doc.price) * 100)) expect(await page.getByTestId('price-was').textContent()).toBe(`Was ${pounds(Number(doc.price))}`);
    // Quantity breaks for guests (group 0) that beat today's unit price.
    const tiers = (doc.tier_prices as { qty: number; value: number; customer_group_id: number }[]).filter((t) => t.customer_group_id === 0 && Math.round(t.value * 100) < unit);
    expect(await page.locator('.tier-table tbody tr').allTextContents()).toEqual(tiers.map((t) => `Buy ${t.qty} or more${pounds(t.value)}`));
    const shown = stockDisplay(doc.stock);
    expect(await page.locator('.stock .badge').first().textContent()).toBe(shown.kind === 'out' ? 'Out of the stock!' : shown.kind === 'low' ? `Only ${shown.left} left` : 'In stock!');
    expect(await page.locator('.sell-unit').textContent()).toBe(`Sold as: ${String(doc.sell_unit_description)}`);
    expect(await page.title()).toBe(`${String(doc.name)} | Fixings Direct`);
    await shot(page, 'product-simple-desktop');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('simple without a special price: list price and the full tier table', async () => {
    const { page, doc } = await open('STS-8-100-WF', PHONE);
    await expectPrices(page, doc, Math.round(Number(doc.price) * 100));
    expect(await page.getByTestId('price-was').count()).toBe(0);
    const tiers = (doc.tier_prices as { qty: number; value: number; customer_group_id: number }[]).filter((t) => t.customer_group_id === 0);
    expect(tiers.length).toBeGreaterThan(0);
    expect(await page.locator('.tier-table tbody tr').allTextContents()).toEqual(tiers.map((t) => `Buy ${t.qty} or more${pounds(t.value)}`));
    await shot(page, 'product-simple-phone');
    await page.close();
  });

  it('configurable: best child first, a tie goes to the lower price, unavailable children are never chosen', async () => {
    const { page, doc, errors } = await open('TB-Z-RANGE', PHONE);
    const children = doc.configurable_children as Doc[];
    const available = children.filter((c) => Number(c.status) < 2 && (c.stock as { is_in_stock: boolean }).is_in_stock);
    const cheapest = (list: Doc[]) => [...list].sort((a, b) => expectedUnitPence(a) - expectedUnitPence(b))[0]!;
    const start = cheapest(available);
    await expect.poll(() => page.getByTestId('sku').textContent()).toBe(start.sku);
    await expectPrices(page, doc, expectedUnitPence(start));
    await shot(page, 'product-configurable-phone');

    const m10 = cheapest(available.filter((c) => c.bolt_diameter === '10'));
    await page.getByRole('button', { name: 'Thread diameter M10' }).click();
    await expect.poll(() => page.getByTestId('sku').textContent()).toBe(m10.sku);
    await expectPrices(page, doc, expectedUnitPence(m10));
    // The address follows the choice a moment after the page shows it.
    await expect.poll(() => page.url()).toMatch(new RegExp(`/p/TB-Z-RANGE/[^/]+/${String(m10.sku)}$`));

    // M12 x 150 mm is out of stock: the best available match is shown, with the spec's warning.
    await page.getByRole('button', { name: 'Thread diameter M12' }).click();
    await page.getByRole('button', { name: /^Length 150 mm/ }).click();
    await expect.poll(() => page.locator('.notification').last().textContent()).toContain('No such configuration for the product');
    expect(await page.getByTestId('sku').textContent()).not.toBe('TB-M12-150-Z');
    // M8 x 95 mm is disabled (status 2): its button reads as unavailable once M8 is chosen.
    await page.getByRole('button', { name: 'Thread diameter M8' }).click();
    await expect.poll(() => page.getByTestId('sku').textContent()).toBe('TB-M8-75-Z');
    await expect.poll(() => page.getByRole('button', { name: 'Length 95 mm (unavailable)' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a configurable child url opens its parent with the child chosen', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(`${shop.url}/p/TB-M10-120-Z/any-slug`);
    await expect.poll(() => page.getByTestId('sku').textContent()).toBe('TB-M10-120-Z');
    expect(page.url()).toMatch(/\/p\/TB-Z-RANGE\/[^/]+\/TB-M10-120-Z$/);
    await page.close();
  });

  it('grouped: the sum of the group 0 members at quantity 1', async () => {
    const { page, doc } = await open('KIT-KITCHEN');
    const links = (doc.product_links as Doc[]).filter((l) => l.link_type === 'associated' && l.customer_group_id === 0);
    const members = await Promise.all(links.map((l) => productDoc(shop.url, String(l.linked_product_sku))));
    await expectPrices(page, doc, members.reduce((sum, m) => sum + expectedUnitPence(m), 0));
    expect(await page.locator('.member').count()).toBe(links.length);
    await page.close();
  });

  it('bundle: the default (or first) link of each option times its quantity, following a changed choice', async () => {
    const { page, doc } = await open('BND-SDS-START');
    const options = doc.bundle_options as { title: string; product_links: Doc[] }[];
    const picks = options.map((o) => o.product_links.find((l) => l.is_default === true) ?? o.product_links[0]!);
    const priced = await Promise.all(picks.map(async (l) => expectedUnitPence(await productDoc(shop.url, String(l.sku))) * Number(l.qty)));
    await expectPrices(page, doc, priced.reduce((a, b) => a + b, 0));
    await shot(page, 'product-bundle-desktop');
    // Choosing the second drill swaps its price in.
    const drill = options[0]!.product_links[1]!;
    const drillDoc = await productDoc(shop.url, String(drill.sku));
    await page.getByRole('group', { name: /^SDS drill/ }).getByRole('radio', { name: String(drillDoc.name) }).check();
    await expectPrices(page, doc, priced.reduce((a, b) => a + b, 0) - priced[0]! + expectedUnitPence(drillDoc) * Number(drill.qty));
    await page.close();
  });

  it('virtual and downloadable: their own prices (zero-rated where the class says), downloads listed', async () => {
    const virtual = await open('SRV-PAT-TEST');
    await expectPrices(virtual.page, virtual.doc, expectedUnitPence(virtual.doc));
    expect(await virtual.page.locator('article.product').getAttribute('data-type')).toBe('virtual');
    await virtual.page.close();
    const download = await open('GD-ETA-PACK');
    await expectPrices(download.page, download.doc, expectedUnitPence(download.doc));
    expect(await download.page.locator('article.product').getAttribute('data-type')).toBe('downloadable');
    const titles = (download.doc.downloads as { title: string }[]).map((d) => d.title);
    expect(await download.page.getByRole('region', { name: 'Downloads' }).getByRole('link').allTextContents()).toEqual(titles);
    await download.page.close();
  });

  it('custom options add their price (percent of the product price)', async () => {
    const { page, doc } = await open('AW-SDS18-B');
    const base = expectedUnitPence(doc);
    await expectPrices(page, doc, base);
    const option = (doc.custom_options as Doc[])[0]!;
    const value = (option.values as Doc[]).find((v) => v.price_type === 'percent' && Number(v.price) > 0)!;
    await page.getByLabel(String(option.title)).selectOption(String(value.option_type_id));
    await expectPrices(page, doc, base + Math.round((base * Number(value.price)) / 100));
    await page.close();
  });

  it('a disabled product (status 2) loads as the error; a price-zero product cannot be sold', async () => {
    const { page } = await open('SDS-26-1000', PHONE);
    await expect.poll(() => page.locator('.error-reason').textContent()).toBe('Product query returned empty result product status = 2');
    await shot(page, 'product-disabled-phone');
    await page.close();
    const zero = await open('WP-SAMPLE-CARD');
    await expect.poll(() => zero.page.locator('.price-unknown').textContent()).toBe('Product price is unknown, product cannot be added to the cart!');
    await zero.page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => zero.page.locator('.notification').last().textContent()).toContain('Product price is unknown, product cannot be added to the cart!');
    await zero.page.close();
  });

  it('lists reviews and sends the review form (with its required fields)', async () => {
    const { page } = await open('ST-M4-50', PHONE);
    const form = page.locator('form.review-form');
    await expect.poll(() => page.getByRole('heading', { name: /^Reviews \(\d+\)$/ }).count()).toBe(1);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual(['This field is required', 'This field is required', 'This field is required']);
    await form.getByLabel('Nickname').fill('Sam');
    await form.getByLabel('Summary').fill('Holds well');
    await form.getByLabel('Review').fill('Used twenty in plasterboard, all tight.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => page.locator('.notification').last().textContent()).toContain('Thank you: your review will appear once it has been approved.');
    await page.close();
  });

  it('escapes catalogue html: no script runs, markup and text survive', async () => {
    const { page, errors } = await open('AS-FS-WHT');
    const description = page.locator('.description');
    await expect.poll(() => description.count()).toBe(1);
    expect(await description.locator('script').count()).toBe(0);
    expect(await description.locator('b').textContent()).toBe('paintable');
    expect(await description.textContent()).toContain('& "non-yellowing"');
    expect(errors).toEqual([]);
    await page.close();
  });
});
