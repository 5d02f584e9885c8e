import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncStockFromCatalog } from '../../server/stock/stock-sync';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { importProducts, orderBody, stockQty, testProduct } from './cart-fixtures';
import { scaled } from '../helpers/time-limits';

let server: TestServer;
type Item = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/stock/check', () => {
  it('reports a product, a configurable child and a product without managed stock', async () => {
    const reply = await server.request<Item>('GET', '/api/stock/check?sku=WS-4-40-YP');
    expect(reply.body).toEqual({ code: 200, result: { item_id: 21, product_id: 21, product_sku: 'WS-4-40-YP', qty: 250, is_in_stock: true, manage_stock: true, status: 1 } });
    const child = await server.request<Item>('GET', '/api/stock/check/TB-M8-75-Z');
    expect(child.body.result).toMatchObject({ product_sku: 'TB-M8-75-Z', qty: 120, is_in_stock: true });
    const service = await server.request<Item>('GET', '/api/stock/check?sku=SRV-ANCHOR-DESIGN');
    expect(service.body.result).toMatchObject({ manage_stock: false, is_in_stock: true });
    const out = await server.request<Item>('GET', '/api/stock/check?sku=TEK-55-100-HS');
    expect(out.body.result).toMatchObject({ qty: 0, is_in_stock: false, status: 0 });
  });

  it('answers 400 without a sku and 404 for an unknown one', async () => {
    expect((await server.request('GET', '/api/stock/check')).body).toEqual({ code: 400, result: 'sku parameter is required' });
    expect((await server.request('GET', '/api/stock/check?sku=%20')).body).toEqual({ code: 400, result: 'sku parameter is required' });
    expect((await server.request('GET', '/api/stock/check?sku=NOPE')).body).toEqual({ code: 404, result: 'No such product: NOPE' });
    expect((await server.request('GET', '/api/stock/check?sku=A&bogus=1')).status).toBe(400);
  });
});

describe('GET /api/stock/list', () => {
  it('lists known skus in the order asked and leaves unknown ones out', async () => {
    const reply = await server.request<Item[]>('GET', '/api/stock/list?skus=CR-EP-585,NOPE,WS-4-40-YP,CR-EP-585');
    expect(reply.status).toBe(200);
    expect(reply.body.result.map((i) => [i.product_sku, i.qty])).toEqual([['CR-EP-585', 5], ['WS-4-40-YP', 250]]);
  });

  it('answers 400 without skus', async () => {
    expect((await server.request('GET', '/api/stock/list')).body).toEqual({ code: 400, result: 'skus parameter is required' });
    expect((await server.request('GET', '/api/stock/list?skus=,,')).body).toEqual({ code: 400, result: 'skus parameter is required' });
  });
});

describe('stock follows the catalogue and the orders', () => {
  it('takes in imported products, keeps what orders left on a re-import, and restocks when the catalogue figure changes', async () => {
    await importProducts(server, [testProduct(990_201, 'T-STOCK-A', { stock: { is_in_stock: true, qty: 7, manage_stock: true } })]);
    const first = await server.request<Item>('GET', '/api/stock/check?sku=T-STOCK-A');
    expect(first.body.result).toMatchObject({ qty: 7, is_in_stock: true, product_id: 990_201 });

    const order = await server.request('POST', '/api/order', orderBody(`stock-${Date.now()}`, [{ sku: 'T-STOCK-A', qty: 3 }]));
    expect(order.status).toBe(200);
    expect(await stockQty(server, 'T-STOCK-A')).toBe(4);

    await importProducts(server, [testProduct(990_201, 'T-STOCK-A', { name: 'Renamed', stock: { is_in_stock: true, qty: 7, manage_stock: true } })]);
    await syncStockFromCatalog(server.ctx.db);
    expect((await server.request<Item>('GET', '/api/stock/check?sku=T-STOCK-A')).body.result).toMatchObject({ qty: 4 });

    await importProducts(server, [testProduct(990_201, 'T-STOCK-A', { stock: { is_in_stock: true, qty: 50, manage_stock: true } })]);
    // The server syncs on the catalogue change by itself; no explicit sync here.
    await expect.poll(async () => (await server.request<Item>('GET', '/api/stock/check?sku=T-STOCK-A')).body.result.qty, { timeout: scaled(5000) }).toBe(50);
  });
});
