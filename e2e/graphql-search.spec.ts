import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { api, DESKTOP, shot } from './browse-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

const THROUGH_BOLTS = 101;
const listed = (extra: unknown[] = []) => ({
  size: 1,
  searchQuery: {
    _appliedFilters: [{ attribute: 'category_ids', value: { in: [THROUGH_BOLTS] } }, { attribute: 'visibility', value: { in: [2, 4] } }, { attribute: 'status', value: { in: [0, 1] } }, ...extra],
  },
});

interface SearchCall {
  via: 'graphql' | 'api';
  /** The searched field of /graphql (products, categories, ...) or the type of POST /api/catalog. */
  what: string;
  body: Record<string, unknown>;
}

function searchCall(request: Request): SearchCall | undefined {
  const path = new URL(request.url()).pathname;
  if (request.method() !== 'POST' || (path !== '/graphql' && path !== '/api/catalog')) return undefined;
  const body = request.postDataJSON() as Record<string, unknown>;
  if (path === '/api/catalog') return { via: 'api', what: typeof body.type === 'string' ? body.type : 'product', body };
  return { via: 'graphql', what: /result: (\w+)\(/.exec(String(body.query))?.[1] ?? '?', body };
}

/**
 * A browser with the search adapter chosen at run time (localStorage `fixings.search-adapter`, the
 * same build), recording every catalogue search it sends. With `holdReplica` the catalogue feed
 * answers empty, so lists keep coming from the server instead of the device's replica.
 */
async function shopperWith(adapter: string, holdReplica: boolean): Promise<{ context: BrowserContext; page: Page; calls: SearchCall[]; logged: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((name) => localStorage.setItem('fixings.search-adapter', name), adapter);
  if (holdReplica) {
    await context.route(
      (url) => url.pathname === '/api/catalog/changes',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, result: { documents: [], checkpoint: { seq: 0, id: '' } } }) }),
    );
  }
  const page = await context.newPage();
  const calls: SearchCall[] = [];
  const logged: string[] = [];
  page.on('request', (request) => {
    const call = searchCall(request);
    if (call) calls.push(call);
  });
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  page.on('pageerror', (error) => logged.push(error.message));
  return { context, page, calls, logged };
}

describe('storefront search through the GraphQL adapter', () => {
  it('browses a category (facets, filter, load more) and searches, every search going to /graphql', async () => {
    const { total } = await api<{ total: number }>(shop.url, '/api/catalog', listed());
    const { total: m10 } = await api<{ total: number }>(shop.url, '/api/catalog', listed([{ attribute: 'bolt_diameter', value: { in: ['10'] } }]));
    const { context, page, calls, logged } = await shopperWith('graphql', true);

    await page.goto(shop.url + '/c/through-bolts');
    const tiles = page.locator('.listing .product-grid > li');
    await expect.poll(() => tiles.count()).toBe(50);
    expect(await page.getByTestId('product-count').textContent()).toBe(`${total} products`);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).textContent()).toBe('HomeAnchors & FixingsThrough Bolts');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => tiles.count()).toBe(100);
    // A facet's counts came over GraphQL too: ticking one gives the server's total for that filter.
    await page.getByRole('group', { name: 'Thread diameter' }).getByRole('checkbox', { name: /^M10 / }).click();
    await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${m10} products`);
    await shot(page, 'graphql-category');

    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('throgh bolt');
    const results = page.getByRole('list', { name: 'Search' }).getByRole('listitem');
    await expect.poll(() => results.first().locator('.tile-name').textContent()).toMatch(/Through Bolt/);

    expect(calls.filter((c) => c.via === 'api')).toEqual([]);
    const fields = new Set(calls.map((c) => c.what));
    // The first screen's attributes and tax rules come with the server-rendered page; what the browser
    // reads itself (the category tree after hydration, every listing, facet and search) went to /graphql.
    for (const field of ['categories', 'products']) expect(fields, field).toContain(field);
    const products = calls.filter((c) => c.what === 'products').map((c) => c.body.variables as { from?: number; searchQuery?: { _searchText?: string; _appliedFilters?: { attribute: string }[] } });
    expect(products.some((v) => v.from === 50)).toBe(true);
    expect(products.some((v) => v.searchQuery?._appliedFilters?.some((f) => f.attribute === 'bolt_diameter'))).toBe(true);
    expect(products.some((v) => v.searchQuery?._searchText === 'throgh bolt')).toBe(true);
    expect(logged).toEqual([]);
    await context.close();
  });

  it('says "Search adapter not found" for an adapter that does not exist, and sends no search', async () => {
    const { context, page, calls, logged } = await shopperWith('solr', false);
    await page.goto(shop.url + '/');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill('anchor');
    await expect.poll(() => logged.some((text) => text.includes('Search adapter not found: "solr"'))).toBe(true);
    expect(calls).toEqual([]);
    await context.close();
  });
});
