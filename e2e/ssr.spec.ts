import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { shopAndBrowser } from './helpers/shop-and-browser';
import { DESKTOP, expectedUnitPence, PHONE, pounds, productDoc, withVat } from './browse-support';

const running = shopAndBrowser();

const get = (path: string) => fetch(`${running.shop.url}${path}`, { redirect: 'manual' });
/** RxDB's free-storage notice is the library's, not the page's. */
const isOurs = (text: string) => !text.includes('RxDB Open Core RxStorage');

describe('server-rendered pages', () => {
  it('answer with the status codes of the url mapping: 200, 301 for a configurable child, 404, 500 and the disabled product error', async () => {
    expect((await get('/')).status).toBe(200);
    expect((await get('/c/through-bolts')).status).toBe(200);
    expect((await get('/about-us')).status).toBe(200);
    const parent = await productDoc(running.shop.url, 'TB-Z-RANGE');
    expect((await get(`/p/TB-Z-RANGE/${String(parent.url_key)}`)).status).toBe(200);
    const child = await get('/p/TB-M8-75-Z/any-slug');
    expect(child.status).toBe(301);
    expect(new URL(child.headers.get('location') ?? '', running.shop.url).pathname).toBe(`/p/TB-Z-RANGE/${String(parent.url_key)}/TB-M8-75-Z`);
    const unknown = await get('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('404 Page Not Found');
    expect((await get('/500')).status).toBe(500);
    const disabled = await get('/p/SDS-26-1000/disabled-demo');
    expect(disabled.status).toBe(404);
    expect(await disabled.text()).toContain('Product query returned empty result product status = 2');
  });

  it("takes its URLs from the shop's address, never from a request's Host header: a cached page cannot be poisoned", async () => {
    const doc = await productDoc(running.shop.url, 'ST-M4-50');
    const path = `/p/ST-M4-50/${String(doc.url_key)}?host-check=1`;
    const poisoned = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(new URL(path, running.shop.url), { headers: { host: 'evil.example' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    expect(poisoned).toMatch(/<link rel="canonical" href="[^"]+\/p\/ST-M4-50\//);
    expect(poisoned).not.toContain('evil.example');
    expect(await (await get(path)).text()).not.toContain('evil.example');
  });

  it('a product page without JavaScript shows its name, price incl. VAT and valid Product JSON-LD', async () => {
    const doc = await productDoc(running.shop.url, 'ST-M4-50');
    const html = await (await get(`/p/ST-M4-50/${String(doc.url_key)}`)).text();
    const unitIncl = withVat(expectedUnitPence(doc)) / 100;
    expect(html).toContain(`<h1`);
    expect(html).toContain(String(doc.name));
    expect(html).toContain(pounds(unitIncl));
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const product = blocks.find((b) => b['@type'] === 'Product') as { name: string; sku: string; offers: { price: string; priceCurrency: string; availability: string } } | undefined;
    expect(product).toMatchObject({ name: doc.name, sku: 'ST-M4-50', offers: { price: unitIncl.toFixed(2), priceCurrency: 'GBP' } });
    expect(product?.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/p\/ST-M4-50\//);
    expect(html).toContain('<meta property="og:title"');

    const context = await running.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${running.shop.url}/p/ST-M4-50/${String(doc.url_key)}`);
    expect(await page.locator('h1').first().textContent()).toBe(String(doc.name));
    await context.close();
  });

  it('home carries Organization and WebSite with a SearchAction; anonymous pages are cached with an ETag', async () => {
    const first = await get('/');
    const html = await first.text();
    expect(html).toContain('"@type":"Organization"');
    expect(html).toContain('"@type":"SearchAction"');
    expect(first.headers.get('cache-control')).toContain('s-maxage=86400');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${running.shop.url}/`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    const withSession = await fetch(`${running.shop.url}/`, { headers: { cookie: 'session=1' } });
    expect(withSession.headers.get('cache-control')).toBe('private, no-store');
  });

  it('hydrates the server HTML without console errors or warnings, then navigates like the app', async () => {
    const parent = await productDoc(running.shop.url, 'TB-Z-RANGE');
    for (const path of ['/', '/c/through-bolts', `/p/TB-Z-RANGE/${String(parent.url_key)}`, '/about-us', '/no/such/page']) {
      const page = await running.browser.newPage({ viewport: DESKTOP });
      const messages: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && isOurs(m.text()) && !m.text().includes('404 (Not Found)')) messages.push(`${path}: ${m.text()}`);
      });
      page.on('pageerror', (e) => messages.push(`${path}: ${e.message}`));
      // The server's <h1> is kept by hydration; a fresh client render would replace it.
      await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => ((window as unknown as { serverH1: Element | null }).serverH1 = document.querySelector('#root h1'))));
      await page.goto(`${running.shop.url}${path}`);
      await page.waitForFunction(() => Boolean((window as unknown as { serverH1: Element | null }).serverH1));
      // Hydration done: the database opens after the first screen and the sync button comes alive.
      await expect.poll(() => page.locator('.sync-button').isEnabled()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { serverH1: Element | null }).serverH1 === document.querySelector('#root h1'))).toBe(true);
      expect(messages).toEqual([]);
      if (path === '/c/through-bolts') {
        await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
        await page.locator('.tile .tile-link').first().click();
        await expect.poll(() => new URL(page.url()).pathname.startsWith('/p/')).toBe(true);
        await expect.poll(() => page.locator('h1').first().textContent()).not.toBe('Through Bolts');
        // The same document: a client navigation, not a page load.
        expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      }
      await page.close();
    }
  });

  it('a press on a server-rendered button before the app has started is not lost: it is pressed again once the app is live', async () => {
    const page = await running.browser.newPage({ viewport: DESKTOP });
    // The app's code is held back until the shopper has pressed "Search" on the painted page.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-app-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${running.shop.url}/c/through-bolts`);
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    release();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    // Opened once (a second press would close it again).
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search products' }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('through bolt');
    await expect.poll(() => page.getByRole('list', { name: 'Search' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('the home page preloads the pictures of its first screen only: the lists lower down load theirs lazily', async () => {
    const page = await running.browser.newPage({ viewport: PHONE, deviceScaleFactor: 1 });
    // The server's HTML as the browser's preload scanner meets it, before any code runs.
    const html = await (await get('/')).text();
    const found = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const preloaded = [...doc.querySelectorAll('link[rel="preload"][as="image"]')].map((l) => l.getAttribute('imagesrcset') ?? l.getAttribute('href'));
      const lists = [...doc.querySelectorAll('section.home-list')].map((list) => [...list.querySelectorAll('img')].map((img) => ({ srcset: img.getAttribute('srcset'), loading: img.getAttribute('loading') })));
      return { preloaded, lists };
    }, html);
    const [first, ...lower] = found.lists;
    expect(lower.flat().length).toBeGreaterThan(0);
    expect(first?.length).toBeGreaterThan(0);
    const firstRow = first!.slice(0, 4);
    expect(firstRow.every((img) => img.loading === 'eager')).toBe(true);
    // The first banner and the first list's first row: no other picture is fetched before the first paint.
    expect(found.preloaded.slice(1)).toEqual(firstRow.map((img) => img.srcset));
    expect(lower.flat().every((img) => img.loading === 'lazy')).toBe(true);
    await page.close();
  });

  it("a phone fetches the tile picture it draws, the one the category page's preload named", async () => {
    const page = await running.browser.newPage({ viewport: PHONE, deviceScaleFactor: 1 });
    const pictures: string[] = [];
    page.on('request', (r) => r.url().includes('/img/') && pictures.push(new URL(r.url()).pathname));
    await page.goto(`${running.shop.url}/c/through-bolts`);
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    const tile = page.locator('.listing .tile img').first();
    await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc !== '')).toBe(true);
    expect(await preload.getAttribute('imagesrcset')).toBe(await tile.getAttribute('srcset'));
    expect(await preload.getAttribute('imagesizes')).toBe(await tile.getAttribute('sizes'));
    // Two columns on a 390 px phone: the 171 px candidate, and never the 324 px picture of the same tile.
    const drawn = new URL(await tile.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    expect(drawn).toMatch(/^\/img\/171\/258\/resize\//);
    expect(pictures).not.toContain(drawn.replace('/img/171/258/', '/img/324/489/'));
    await page.close();
  });
});
