import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../replication/api/api-client';
import { openTestDatabase } from '../../../tests/doubles/test-database';
import type { ShopDatabase } from '../database-types';
import { DEFAULT_SESSION } from '../../../schemas/rx/local-documents';
import type { PendingCartOp } from '../../../schemas/rx/local-documents';
import { LOCAL, modifyLocal, readLocal, writeLocal } from '../local-state';
import { loadProfile, sessionTokenStore, signIn, signOut } from './session';

let db: ShopDatabase;
afterEach(async () => db?.close());

const json = { 'content-type': 'application/json; charset=utf-8' };

/** A server that answers the first login with a 429 asking for a 20-second wait, and every later request as usual. */
function serverLimitingOneLogin() {
  let logins = 0;
  const fetchFn = vi.fn(async (input: string | URL | Request) => {
    const path = new URL(input instanceof Request ? input.url : input.toString()).pathname;
    if (path === '/api/user/login') logins++;
    if (path === '/api/user/login' && logins === 1) return new Response(JSON.stringify({ code: 429, result: 'Too many requests. Try again in 20 seconds.' }), { status: 429, headers: { ...json, 'retry-after': '20' } });
    if (path === '/api/user/login') return new Response(JSON.stringify({ code: 200, result: 'access-token', meta: { refreshToken: 'refresh-token' } }), { headers: json });
    return new Response(JSON.stringify({ code: 200, result: { id: 7, email: 'wait@example.com', group_id: 1 } }), { headers: json });
  });
  return { fetch: fetchFn as unknown as typeof fetch, logins: () => logins };
}

describe('signing in when the server asked to wait', () => {
  it('tells how long the wait is, counting down, and that a press before it is over did not reach the server', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    let now = 1_000_000;
    const server = serverLimitingOneLogin();
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: sessionTokenStore(db), now: () => now });

    expect(await signIn(db, api, 'wait@example.com', 'pass')).toEqual({ ok: false, message: 'Too many requests. Try again in 20 seconds.', retryAfterMs: 20_000 });
    now += 12_500;
    // The same refusal, answered on the device: the wait it names is what is left, not the first 20 s.
    expect(await signIn(db, api, 'wait@example.com', 'pass')).toEqual({ ok: false, message: 'Too many requests. Try again in 8 seconds.', retryAfterMs: 7_500 });
    expect(server.logins(), 'the early press was answered on the device').toBe(1);

    now += 7_500;
    expect(await signIn(db, api, 'wait@example.com', 'pass')).toEqual({ ok: true });
    expect((await readLocal(db, LOCAL.session)).token).toBe('access-token');
  });

  it('a refusal without a wait (a wrong password) names none', async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    const refusing = (async () => new Response(JSON.stringify({ code: 401, result: 'You did not sign in correctly or your account is temporarily disabled.' }), { status: 401, headers: json })) as unknown as typeof fetch;
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: refusing, tokens: sessionTokenStore(db) });
    expect(await signIn(db, api, 'wait@example.com', 'wrong')).toEqual({ ok: false, message: 'You did not sign in correctly or your account is temporarily disabled.' });
  });
});

describe('a profile read that answers after the session changed', () => {
  it("is not stored as the next customer's: another sign-in came while it was on its way", async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await writeLocal(db, LOCAL.session, { ...DEFAULT_SESSION, token: 'token-a', refreshToken: 'refresh-a', sessionStartedAt: 1 });
    let answer: (reply: Response) => void = () => undefined;
    const asked = new Promise<void>((askedNow) => {
      const slowMe = (() =>
        new Promise<Response>((resolve) => {
          answer = resolve;
          askedNow();
        })) as unknown as typeof fetch;
      void loadProfile(db, createApiClient({ baseUrl: 'http://shop.test', fetch: slowMe, tokens: sessionTokenStore(db) })).then((profile) => (loaded = profile));
    });
    let loaded: unknown = 'not yet';
    await asked;
    // Customer B signs in on the same device while A's profile is on its way.
    await writeLocal(db, LOCAL.session, { ...DEFAULT_SESSION, token: 'token-b', refreshToken: 'refresh-b', sessionStartedAt: 2 });
    answer(new Response(JSON.stringify({ code: 200, result: { id: 7, email: 'a@example.com', group_id: 1 } }), { headers: json }));
    await vi.waitFor(() => expect(loaded).not.toBe('not yet'));
    expect(loaded).toBeNull();
    expect(await readLocal(db, LOCAL.currentUser)).toBeNull();
  });
});

describe('signing in over a session on the device', () => {
  /** A shop whose profile read waits until `answer()`: what the device shows meanwhile is what is checked. */
  function signingIn(email: string) {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchFn = async (input: string | URL | Request) => {
      const path = new URL(input instanceof Request ? input.url : input.toString()).pathname;
      if (path === '/api/user/login') return new Response(JSON.stringify({ code: 200, result: `token-of-${email}`, meta: { refreshToken: 'refresh' } }), { headers: json });
      await answered;
      return new Response(JSON.stringify({ code: 200, result: { id: email, email, firstname: email } }), { headers: json });
    };
    return { api: createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn, tokens: sessionTokenStore(db) }), answer: () => answer() };
  }

  it("drops another customer's profile at once, and keeps the customer's own (a sign-in again after a password change)", async () => {
    db = await openTestDatabase({ collections: ['cart'] });
    await writeLocal(db, LOCAL.session, { ...DEFAULT_SESSION, token: 'token-a', refreshToken: 'refresh-a', sessionStartedAt: 1 });
    await writeLocal(db, LOCAL.currentUser, { id: 7, email: 'Ann@Example.com', firstname: 'Ann' });

    const ann = signingIn('ann@example.com');
    const annSignedIn = signIn(db, ann.api, 'ann@example.com', 'new-pass');
    await vi.waitFor(async () => expect((await readLocal(db, LOCAL.session)).token).toBe('token-of-ann@example.com'));
    expect((await readLocal(db, LOCAL.currentUser))?.firstname).toBe('Ann');
    ann.answer();
    await annSignedIn;

    const bob = signingIn('bob@example.com');
    const bobSignedIn = signIn(db, bob.api, 'bob@example.com', 'pass');
    await vi.waitFor(async () => expect((await readLocal(db, LOCAL.session)).token).toBe('token-of-bob@example.com'));
    expect(await readLocal(db, LOCAL.currentUser)).toBeNull();
    bob.answer();
    await bobSignedIn;
    expect((await readLocal(db, LOCAL.currentUser))?.email).toBe('bob@example.com');
  });
});

