import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, registerCustomer, saleableSkus } from '../reliability/helpers/shop-fixtures';

/**
 * The back-office's page as the server hands it out (never the shop's shell, never cached, never
 * indexed, the camera allowed there only), and the admin API's order lines carrying what a packer
 * scans (EAN) and looks for (picture), in the feed with each order's status history.
 */
let server: TestServer;
let distDir: string;
const ADMIN_HTML = '<!doctype html><meta name="robots" content="noindex"><title>Packing bench</title>';

beforeAll(async () => {
  await mkdir(TMP_ROOT, { recursive: true });
  distDir = await mkdtemp(path.join(TMP_ROOT, 'dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(distDir, 'admin.html'), ADMIN_HTML);
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the back-office page', () => {
  it('answers /admin and every path below it with admin.html: no-store, noindex, camera allowed', async () => {
    for (const p of ['/admin', '/admin/', '/admin/orders/123', '/admin/orders/123/pick-list?x=1']) {
      const reply = await fetch(server.url + p);
      expect(reply.status, p).toBe(200);
      expect(await reply.text(), p).toBe(ADMIN_HTML);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(reply.headers.get('permissions-policy')).toMatch(/camera=\(self\)/);
    }
    // The shop's pages keep the camera off.
    expect((await fetch(server.url + '/')).headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });

  it('is disallowed in robots.txt', async () => {
    expect(await (await fetch(server.url + '/robots.txt')).text()).toMatch(/^Disallow: \/admin$/m);
  });
});

describe('order lines for packing', () => {
  it('the feed and the order carry each line\'s EAN and picture and the order\'s status history', async () => {
    const owner = { authorization: `Bearer ${server.ctx.adminToken}` };
    const customer = await registerCustomer(server, `admin-shell-${Date.now()}@example.com`);
    const [sku] = await saleableSkus(server, 1);
    const product = (await server.ctx.db.query<{ doc: { ean?: string; image?: string } }>("select doc from catalog_documents where entity = 'product' and doc->>'sku' = $1", [sku]))[0]!.doc;
    const placed = await placeOrder(server, orderPayload(`admin-shell-${Date.now()}`, [sku!], customer.email), customer.bearer);
    expect((await server.request('POST', `/api/admin/orders/${placed.order_id}/status`, { status: 'processing' }, owner)).status).toBe(200);

    type Line = { sku: string; ean: string | null; image: string | null };
    type Fed = { order_id: string; items: Line[]; status_history: { status: string }[] };
    const feed = await server.request<{ items: Fed[] }>('GET', '/api/admin/orders/feed?after=0&limit=500', undefined, owner);
    const fed = feed.body.result.items.find((o) => o.order_id === placed.order_id)!;
    expect(fed.items[0]).toMatchObject({ sku, ean: product.ean ?? null, image: product.image ?? null });
    expect(fed.status_history.map((h) => h.status)).toEqual(['pending', 'processing']);
    const one = await server.request<Fed>('GET', `/api/admin/orders/${placed.increment_id}`, undefined, owner);
    expect(one.body.result.items[0]).toMatchObject({ sku, ean: product.ean ?? null });
  });
});
