import { describe, expect, it } from 'vitest';
import { MESSAGES, UnknownOutcomeError } from '../api/api-errors';
import { cartSyncSetup, newLine } from '../../tests/doubles/cart/cart-test-setup';
import type { Fault } from '../../tests/doubles/cart/fake-cart-server';

const UNKNOWN: [string, Fault][] = [
  ['a 500', { status: 500 }],
  ['a 503', { status: 503 }],
  ['a 429', { status: 429 }],
  ["a proxy's HTML 502", 'html-502'],
  ['a time-out', 'hang'],
  ['no reply', 'network'],
  ['a lost reply', 'lost-reply'],
];

/** A guest page whose cart holds A×2, confirmed by the server. */
async function syncedGuest() {
  const page = cartSyncSetup();
  page.add(newLine('A', 2));
  await page.sync.sync();
  expect(page.onServer()).toEqual({ A: 2 });
  return page;
}

describe('an unknown outcome on POST /api/cart/update (DESIGN "Faults and exactly-once")', () => {
  it.each(UNKNOWN)('after %s a new line stays, is reported, and the next sync sends it', async (_, fault) => {
    const page = await syncedGuest();
    page.add(newLine('B', 3, 2));
    page.server.fail('/api/cart/update', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.local()).toEqual({ A: 2, B: 3 });
    expect(page.store.current().itemsHash).toBeNull();
    expect(page.notices).toEqual([]);
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 2, B: 3 });
    expect(page.store.current().itemsHash).not.toBeNull();
  });

  it.each(UNKNOWN)('after %s a changed quantity is kept, not reverted, and sent again', async (_, fault) => {
    const page = await syncedGuest();
    await page.setQty('A', 5);
    page.server.fail('/api/cart/apply', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.local()).toEqual({ A: 5 });
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 5 });
  });

  it('401 and 404 on update are not refusals of the line: a fresh pull, then the line goes again', async () => {
    const page = await syncedGuest();
    page.add(newLine('B', 1, 2));
    page.server.fail('/api/cart/update', { status: 401 });
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 2, B: 1 });
    page.add(newLine('C', 1, 3));
    page.server.fail('/api/cart/update', { status: 404, result: 'No such entity with cartItemId = 1' });
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 2, B: 1, C: 1 });
    expect(page.local()).toEqual({ A: 2, B: 1, C: 1 });
    expect(page.notices).toEqual([]);
  });

  it('a cart converted while a line was on its way: a new cart gets every line', async () => {
    const page = await syncedGuest();
    const old = page.store.current().token!;
    page.add(newLine('B', 1, 2));
    page.server.onRequest = (path) => void (path === '/api/cart/update' && (page.server.carts.get(old)!.converted = true));
    await page.sync.sync();
    page.server.onRequest = null;
    expect(page.store.current().token).not.toBe(old);
    expect(page.onServer()).toEqual({ A: 2, B: 1 });
  });

  it('only a refusal removes a new line or restores the confirmed quantity, with the server message', async () => {
    const page = await syncedGuest();
    page.server.stock.set('A', 4);
    page.server.stock.set('B', 0);
    await page.setQty('A', 9);
    page.add(newLine('B', 1, 2));
    await page.sync.sync();
    expect(page.local()).toEqual({ A: 2 });
    expect(page.notices).toEqual(['Only 4 products of this type are available.', 'Only 0 products of this type are available.']);
  });
});

describe('cart creation', () => {
  it.each(UNKNOWN)('after %s it is retried with the same idempotency key, and sync stays enabled', async (_, fault) => {
    const page = cartSyncSetup();
    page.add(newLine('A', 1));
    page.server.fail('/api/cart/create', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    const creates = page.server.requests.filter((r) => r.path === '/api/cart/create');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    expect(page.onServer()).toEqual({ A: 1 });
    // A lost reply's retry got the cart the server had made: no second guest cart.
    expect([...page.server.carts.keys()]).toHaveLength(1);
    expect(page.store.current().connectRequest).toBeNull();
  });

  it('an explicit refusal disables the sync for the page session', async () => {
    const page = cartSyncSetup();
    page.add(newLine('A', 1));
    page.server.fail('/api/cart/create', { status: 400, result: 'No carts today' });
    await page.sync.sync();
    await page.sync.sync();
    expect(page.server.requests.filter((r) => r.path === '/api/cart/create')).toHaveLength(1);
  });
});

describe('an unknown outcome on POST /api/cart/apply', () => {
  it.each(UNKNOWN)('after %s a removal is kept and still reaches the server, once', async (_, fault) => {
    const page = await syncedGuest();
    await page.remove('A');
    page.server.fail('/api/cart/apply', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.local()).toEqual({});
    await page.sync.sync();
    expect(page.onServer()).toEqual({});
    expect(page.store.current().pendingOps).toEqual([]);
  });

  it.each(UNKNOWN)('after %s an added box is sent again under the same id, so it counts once', async (_, fault) => {
    const page = await syncedGuest();
    await page.addMore(newLine('A', 1), 1);
    page.server.fail('/api/cart/apply', fault);
    await expect(page.sync.sync()).rejects.toBeInstanceOf(UnknownOutcomeError);
    await page.sync.sync();
    expect(page.onServer()).toEqual({ A: 3 });
    expect(page.local()).toEqual({ A: 3 });
    const sent = page.server.requests.filter((r) => r.path === '/api/cart/apply').map((r) => (r.body as { ops: { op_id: string }[] }).ops[0]!.op_id);
    expect(new Set(sent).size).toBe(1);
  });
});

describe('an unknown outcome on GET /api/cart/pull', () => {
  it.each(UNKNOWN)("after %s the next pull still brings another device's line", async (_, fault) => {
    const page = await syncedGuest();
    page.server.put(page.store.current().token!, 'B', 4);
    page.server.fail('/api/cart/pull', fault);
    await expect(page.sync.sync({ pull: true })).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(page.local()).toEqual({ A: 2 });
    await page.sync.sync({ pull: true });
    expect(page.local()).toEqual({ A: 2, B: 4 });
  });
});

describe('coupons', () => {
  it('an unknown outcome is neither a success nor a refusal: the network message', async () => {
    const page = await syncedGuest();
    page.server.fail('/api/cart/apply-coupon', { status: 503 });
    expect(await page.sync.applyCoupon('GOOD')).toBe(MESSAGES.network);
    expect(await page.sync.applyCoupon('NOPE')).toBe("You've entered an incorrect coupon code");
    expect(await page.sync.applyCoupon('GOOD')).toBe(true);
    expect(page.store.current().coupon?.code).toBe('GOOD');
    page.server.fail('/api/cart/delete-coupon', 'html-502');
    expect(await page.sync.removeCoupon()).toBe(MESSAGES.network);
    expect(page.store.current().coupon?.code).toBe('GOOD');
    expect(await page.sync.removeCoupon()).toBe(true);
    expect(page.store.current().coupon).toBeNull();
  });
});
