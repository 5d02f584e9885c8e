import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { isUnknownReply } from './api-errors';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-after';

function limitedServer(retryAfter: string | null) {
  let limited = true;
  const fetchFn = vi.fn(async (input: string | URL | Request) => {
    const path = new URL(input instanceof Request ? input.url : input.toString()).pathname;
    const code = limited && path === '/api/order' ? 429 : 200;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (code === 429 && retryAfter !== null) headers['retry-after'] = retryAfter;
    return new Response(JSON.stringify({ code, result: code === 429 ? 'Too many requests. Try again in 30 seconds.' : true }), { status: code, headers });
  });
  return { fetch: fetchFn as unknown as typeof fetch, calls: fetchFn, open: () => void (limited = false) };
}

describe('the API client and Retry-After', () => {
  it('sends no retry of a request before the wait a 429 asked for, and answers it as the unknown outcome it was', async () => {
    let now = 1_000_000;
    const server = limitedServer('30');
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, now: () => now });
    const first = await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } });
    expect(first.code).toBe(429);
    expect(first.meta?.retryAfterMs).toBe(30_000);

    now += 29_000;
    const early = await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } });
    expect(isUnknownReply(early), 'a held retry is still "try later"').toBe(true);
    expect(early.meta?.retryAfterMs).toBe(1_000);
    expect(server.calls, 'the early retry never left the device').toHaveBeenCalledTimes(1);
    expect((await api.request('/api/cart/pull')).code, 'other requests are not held').toBe(200);

    server.open();
    now += 1_000;
    expect((await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } })).code).toBe(200);
    expect(server.calls).toHaveBeenCalledTimes(3);
  });

  it('tells how long until the first request waiting for a Retry-After may go again, and that one it held back is due once the wait is over', async () => {
    let now = 1_000_000;
    const server = limitedServer('30');
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch, now: () => now });
    expect(api.heldForMs?.()).toBeUndefined();
    await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } });
    now += 29_600;
    expect(api.heldForMs?.()).toBe(400);
    now += 400;
    expect(api.heldForMs?.(), 'no request was held back: nothing is due').toBeUndefined();

    await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } });
    now += 1_000;
    await api.request('/api/order', { method: 'POST', body: { order_id: 'a' } });
    now += 29_000;
    expect(api.heldForMs?.(), 'the retry held back is due now').toBe(0);
    expect(api.heldForMs?.(), 'told once').toBeUndefined();
    expect(server.calls).toHaveBeenCalledTimes(2);
  });

  it('holds nothing when the 429 names no wait', async () => {
    const server = limitedServer(null);
    const api = createApiClient({ baseUrl: 'http://shop.test', fetch: server.fetch });
    await api.request('/api/order', { method: 'POST', body: {} });
    await api.request('/api/order', { method: 'POST', body: {} });
    expect(server.calls).toHaveBeenCalledTimes(2);
  });

  it('reads seconds and HTTP dates, and caps a wait of days', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
