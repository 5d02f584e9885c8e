import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client';
import type { Notice } from '../tasks/task-types';
import { memoryOrderStore } from './memory-order-store';
import { createOrderOutbox } from './order-outbox';

const json = (code: number, result: unknown) => new Response(JSON.stringify({ code, result }), { status: code, headers: { 'content-type': 'application/json' } });

/** A fake order endpoint that is idempotent by order_id, like the real one. */
function setup() {
  const placed = new Map<string, { increment_id: string }>();
  const net = { online: true, dropReplies: false, status: 200 as number, message: '' };
  const bodies: Record<string, unknown>[] = [];
  const fetchFn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
    if (!net.online) throw new TypeError('fetch failed');
    const body = JSON.parse(init?.body as string) as { order_id: string };
    bodies.push(body);
    if (net.status !== 200) return json(net.status, net.message);
    const reply = placed.get(body.order_id) ?? { increment_id: String(1000 + placed.size) };
    placed.set(body.order_id, reply);
    if (net.dropReplies) throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    return json(200, { order_id: body.order_id, ...reply });
  });
  const store = memoryOrderStore();
  const notices: Notice[] = [];
  const outbox = createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch }), store, notify: async (n) => void notices.push(n), isOnline: () => net.online });
  return { net, store, notices, outbox, placed, bodies };
}

const order = { products: [{ sku: 'A', qty: 1 }], addressInformation: {}, personalDetails: { email: 'a@b.co', password: 'Secret-123', createAccount: true } };

describe('the order outbox', () => {
  it('writes the order first with a client-made id, sends it, and forgets the password afterwards', async () => {
    const { outbox, store, placed } = setup();
    const { order: stored, outcome } = await outbox.place(order);
    expect(outcome).toBe('sent');
    expect(stored.order_id).toMatch(/^\d{13}-[0-9a-f-]{36}$/);
    expect(stored).toMatchObject({ state: 'sent', transmited: true, result: { increment_id: '1000' } });
    expect(stored.body.personalDetails).toEqual({ email: 'a@b.co', createAccount: true });
    expect(placed.size).toBe(1);
    expect(store.all()).toHaveLength(1);
  });

  it('queues an order made offline without a network call or a message', async () => {
    const { outbox, net, notices, bodies } = setup();
    net.online = false;
    const { order: stored, outcome } = await outbox.place(order);
    expect(outcome).toBe('queued');
    expect(stored.state).toBe('queued');
    expect(bodies).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('queues on a server error with the spec message, and a later retry sends the same order once', async () => {
    const { outbox, net, notices, placed, store, bodies } = setup();
    net.status = 503;
    net.message = 'Service Unavailable';
    const first = await outbox.place(order);
    expect(first.outcome).toBe('queued');
    expect(notices).toEqual([{ type: 'error', message: 'The order can not be transfered because of server error. Order has been queued' }]);
    net.status = 200;
    expect(await outbox.sendQueued()).toEqual({ sent: 1, waiting: 0, rejected: 0 });
    expect(placed.size).toBe(1);
    expect(new Set(bodies.map((b) => b.order_id))).toEqual(new Set([first.order.order_id]));
    expect(store.all()[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('survives a reply lost after the server placed the order: the retry gets the same order', async () => {
    const { outbox, net, placed, store } = setup();
    net.dropReplies = true;
    const first = await outbox.place(order);
    expect(first.outcome).toBe('queued');
    net.dropReplies = false;
    await outbox.sendQueued();
    expect(placed.size).toBe(1);
    expect(store.all()[0]).toMatchObject({ state: 'sent', result: { order_id: first.order.order_id, increment_id: '1000' } });
  });

  it('sends one request when two sends of one order overlap', async () => {
    const { outbox, net, bodies } = setup();
    net.online = false;
    const { order: stored } = await outbox.place(order);
    net.online = true;
    await Promise.all([outbox.send(stored.order_id), outbox.send(stored.order_id), outbox.sendQueued()]);
    expect(bodies).toHaveLength(1);
  });

  it('rejects for good what the server refuses: products unavailable, address invalid', async () => {
    const { outbox, net, notices, store } = setup();
    net.status = 409;
    net.message = 'Some of the ordered products are not available!';
    const refused = await outbox.place(order);
    expect(refused).toMatchObject({ outcome: 'rejected', message: 'Some of the ordered products are not available!' });
    net.online = false;
    await outbox.place(order);
    net.online = true;
    net.status = 400;
    net.message = 'Address invalid: order canceled';
    expect(await outbox.sendQueued()).toEqual({ sent: 0, waiting: 0, rejected: 1 });
    expect(notices.map((n) => n.message)).toEqual(['Some of the ordered products are not available!', 'Address provided in checkout contains invalid data... Your order has been canceled']);
    expect(store.all().map((o) => o.state)).toEqual(['rejected', 'rejected']);
  });

  it('cancels the queued orders when the shopper declines to send them', async () => {
    const { outbox, net, store } = setup();
    net.online = false;
    await outbox.place(order);
    await outbox.place(order);
    expect(await outbox.cancelQueued()).toBe(2);
    expect(store.all()).toEqual([]);
  });
});
