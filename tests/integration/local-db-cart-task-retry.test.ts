import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../replication/api/api-client';
import { createTaskRunner } from '../../replication/tasks/task-runner';
import type { Notice } from '../../replication/tasks/task-types';
import type { ShopDatabase } from '../../src/db/database-types';
import { syncTaskStore } from '../../src/db/sync/sync-task-store';
import { openTestDatabase } from '../doubles/test-database';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { importProducts, newCart, orderBody, testProduct } from './cart-fixtures';

/**
 * A sync task that names the cart (`{{cartId}}`) is retried after a lost reply. Meanwhile the cart
 * may have been re-created (an order converted it, SPEC §7 "a missing cart id re-creates the cart"):
 * the retry then goes to another cart, and the shopper's change must land there, not be refused as
 * "the same key on another request".
 */
let server: TestServer;
const SKU = 'LCT-RETRY-SCREW';
const ORDERED = 'LCT-RETRY-BOLT';
beforeAll(async () => {
  server = await startTestServer();
  await importProducts(server, [testProduct(996_300, SKU, { price: 4 }), testProduct(996_301, ORDERED, { price: 6 })]);
});
afterAll(async () => server?.close());

let db: ShopDatabase | undefined;
afterEach(async () => db?.close());

async function linesOf(cartId: string): Promise<{ sku: string; qty: number }[]> {
  const reply = await server.request<{ sku: string; qty: number }[]>('GET', `/api/cart/pull?cartId=${cartId}`);
  expect(reply.status).toBe(200);
  return reply.body.result.map(({ sku, qty }) => ({ sku, qty }));
}

/** A network whose next reply is lost after the server acted, and which then stays down until told. */
function losingNetwork() {
  const net = { down: false, loseNextReply: false };
  const fetchFn: typeof fetch = async (input, init) => {
    if (net.down) throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    const response = await fetch(input, init);
    if (!net.loseNextReply) return response;
    net.loseNextReply = false;
    net.down = true;
    await response.arrayBuffer();
    throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
  };
  return { net, fetchFn };
}

async function guestPage(firstCart: string) {
  db = await openTestDatabase({ collections: ['sync_tasks'] });
  const { net, fetchFn } = losingNetwork();
  const api = createApiClient({ baseUrl: server.url, fetch: fetchFn, timeoutMs: 2_000 });
  const cart = { id: firstCart };
  const notices: Notice[] = [];
  const runner = createTaskRunner({ api, store: syncTaskStore(db), cartId: async () => cart.id, notify: async (n) => void notices.push(n) });
  return { db, net, cart, notices, runner };
}

describe('a cart task retried after a lost reply', () => {
  it('lands in the re-created cart when an order converted the first one meanwhile', async () => {
    const first = await newCart(server);
    const page = await guestPage(first);
    page.net.loseNextReply = true;
    const task = await page.runner.queue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST', body: { cartItem: { sku: SKU, qty: 3 } } } });
    await page.runner.process();
    // The server acted, the device did not hear it: the task still waits.
    expect(await linesOf(first)).toEqual([{ sku: SKU, qty: 3 }]);
    expect((await page.db.sync_tasks.findOne(task.task_id).exec())!.transmited).toBe(false);

    // Another tab orders bolts naming the cart; the device gets a new cart before the task goes again.
    const order = await server.request('POST', '/api/order', orderBody(`retry-order-${Date.now()}`, [{ sku: ORDERED, qty: 1 }], { cart_id: first }));
    expect(order.status).toBe(200);
    page.cart.id = await newCart(server);

    page.net.down = false;
    await page.runner.process();
    const sent = (await page.db.sync_tasks.findOne(task.task_id).exec())!.toJSON();
    expect(sent).toMatchObject({ transmited: true, code: 200 });
    expect(page.notices).toEqual([]);
    expect(await linesOf(page.cart.id)).toEqual([{ sku: SKU, qty: 3 }]);
  });

  it('to the same cart is answered once: the server does not act on it again', async () => {
    const cartId = await newCart(server);
    const page = await guestPage(cartId);
    page.net.loseNextReply = true;
    const task = await page.runner.queue({ url: '/api/cart/update?cartId={{cartId}}', payload: { method: 'POST', body: { cartItem: { sku: SKU, qty: 2 } } } });
    await page.runner.process();
    expect((await page.db.sync_tasks.findOne(task.task_id).exec())!.transmited).toBe(false);
    // The shopper set another quantity elsewhere since: the replayed retry must not undo it.
    expect((await server.request('POST', `/api/cart/update?cartId=${cartId}`, { cartItem: { sku: SKU, qty: 5 } })).status).toBe(200);
    page.net.down = false;
    await page.runner.process();
    expect((await page.db.sync_tasks.findOne(task.task_id).exec())!.toJSON()).toMatchObject({ transmited: true, code: 200 });
    expect(await linesOf(cartId)).toEqual([{ sku: SKU, qty: 5 }]);
  });
});
