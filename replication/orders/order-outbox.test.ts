import { describe, expect, it, vi } from 'vitest';
import type { TotalsReply } from '../../schemas/api/cart';
import { ORDER_MESSAGES, PRICE_CHANGED } from '../../schemas/api/order';
import { createApiClient } from '../api/api-client';
import type { Notice } from '../tasks/task-types';
import { memoryOrderStore } from '../../tests/doubles/memory-order-store';
import { createOrderOutbox, newOrderId } from './order-outbox';
import { isOrderedElsewhere } from './ordered-elsewhere';

const json = (code: number, result: unknown, meta?: object) => new Response(JSON.stringify({ code, result, ...(meta ? { meta } : {}) }), { status: code, headers: { 'content-type': 'application/json' } });
const proxyPage = () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });

/** A fake order endpoint that is idempotent by order_id, like the real one, with the withdrawal of a queued order. */
function setup() {
  const placed = new Map<string, { increment_id: string }>();
  const withdrawn = new Set<string>();
  // `total`: what the fake shop charges; an order confirmed at another total is refused as the real one does.
  const net = { online: true, dropReplies: false, status: 200 as number, message: '' as unknown, meta: undefined as object | undefined, proxy: false, hang: false, total: null as number | null };
  const bodies: Record<string, unknown>[] = [];
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    if (!net.online) throw new TypeError('fetch failed');
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const withdrawal = /^\/api\/order\/([^/]+)\/withdraw$/.exec(url.pathname);
    if (withdrawal) {
      const id = decodeURIComponent(withdrawal[1]!);
      const known = placed.get(id);
      if (known) return json(200, { state: 'placed', order: { order_id: id, ...known } });
      withdrawn.add(id);
      return json(200, { state: 'withdrawn' });
    }
    if (!init?.body) throw new Error(`unexpected request to ${url.pathname}`);
    if (net.hang) return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    if (net.proxy) return proxyPage();
    const body = JSON.parse(init.body as string) as { order_id: string; grand_total?: number };
    bodies.push(body);
    if (withdrawn.has(body.order_id)) return json(409, ORDER_MESSAGES.withdrawn);
    if (net.status !== 200) return json(net.status, net.message, net.meta);
    if (!placed.has(body.order_id) && net.total !== null && body.grand_total !== undefined && body.grand_total !== net.total) {
      return json(409, ORDER_MESSAGES.priceChanged, { reason: PRICE_CHANGED, grand_total: net.total, confirmed_grand_total: body.grand_total, totals: totalsOf(net.total) });
    }
    const reply = placed.get(body.order_id) ?? { increment_id: String(1000 + placed.size) };
    placed.set(body.order_id, reply);
    if (net.dropReplies) throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    return json(200, { order_id: body.order_id, ...reply });
  });
  const store = memoryOrderStore();
  const notices: Notice[] = [];
  const outbox = createOrderOutbox({ api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch, timeoutMs: 50 }), store, notify: async (n) => void notices.push(n), isOnline: () => net.online });
  const place = async (body: Record<string, unknown>, orderId = newOrderId()) => {
    await outbox.store(body, orderId);
    return outbox.sendNow(orderId);
  };
  return { net, store, notices, outbox, placed, bodies, place };
}

const order = { products: [{ sku: 'A', qty: 1 }], addressInformation: {}, personalDetails: { email: 'a@b.co', password: 'Secret-123', createAccount: true } };

function totalsOf(grandTotal: number): TotalsReply {
  return { grand_total: grandTotal, items: [{ item_id: 1, sku: 'A', qty: 1, price: grandTotal, price_incl_tax: grandTotal }] } as TotalsReply;
}

