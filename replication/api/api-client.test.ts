import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { MESSAGES, NetworkError, ResponseFormatError } from './api-errors';
import type { TokenStore } from './api-types';

const json = (code: number, result: unknown, meta?: object) =>
  new Response(JSON.stringify({ code, result, ...(meta ? { meta } : {}) }), { status: code, headers: { 'content-type': 'application/json; charset=utf-8' } });

function memoryTokens(token: string | null = 'access-1', refreshToken: string | null = 'refresh-1') {
  const state = { token, refreshToken };
  const store: TokenStore = { read: async () => ({ ...state }), write: async (t, r) => void Object.assign(state, { token: t, refreshToken: r }) };
  return { state, store };
}

/** A fake API whose access tokens are valid until `expire()`; refresh rotates both tokens. */
function fakeAuthServer() {
  let valid = 'access-1';
  let refresh = 'refresh-1';
  let n = 1;
  const calls: string[] = [];
  let refreshWorks = true;
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    calls.push(url.pathname);
    if (url.pathname === '/api/user/refresh') {
      const body = JSON.parse(init?.body as string) as { refreshToken: string };
      if (!refreshWorks || body.refreshToken !== refresh) return json(401, 'Invalid refresh token provided');
      n++;
      valid = `access-${n}`;
      refresh = `refresh-${n}`;
      return json(200, valid, { refreshToken: refresh });
    }
    const auth = new Headers(init?.headers).get('authorization');
    if (auth && auth !== `Bearer ${valid}`) return json(401, MESSAGES.notAuthorized);
    return json(200, { path: url.pathname, search: url.search, auth });
  });
  return {
    fetch: fetchFn as unknown as typeof fetch,
    calls,
    expire: () => void (valid = `expired-${n}`),
    refuseRefresh: () => void (refreshWorks = false),
  };
}

describe('createApiClient', () => {
  it('sends the token as a bearer header, or in the query when configured, and appends storeCode', async () => {
    const server = fakeAuthServer();
    const { store } = memoryTokens();
    const header = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store, storeCode: 'de' });
    const reply = await header.request<{ search: string; auth: string }>('/api/cart/pull', { query: { cartId: 'c1' } });
    expect(reply.result.auth).toBe('Bearer access-1');
    expect(reply.result.search).toBe('?cartId=c1&storeCode=de');
    const query = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store, tokenInQuery: true });
    expect((await query.request<{ search: string; auth: string | null }>('/api/user/me')).result).toMatchObject({ search: '?token=access-1', auth: null });
    const guest = await header.request<{ auth: string | null }>('/api/catalog/changes', { auth: false });
    expect(guest.result.auth).toBeNull();
  });

  it('names the browser database (X-Device-Id) on requests that change something, not on reads', async () => {
    const seen: (string | null)[] = [];
    const fetchFn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('x-device-id'));
      return json(200, true);
    });
    const client = createApiClient({ baseUrl: 'http://shop.test', fetch: fetchFn as unknown as typeof fetch, deviceId: async () => 'device-7' });
    await client.request('/api/cart/pull', { query: { cartId: 'c1' }, auth: false });
    await client.request('/api/cart/apply', { method: 'POST', query: { cartId: 'c1' }, body: { ops: [] }, auth: false });
    expect(seen).toEqual([null, 'device-7']);
  });

  it('refuses a reply that is not JSON with the spec message', async () => {
    const html = vi.fn(async () => new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: html as unknown as typeof fetch });
    await expect(api.request('/api/cart/pull')).rejects.toThrow(new ResponseFormatError('Error with response - bad content-type!', 200));
  });

  it('turns a failed fetch into a NetworkError that knows a missing host', async () => {
    const dns = vi.fn(async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND shop.test'), { code: 'ENOTFOUND' }) });
    });
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: dns as unknown as typeof fetch });
    const error = await api.request('/api/cart/pull').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).hostNotFound).toBe(true);
  });

  it('refreshes an expired token once, retries, and stays logged in through 10 expiries in a row', async () => {
    const server = fakeAuthServer();
    const { state, store } = memoryTokens();
    const onAuthFailure = vi.fn(async () => undefined);
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store, onAuthFailure });
    for (let i = 0; i < 10; i++) {
      server.expire();
      const reply = await api.request('/api/user/me');
      expect(reply.code).toBe(200);
    }
    expect(server.calls.filter((p) => p === '/api/user/refresh')).toHaveLength(10);
    expect(state).toEqual({ token: 'access-11', refreshToken: 'refresh-11' });
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it('holds other requests while one refresh runs; they retry after the 1 s lock wait', async () => {
    const server = fakeAuthServer();
    const { store } = memoryTokens();
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store });
    server.expire();
    const started = Date.now();
    const replies = await Promise.all(Array.from({ length: 5 }, () => api.request('/api/user/me')));
    expect(replies.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(server.calls.filter((p) => p === '/api/user/refresh')).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('on a refused refresh logs out silently and answers 401 not authorized', async () => {
    const server = fakeAuthServer();
    const { store } = memoryTokens();
    const onAuthFailure = vi.fn(async () => undefined);
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store, onAuthFailure, lockRetryMs: 10 });
    server.expire();
    server.refuseRefresh();
    const reply = await api.request('/api/user/me');
    expect(reply).toEqual({ code: 401, result: 'User is not authorized to access the resource' });
    expect(onAuthFailure).toHaveBeenCalledExactlyOnceWith('refused');
  });

  it('sends a request again without the token when the shopper signed out while it was on its way, instead of a made-up 401 and the sign-up modal', async () => {
    const server = fakeAuthServer();
    const { state, store } = memoryTokens();
    const onAuthFailure = vi.fn(async () => undefined);
    // The shopper signs out while the request travels; the server answers the old, expired token with a 401.
    const signOutInFlight = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (new Headers(init?.headers).has('authorization')) Object.assign(state, { token: null, refreshToken: null });
      return server.fetch(input, init);
    });
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: signOutInFlight as unknown as typeof fetch, tokens: store, onAuthFailure, lockRetryMs: 10 });
    server.expire();
    const reply = await api.request<{ auth: string | null }>('/api/stock/check', { query: { sku: 'FLT-WASHER' } });
    expect(reply.code).toBe(200);
    expect(reply.result.auth).toBeNull();
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(server.calls).toEqual(['/api/stock/check', '/api/stock/check']);
  });

  it('with auto-refresh off a 401 logs out straight away', async () => {
    const server = fakeAuthServer();
    const { store } = memoryTokens();
    const onAuthFailure = vi.fn(async () => undefined);
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, tokens: store, onAuthFailure, autoRefreshTokens: false });
    server.expire();
    expect((await api.request('/api/user/me')).code).toBe(401);
    expect(onAuthFailure).toHaveBeenCalledWith('no-refresh');
    expect(server.calls).not.toContain('/api/user/refresh');
  });

  it('keeps the shopper logged in when the refresh cannot reach the server', async () => {
    const { store, state } = memoryTokens();
    const onAuthFailure = vi.fn(async () => undefined);
    const offlineRefresh = vi.fn(async (input: string | URL | Request) => {
      if ((input instanceof Request ? input.url : input.toString()).includes('/refresh')) throw new TypeError('fetch failed');
      return json(401, MESSAGES.notAuthorized);
    });
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: offlineRefresh as unknown as typeof fetch, tokens: store, onAuthFailure });
    await expect(api.request('/api/user/me')).rejects.toBeInstanceOf(NetworkError);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(state.token).toBe('access-1');
  });
});
