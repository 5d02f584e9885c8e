import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../tests/helpers/test-config';
import type { Shop } from './helpers/shop';
import { closeShopAndBrowser, openShopAndBrowser } from './sync-support';
import { DESKTOP, hydrated, openPage, PHONE, shot } from './browse-support';

let shop: Shop;
let browser: Browser;
beforeAll(async () => void ([shop, browser] = await openShopAndBrowser()));
afterAll(() => closeShopAndBrowser(shop, browser));

describe('home, content and unknown urls', () => {
  it('shows banners, the menu and three lists of 8 with prices in pounds incl. and excl. VAT', async () => {
    for (const [name, viewport] of [['home-phone', PHONE], ['home-desktop', DESKTOP]] as const) {
      const { page, errors } = await openPage(browser, viewport);
      await page.goto(shop.url + '/');
      for (const list of ['New collection', 'Bestsellers', 'Customers also bought']) {
        const tiles = page.getByRole('list', { name: list }).getByRole('listitem');
        await expect.poll(() => tiles.count()).toBe(8);
      }
      const first = page.getByRole('list', { name: 'New collection' }).getByRole('listitem').first();
      expect(await first.locator('.tile-price .price').textContent()).toMatch(/^£\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(await first.locator('.tile-excl').textContent()).toMatch(/^£[\d,]+\.\d{2} excl\. VAT$/);
      // Banners with status 1 only: the file's inactive banner never shows.
      const banners = await (await fetch(shop.url + '/pub/banners.json')).json() as { banners: { title: string; status: number }[] };
      const active = banners.banners.filter((b) => b.status === 1);
      await expect.poll(() => page.locator('.banner').count()).toBe(Math.min(3, active.length));
      expect(await page.locator('.banner strong').first().textContent()).toBe(active[0]?.title);
      if (viewport === DESKTOP) await expect.poll(() => page.getByRole('navigation', { name: 'Categories' }).getByRole('link').count()).toBeGreaterThan(5);
      await shot(page, name);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('opens a submenu on hover in the category bar and the sidebar on a phone', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/');
    // The server-rendered bar shows at once; hovering opens a submenu once the page is live.
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Categories' });
    await bar.getByRole('link', { name: 'Anchors & Fixings' }).hover();
    await expect.poll(() => bar.getByRole('link', { name: 'Through Bolts' }).isVisible()).toBe(true);
    await page.close();
    const phone = await openPage(browser, PHONE);
    await phone.page.goto(shop.url + '/');
    await hydrated(phone.page);
    await phone.page.getByRole('button', { name: 'Menu' }).click();
    await phone.page.getByRole('button', { name: 'Anchors & Fixings ›' }).click();
    await phone.page.getByRole('link', { name: 'Through Bolts' }).click();
    await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Through Bolts');
    await phone.page.close();
  });

  it('switches the wording in the languages modal while prices stay in pounds', async () => {
    const { page } = await openPage(browser, PHONE);
    await page.goto(shop.url + '/');
    await page.getByRole('button', { name: 'Languages' }).click();
    await page.getByRole('dialog', { name: 'Choose your language' }).getByRole('button', { name: 'Deutsch' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Suche' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Neuheiten' }).count()).toBe(1);
    expect(await page.locator('.tile-price .price').first().textContent()).toMatch(/^£[\d,]+\.\d{2}$/);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.close();
  });

  it('renders a CMS page safely and the static page routes', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    await page.goto(shop.url + '/about-us');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About us');
    expect(await page.title()).toContain('About us');
    await page.goto(shop.url + '/i/delivery');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Delivery');
    await shot(page, 'cms-phone');
    // The sanitiser itself (DOMPurify with the shop's whitelist), run on this browser's DOM on hostile markup.
    await page.evaluate(readFileSync(path.join(REPO_ROOT, 'node_modules/dompurify/dist/purify.min.js'), 'utf8'));
    const source = readFileSync(path.join(REPO_ROOT, 'src/ui/sanitize-html.ts'), 'utf8');
    const js = ts
      .transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
      .outputText.replace(/^export /gm, '')
      .replace(/^import DOMPurify from 'dompurify';$/m, 'const DOMPurify = globalThis.DOMPurify;');
    const hostile = '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href=" java\tscript:x">bad2</a><a href="/c/screws">ok</a><custom>kept</custom><img src="/img/a.jpg" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>p{}</style></p>';
    const cleaned = await page.evaluate(`${js}; sanitizeHtml(${JSON.stringify(hostile)})`);
    expect(cleaned).toBe('<p>Hi <b>there</b><a>bad</a><a>bad2</a><a href="/c/screws">ok</a>kept<img src="/img/a.jpg"></p>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the blog list and a blog post', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/latest-news');
    const firstPost = page.locator('.blog-card h2 a').first();
    await expect.poll(() => firstPost.count()).toBe(1);
    const title = await firstPost.textContent();
    await firstPost.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(page.url()).toMatch(/\/latest-news\/\d+\/[a-z0-9-]+$/);
    await shot(page, 'blog-post-desktop');
    await page.close();
  });

  it('answers an unknown url with "404 Page Not Found" after the url mapping', async () => {
    const { page } = await openPage(browser, PHONE);
    const mapped: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/url/map') && mapped.push(r.postData() ?? ''));
    // The server maps the path before it renders the page (and answers 404); a client navigation maps it in the browser.
    const answer = await page.goto(shop.url + '/no-such-thing/at-all');
    expect(answer?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found');
    await page.evaluate(() => {
      history.pushState(null, '', '/another/unknown-path');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => mapped.some((body) => body.includes('/another/unknown-path'))).toBe(true);
    await shot(page, '404-phone');
    await page.goto(shop.url + '/error');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Something went wrong. Try again in a few seconds.');
    expect(await page.locator('.top-menu').count()).toBe(0);
    await page.goto(shop.url + '/500');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Internal Server Error 500');
    await page.close();
  });

  it('resolves a category url path and a CMS identifier through the mapping', async () => {
    const { page } = await openPage(browser, DESKTOP);
    await page.goto(shop.url + '/anchors-fixings/through-bolts');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Through Bolts');
    await page.goto(shop.url + '/returns');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Returns');
    await page.close();
  });
});