describe('the order outbox', () => {
  it('stores the order without the password, sends it with the password, and keeps the reply', async () => {
    const { place, store, placed, bodies } = setup();
    const { order: stored, outcome } = await place(order);
    expect(outcome).toBe('sent');
    expect(stored.order_id).toMatch(/^\d{13}-[0-9a-f-]{36}$/);
    expect(stored).toMatchObject({ state: 'sent', transmited: true, result: { increment_id: '1000' } });
    expect(stored.body.personalDetails).toEqual({ email: 'a@b.co', createAccount: true });
    expect((bodies[0]!.personalDetails as Record<string, unknown>).password).toBe('Secret-123');
    expect(placed.size).toBe(1);
    expect(store.all()).toHaveLength(1);
  });

  it('never writes the password to the store, even while the order is queued', async () => {
    const { outbox, net, store } = setup();
    net.online = false;
    await outbox.store(order, 'o-1');
    expect(JSON.stringify(store.all())).not.toContain('Secret-123');
  });

  it('queues an order made offline without a network call or a message', async () => {
    const { place, net, notices, bodies } = setup();
    net.online = false;
    const { order: stored, outcome } = await place(order);
    expect(outcome).toBe('queued');
    expect(stored.state).toBe('queued');
    expect(bodies).toEqual([]);
    expect(notices).toEqual([]);
  });

  it.each([
    ['a 503 envelope', (net: ReturnType<typeof setup>['net']) => Object.assign(net, { status: 503, message: 'Service Unavailable' })],
    ['a 500 envelope', (net: ReturnType<typeof setup>['net']) => Object.assign(net, { status: 500, message: 'Internal Server Error' })],
    ['a 429', (net: ReturnType<typeof setup>['net']) => Object.assign(net, { status: 429, message: 'Too many requests' })],
    ["a proxy's HTML 502", (net: ReturnType<typeof setup>['net']) => Object.assign(net, { proxy: true })],
    ['a hung request', (net: ReturnType<typeof setup>['net']) => Object.assign(net, { hang: true })],
  ])('keeps the order queued (placed) on %s, and a later retry sends the same order once', async (_name, fault) => {
    const { place, outbox, net, notices, placed, store } = setup();
    fault(net);
    const first = await place(order);
    expect(first.outcome).toBe('queued');
    expect(notices).toEqual([{ type: 'error', message: 'The order can not be transfered because of server error. Order has been queued' }]);
    Object.assign(net, { status: 200, proxy: false, hang: false });
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1, waiting: 0, rejected: 0 });
    expect(placed.size).toBe(1);
    expect(store.all()[0]).toMatchObject({ order_id: first.order.order_id, state: 'sent', attempts: 1 });
  });

  it('survives a reply lost after the server placed the order: the retry gets the same order', async () => {
    const { place, outbox, net, placed, store } = setup();
    net.dropReplies = true;
    const first = await place(order);
    expect(first.outcome).toBe('queued');
    net.dropReplies = false;
    await outbox.sendQueued();
    expect(placed.size).toBe(1);
    expect(store.all()[0]).toMatchObject({ state: 'sent', result: { order_id: first.order.order_id, increment_id: '1000' } });
  });

  it('stores one order per id: a second store of the same checkout returns the first', async () => {
    const { outbox, store } = setup();
    const a = await outbox.store(order, 'checkout-1');
    const b = await outbox.store({ ...order, products: [{ sku: 'B', qty: 9 }] }, 'checkout-1');
    expect([a.isNew, b.isNew]).toEqual([true, false]);
    expect(store.all()).toHaveLength(1);
    expect(store.all()[0]!.body.products).toEqual([{ sku: 'A', qty: 1 }]);
  });

  it('sends one request when two sends of one order overlap', async () => {
    const { place, outbox, net, bodies } = setup();
    net.online = false;
    const { order: stored } = await place(order);
    net.online = true;
    await Promise.all([outbox.send(stored.order_id), outbox.send(stored.order_id), outbox.sendQueued()]);
    expect(bodies).toHaveLength(1);
  });

  it('rejects for good what the server refuses, and a refused order does not hold up the next', async () => {
    const { place, outbox, net, notices, store } = setup();
    net.status = 409;
    net.message = 'Some of the ordered products are not available!';
    const refused = await place(order);
    expect(refused).toMatchObject({ outcome: 'rejected', message: 'Some of the ordered products are not available!' });
    net.online = false;
    await place(order);
    await place(order);
    net.online = true;
    net.status = 400;
    net.message = 'Address invalid: order canceled';
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0, waiting: 0, rejected: 2 });
    expect(notices.map((n) => n.message)).toEqual(['Address provided in checkout contains invalid data... Your order has been canceled', 'Address provided in checkout contains invalid data... Your order has been canceled']);
    expect(store.all().map((o) => o.state)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('holds a customer order the server wants a login for, sends the ones behind it, and releases it after a login', async () => {
    const { place, outbox, net, store, placed } = setup();
    net.online = false;
    const held = await place({ ...order, user_id: '7' });
    const next = await place(order);
    net.online = true;
    net.status = 401;
    net.message = 'User is not authorized to access the resource';
    await outbox.send(held.order.order_id);
    net.status = 200;
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    expect((await store.get(held.order.order_id))?.state).toBe('held');
    expect((await store.get(next.order.order_id))?.state).toBe('sent');
    expect(await outbox.releaseHeld()).toBe(1);
    await outbox.sendQueued();
    expect((await store.get(held.order.order_id))?.state).toBe('sent');
    expect(placed.size).toBe(2);
  });

  it('sends again, rather than holds, an order that went without a session while the shopper signed in', async () => {
    const session = { token: null as string | null };
    const placed = new Set<string>();
    // The login answers while the order's push is on its way without a token: the shop wants a login for it.
    const fetchFn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as { order_id: string };
      if (session.token === null) {
        session.token = 'access';
        return json(401, 'User is not authorized to access the resource');
      }
      placed.add(body.order_id);
      return json(200, { order_id: body.order_id, increment_id: '1001' });
    });
    const store = memoryOrderStore();
    const outbox = createOrderOutbox({
      api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch, timeoutMs: 50 }),
      store,
      notify: async () => undefined,
      isOnline: () => true,
      session: async () => (session.token === null ? null : { customerId: '7' }),
    });
    const orderId = newOrderId();
    await outbox.store({ ...order, user_id: '7' }, orderId);
    expect((await outbox.send(orderId))?.kind).toBe('queued');
    // The sign-in's release of held orders ran before the 401 came back: nothing else would send it.
    expect(await outbox.releaseHeld()).toBe(0);
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    expect((await store.get(orderId))?.state).toBe('sent');
    expect([...placed]).toEqual([orderId]);
  });

  it("never sends a customer's order with another customer's session: it goes without the token, is held, and is released only to its customer", async () => {
    const signedIn = { customerId: '8' as string | null, token: 'token-of-8' };
    const authorizations: (string | null)[] = [];
    // The real endpoint's user check: a body naming a customer needs that customer's token.
    const fetchFn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('authorization');
      authorizations.push(authorization);
      const body = JSON.parse(init!.body as string) as { order_id: string; user_id: string };
      if (authorization === null) return json(401, 'User is not authorized to access the resource');
      if (authorization !== `Bearer token-of-${body.user_id}`) return json(403, 'You do not have access to this order');
      return json(200, { order_id: body.order_id, increment_id: '1001' });
    });
    const store = memoryOrderStore();
    const outbox = createOrderOutbox({
      api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch, timeoutMs: 50, tokens: { read: async () => ({ token: signedIn.token, refreshToken: null }), write: async () => undefined } }),
      store,
      notify: async () => undefined,
      isOnline: () => true,
      session: async () => ({ customerId: signedIn.customerId }),
    });
    const orderId = newOrderId();
    await outbox.store({ ...order, user_id: '7' }, orderId);
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0, held: 1, rejected: 0 });
    expect(authorizations).toEqual([null]);
    expect(await outbox.releaseHeld()).toBe(0);
    expect((await store.get(orderId))?.state).toBe('held');
    // Its customer signed in: known once their profile came.
    Object.assign(signedIn, { customerId: null, token: 'token-of-7' });
    expect(await outbox.releaseHeld()).toBe(0);
    signedIn.customerId = '7';
    expect(await outbox.releaseHeld()).toBe(1);
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    expect(authorizations).toEqual([null, 'Bearer token-of-7']);
  });

  it("shows the server's order in place of one whose cart another device or tab already turned into that order", async () => {
    const { place, net, store } = setup();
    net.status = 409;
    net.message = 'This cart has already been ordered';
    net.meta = { order_id: 'elsewhere-1', increment_id: '000000042' };
    const result = await place({ ...order, cart_id: 'cart-1' }, 'mine-1');
    expect(result).toMatchObject({ outcome: 'sent', order: { order_id: 'elsewhere-1', state: 'sent', result: { increment_id: '000000042' } } });
    expect(store.all().map((o) => o.order_id)).toEqual(['elsewhere-1']);
    // Marked, so the placing screen says the cart was ordered elsewhere rather than thank for this order.
    expect(isOrderedElsewhere(result.order.result)).toBe(true);
    expect(isOrderedElsewhere((await store.get('elsewhere-1'))?.result)).toBe(true);
  });

  it('tells the shopper, for an order sent from the queue, that another device had ordered its cart and nothing more was placed', async () => {
    const { place, outbox, net, store, notices, bodies } = setup();
    net.online = false;
    await place({ ...order, cart_id: 'cart-1' }, 'mine-1');
    net.online = true;
    net.status = 409;
    net.message = ORDER_MESSAGES.cartAlreadyOrdered;
    net.meta = { order_id: 'elsewhere-1', increment_id: '000000042' };
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    // Sent once: the order is not placed again without the cart.
    expect(bodies).toHaveLength(1);
    expect(isOrderedElsewhere((await store.get('elsewhere-1'))?.result)).toBe(true);
    expect(notices).toEqual([{ type: 'warning', message: expect.stringContaining(ORDER_MESSAGES.cartAlreadyOrdered) as string }]);
    expect(notices[0]!.message).toContain('000000042');
    expect(notices[0]!.message).toContain('no second order was placed');
  });

  it('sends a separate order again without the cart when one of its own earlier orders spent that cart', async () => {
    const { place, outbox, net, store, bodies } = setup();
    await place({ ...order, cart_id: 'cart-1' }, 'first');
    net.online = false;
    await place({ ...order, products: [{ sku: 'B', qty: 2 }], cart_id: 'cart-1' }, 'second');
    net.online = true;
    net.status = 409;
    net.message = 'This cart has already been ordered';
    net.meta = { order_id: 'first', increment_id: '1000' };
    const sending = outbox.send('second');
    // The retry without the cart goes through.
    await vi.waitFor(() => expect(bodies.length).toBeGreaterThanOrEqual(2));
    net.status = 200;
    await sending;
    if ((await store.get('second'))?.state !== 'sent') await outbox.sendQueued();
    expect(await store.get('second')).toMatchObject({ state: 'sent' });
    expect((await store.get('second'))!.body.cart_id).toBeUndefined();
    // Its own order, placed: nothing says it was ordered elsewhere.
    expect(isOrderedElsewhere((await store.get('second'))!.result)).toBe(false);
  });

  it('asks the server before cancelling: an order it has is kept as placed, one it lacks is deleted', async () => {
    const { place, outbox, net, store, placed } = setup();
    net.dropReplies = true;
    const reached = await place(order);
    net.online = false;
    const never = await place(order);
    net.online = true;
    net.dropReplies = false;
    expect(placed.size).toBe(1);
    expect(await outbox.cancelQueued()).toEqual({ removed: 1, placed: 1, unknown: 0 });
    expect((await store.get(reached.order.order_id))?.state).toBe('sent');
    expect(await store.get(never.order.order_id)).toBeNull();
  });

  it("cancels only the orders of the session's own customer (and guests'): another customer's waiting order stays for them", async () => {
    const signedIn = { customerId: '8' as string | null };
    const withdrawals: string[] = [];
    const fetchFn = vi.fn(async (input: string | URL | Request) => {
      withdrawals.push(new URL(input instanceof Request ? input.url : input.toString()).pathname);
      return json(200, { state: 'withdrawn' });
    });
    const store = memoryOrderStore();
    const outbox = createOrderOutbox({
      api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch, timeoutMs: 50 }),
      store,
      notify: async () => undefined,
      isOnline: () => false,
      session: async () => ({ customerId: signedIn.customerId }),
    });
    await outbox.store({ ...order, user_id: '7' }, 'of-customer-7');
    await store.update('of-customer-7', { state: 'held' });
    await outbox.store({ ...order, user_id: '8' }, 'of-customer-8');
    await outbox.store(order, 'of-a-guest');
    expect(await outbox.queuedForSession()).toEqual([expect.objectContaining({ order_id: 'of-customer-8' }), expect.objectContaining({ order_id: 'of-a-guest' })]);

    expect(await outbox.cancelQueued()).toEqual({ removed: 2, placed: 0, unknown: 0 });
    expect(withdrawals).toEqual(['/api/order/of-customer-8/withdraw', '/api/order/of-a-guest/withdraw']);
    expect((await store.get('of-customer-7'))?.state).toBe('held');
  });

  it('keeps queued orders it cannot ask the server about', async () => {
    const { place, outbox, net, store } = setup();
    net.online = false;
    await place(order);
    expect(await outbox.cancelQueued()).toEqual({ removed: 0, placed: 0, unknown: 1 });
    expect(store.all()).toHaveLength(1);
  });
});