describe('signing out while an order waits', () => {
  it('keeps the login merge adds the order counts on, for its cart, and no others (seed 1240000296)', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders'] });
    const mergeAdd = (opId: string, sku: string): PendingCartOp => ({ op_id: opId, type: 'add', key: `${sku}|x`, sku, product_option: null, qty: 1 });
    await modifyLocal(db, LOCAL.cartState, (s) => ({
      ...s,
      token: 'c1',
      customerCart: true,
      mergePending: true,
      mergeAdds: [
        { cartId: 'c1', key: 'WASHER|x', ops: [mergeAdd('merge-washer', 'WASHER')], lineQty: 1 },
        { cartId: 'c1', key: 'NUT|x', ops: [mergeAdd('merge-nut', 'NUT')], lineQty: 1 },
      ],
    }));
    const body = { order_id: 'o1', cart_id: 'c1', products: [{ sku: 'WASHER', qty: 1, cart_line: { confirmed_qty: 0, unconfirmed: [{ op_id: 'merge-washer', qty: 1 }] } }] };
    await db.orders.insert({ order_id: 'o1', state: 'queued', transmited: false, transmited_at: null, attempts: 0, body, result: null, error: null, lines_taken: true, created_at: 1, updated_at: 1 });
    await signOut(db, { silent: true });
    const state = await readLocal(db, LOCAL.cartState);
    // The washer's add goes before the order after the next sign-in; the nut's was the merge's own.
    expect(state.opsForWaitingOrders).toEqual([{ ...mergeAdd('merge-washer', 'WASHER'), cartId: 'c1' }]);
    expect(state.mergeAdds).toEqual([]);
  });

  it('keeps the lines removed while the login merge was pending as removals for the customer cart, and no line the merge had not summed (seed 1260000891)', async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders'] });
    await db.cart.insert({ id: 'NUT|x', sku: 'NUT', name: 'NUT', type_id: 'simple', qty: 3, checksum: 'x', product_option: {}, price_pence: 100, price_incl_tax_pence: 120, errors: {}, info: {}, added_at: 1, updated_at: 1 });
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: 'c1', customerCart: true, mergePending: true, removedWhileMerging: ['BOLT|x', 'NUT|x'] }));
    await signOut(db, { silent: true });
    // The bolts went; the nuts' quantity was set, and the device still holds them: not a removal.
    expect((await readLocal(db, LOCAL.cartState)).signedOutCart).toEqual({ cartId: 'c1', lines: [], removed: ['BOLT|x'] });
  });

  it("keeps the merge's unanswered add of a line an order naming no cart took, with the line's changes up to that take, for the merge's cart (seed 1270000121)", async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders'] });
    const op = (opId: string, type: PendingCartOp['type'], qty: number): PendingCartOp => ({ op_id: opId, type, key: 'SCREW|x', sku: 'SCREW', product_option: null, qty });
    await modifyLocal(db, LOCAL.cartState, (s) => ({
      ...s,
      token: 'c1',
      customerCart: true,
      mergePending: true,
      mergeAdds: [{ cartId: 'c1', key: 'SCREW|x', ops: [op('merge-screw', 'add', 2)], lineQty: 2 }],
      // The first order took the 2 merged screws, the shopper added one more, the second order took it.
      pendingOps: [op('take-1', 'take', 2), op('add-1', 'add', 1), op('take-2', 'take', 1)],
    }));
    await signOut(db, { silent: true });
    const state = await readLocal(db, LOCAL.cartState);
    expect(state.opsForWaitingOrders).toEqual([op('merge-screw', 'add', 2), op('take-1', 'take', 2), op('add-1', 'add', 1), op('take-2', 'take', 1)].map((change) => ({ ...change, cartId: 'c1' })));
  });

  it("keeps the takes of an order naming no cart for the customer cart an order converted under the device, which has no cart id yet (seed 1290000056)", async () => {
    db = await openTestDatabase({ collections: ['cart', 'orders'] });
    const op = (opId: string, type: PendingCartOp['type'], qty: number): PendingCartOp => ({ op_id: opId, type, key: 'ANCHOR|x', sku: 'ANCHOR', product_option: null, qty });
    await modifyLocal(db, LOCAL.cartState, (s) => ({ ...s, token: null, customerCart: false, convertedCustomerCart: 'c1', pendingOps: [op('add-1', 'add', 1), op('take-1', 'take', 3)] }));
    await signOut(db, { silent: true });
    expect((await readLocal(db, LOCAL.cartState)).opsForWaitingOrders).toEqual([op('add-1', 'add', 1), op('take-1', 'take', 3)].map((change) => ({ ...change, cartId: 'c1', forCustomerCart: true })));
  });
});
