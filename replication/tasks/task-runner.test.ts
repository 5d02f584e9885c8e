import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client';
import { memoryTaskStore } from '../../tests/doubles/memory-task-store';
import { createTaskRunner } from './task-runner';
import type { Notice, SyncTaskRecord } from './task-types';

const json = (code: number, result: unknown) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json' } });

function setup(handler: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const net = { online: true, seen: [] as string[] };
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    if (!net.online) throw new TypeError('fetch failed');
    const url = new URL(input instanceof Request ? input.url : input.toString());
    net.seen.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return handler(url, init);
  });
  const api = createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch });
  const store = memoryTaskStore();
  const notices: Notice[] = [];
  let cart: string | null = 'cart-9';
  const onMissingCartId = vi.fn(async () => undefined);
  let clock = 1000;
  const runner = createTaskRunner({ api, store, cartId: async () => cart, notify: async (n) => void notices.push(n), onMissingCartId, now: () => clock++ });
  return { net, store, notices, runner, onMissingCartId, dropCart: () => (cart = null) };
}

describe('the sync task runner', () => {
  it('walks a task through created → transmitted with result and code → acknowledged false, and raises its callback event', async () => {
    const { runner, store, net } = setup(() => json(200, { id: 5 }));
    const finished: SyncTaskRecord[] = [];
    runner.on('user-after-update', (t) => finished.push(t));
    const queued = await runner.queue({ url: '/api/user/me?token={{token}}', payload: { method: 'POST', body: { customer: { firstname: 'Ann' } } }, callback_event: 'user-after-update' });
    expect(queued).toMatchObject({ transmited: false, acknowledged: false, result: null });
    await runner.process();
    expect(net.seen).toEqual(['POST /api/user/me']);
    const [stored] = store.all();
    expect(stored).toMatchObject({ transmited: true, result: { id: 5 }, resultCode: 200, code: 200, acknowledged: false });
    expect(stored!.transmited_at).toBeTypeOf('number');
    expect(finished.map((t) => t.task_id)).toEqual([queued.task_id]);
  });

  it('keeps tasks made offline and sends them, oldest first, once back online', async () => {
    const { runner, store, net } = setup((url) => json(200, url.pathname));
    net.online = false;
    await runner.queue({ url: '/api/review/create', payload: { method: 'POST', body: { review: { title: 'a' } } } });
    await runner.queue({ url: '/api/user/me', payload: { method: 'POST', body: { customer: {} } } });
    await runner.process();
    expect(store.all().every((t) => !t.transmited)).toBe(true);
    net.online = true;
    await runner.process();
    expect(net.seen).toEqual(['POST /api/review/create', 'POST /api/user/me']);
    expect(store.all().every((t) => t.transmited)).toBe(true);
  });

  it('shows server error texts unless the task is silent', async () => {
    const { runner, notices } = setup(() => json(500, 'Internal Server Error 500'));
    await runner.execute({ url: '/api/user/me', payload: { method: 'POST', body: {} } });
    await runner.execute({ url: '/api/user/me', payload: { method: 'POST', body: {} }, silent: true });
    expect(notices).toEqual([{ type: 'error', message: 'Internal Server Error 500' }]);
  });

  it('rejects a reply that is not JSON with "Error with response - bad content-type!"', async () => {
    const { runner, notices } = setup(() => new Response('<html>', { headers: { 'content-type': 'text/html' } }));
    const outcome = await runner.execute({ url: '/api/stock/check?sku=X' });
    expect(outcome).toMatchObject({ transmitted: false, error: 'Error with response - bad content-type!' });
    expect(notices).toEqual([{ type: 'error', message: 'Error with response - bad content-type!' }]);
  });

  it('ignores a host that cannot be found: nothing shown, the task waits', async () => {
    const { runner, notices, store } = setup(() => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) });
    });
    await runner.queue({ url: '/api/user/me', payload: { method: 'POST', body: {} } });
    await runner.process();
    expect(notices).toEqual([]);
    expect(store.all()[0]!.transmited).toBe(false);
  });

  it('fills {{cartId}}, and without a cart id refuses the task and re-creates the cart', async () => {
    const { runner, net, onMissingCartId, dropCart } = setup(() => json(200, {}));
    await runner.execute({ url: '/api/cart/totals?token={{token}}&cartId={{cartId}}' });
    expect(net.seen).toEqual(['GET /api/cart/totals?cartId=cart-9']);
    dropCart();
    const outcome = await runner.execute({ url: '/api/cart/totals?cartId={{cartId}}' });
    expect(outcome).toMatchObject({
      transmitted: false,
      error: 'Error executing sync task /api/cart/totals?cartId={{cartId}} the required cartId argument is null. Re-creating shopping cart synchro.',
    });
    expect(onMissingCartId).toHaveBeenCalledOnce();
  });

  it('drops an acknowledged result unless it is kept for later readers', async () => {
    const { runner, store } = setup(() => json(200, { qty: 3 }));
    const a = await runner.queue({ url: '/api/stock/check?sku=A', is_result_cacheable: true });
    const b = await runner.queue({ url: '/api/user/me', payload: { method: 'POST', body: {} } });
    await runner.process();
    for (const task of store.all()) await runner.acknowledge(task);
    expect(store.all().map((t) => [t.task_id, t.acknowledged])).toEqual([[a.task_id, true]]);
    expect(b.task_id).not.toBe(a.task_id);
  });
});