describe('an order refused because a price changed since the shopper confirmed it', () => {
  it('is an explicit outcome of its own (not placed, not queued, not retried) carrying the new totals', async () => {
    const { place, outbox, net, store, notices, placed, bodies } = setup();
    net.total = 16.94;
    const result = await place({ ...order, grand_total: 8.95 }, 'checkout-1');
    expect(result).toMatchObject({ outcome: 'repriced', message: ORDER_MESSAGES.priceChanged, repriced: { grand_total: 16.94, confirmed_grand_total: 8.95, totals: { grand_total: 16.94 } } });
    expect(await store.get('checkout-1')).toMatchObject({ state: 'repriced', repriced: { grand_total: 16.94 } });
    expect(notices).toEqual([]);
    // No round sends it again on its own, whatever the network does.
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0, waiting: 0, repriced: 0 });
    expect(await outbox.send('checkout-1')).toBeNull();
    expect(bodies).toHaveLength(1);
    expect(placed.size).toBe(0);
  });

  it('goes again, under its id and with its password, only once the shopper confirmed the new total, and is placed once', async () => {
    const { outbox, net, store, placed, bodies } = setup();
    net.online = false;
    await outbox.store({ ...order, grand_total: 8.95 }, 'offline-1');
    net.online = true;
    net.total = 16.94;
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0, repriced: 1 });
    expect((await store.get('offline-1'))?.state).toBe('repriced');
    expect(await outbox.reconfirm('offline-1', 16.94)).toBe(true);
    expect(await store.get('offline-1')).toMatchObject({ state: 'queued', repriced: null, body: { grand_total: 16.94 } });
    expect(await outbox.sendQueued()).toMatchObject({ sent: 1 });
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0 });
    expect(placed.size).toBe(1);
    expect(bodies.map((b) => [b.order_id, b.grand_total, (b.personalDetails as Record<string, unknown>).password])).toEqual([
      ['offline-1', 8.95, 'Secret-123'],
      ['offline-1', 16.94, 'Secret-123'],
    ]);
    // Sent: nothing is left to confirm.
    expect(await outbox.reconfirm('offline-1', 16.94)).toBe(false);
  });

  it('is refused again, and waits again, when the price moved once more before the confirmation arrived', async () => {
    const { outbox, net, store, placed } = setup();
    net.total = 16.94;
    await outbox.store({ ...order, grand_total: 8.95 }, 'o-1');
    await outbox.sendQueued();
    net.total = 20.5;
    await outbox.reconfirm('o-1', 16.94);
    expect(await outbox.sendQueued()).toMatchObject({ sent: 0, repriced: 1 });
    expect(await store.get('o-1')).toMatchObject({ state: 'repriced', repriced: { grand_total: 20.5, confirmed_grand_total: 16.94 } });
    expect(placed.size).toBe(0);
  });

  it('stays an unknown outcome (queued, retried with the same id) on a 5xx, a 429 or a 409 without the price-changed reason', async () => {
    const { place, outbox, net, store } = setup();
    net.status = 503;
    expect((await place({ ...order, grand_total: 8.95 }, 'o-1')).outcome).toBe('queued');
    net.status = 429;
    expect(await outbox.sendQueued()).toMatchObject({ waiting: 1, repriced: 0 });
    expect((await store.get('o-1'))?.state).toBe('queued');
    net.status = 409;
    net.message = ORDER_MESSAGES.priceChanged;
    net.meta = { reason: 'something-else' };
    expect(await outbox.sendQueued()).toMatchObject({ rejected: 1, repriced: 0 });
  });

  it('is dropped from the review step (its lines went back to the cart) and can be cancelled like any waiting order', async () => {
    const { outbox, net, store, place } = setup();
    net.total = 16.94;
    await place({ ...order, grand_total: 8.95 }, 'press-1');
    await outbox.dropRepriced('press-1');
    expect(await store.get('press-1')).toBeNull();
    net.online = false;
    await outbox.store({ ...order, grand_total: 8.95 }, 'offline-1');
    net.online = true;
    await outbox.sendQueued();
    expect((await store.get('offline-1'))?.state).toBe('repriced');
    expect(await outbox.cancelQueued()).toEqual({ removed: 1, placed: 0, unknown: 0 });
    expect(store.all()).toEqual([]);
  });
});
