import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_MISSING } from '../../server/http/owner-only';
import { METRICS_REFUSED } from '../../server/ops/metrics-route';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, saleableSkus } from '../reliability/helpers/shop-fixtures';
import { parseMetrics, sample, type Sample } from './metrics-text';

/** GET /metrics: the Prometheus text for an admin token with the metrics scope, figures that follow the shop's traffic. */
let server: TestServer;
let owner: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  owner = { authorization: `Bearer ${server.ctx.adminToken}` };
});
afterAll(async () => {
  await server?.close();
});

async function scrape(): Promise<Sample[]> {
  const reply = await fetch(`${server.url}/metrics`, { headers: owner });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await reply.text());
}

const catalogQuery = () => fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ size: 2 }) }).then((r) => r.arrayBuffer());

describe('GET /metrics', () => {
  it('refuses no token (401), a stranger (403) and an admin token without the metrics scope (403)', async () => {
    expect(await (await fetch(`${server.url}/metrics`)).json()).toEqual({ code: 401, result: ADMIN_TOKEN_MISSING });
    const stranger = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer fxa_guess' } });
    expect([stranger.status, await stranger.json()]).toEqual([403, { code: 403, result: METRICS_REFUSED }]);
    const made = await server.request<{ token: string }>('POST', '/api/admin/tokens', { name: 'orders only', scopes: ['orders:read'] }, owner);
    const narrow = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${made.body.result.token}` } });
    expect(narrow.status).toBe(403);
    const scoped = await server.request<{ token: string }>('POST', '/api/admin/tokens', { name: 'prometheus', scopes: ['metrics'] }, owner);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${scoped.body.result.token}` } })).status).toBe(200);
  });

  it('counts requests by route and status with latency histograms, labelled with the process', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const count = (samples: Sample[]) => sample(samples, 'http_requests_total', health) ?? 0;
    for (let i = 0; i < 3; i++) await server.request('GET', '/api/health');
    await server.request('GET', '/api/order/no-such-order');
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_count', health)! - (sample(before, 'http_request_duration_seconds_count', health) ?? 0)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(count(after));
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/api/order/:orderId', status: '404' })).toBeGreaterThanOrEqual(1);
    const labelled = after.find((s) => s.name === 'http_requests_total')!;
    expect(labelled.labels).toMatchObject({ pid: String(process.pid), worker: '0' });
  });

  it('reports orders, the outboxes, change streams, cache hit ratios, the catalogue sequence, event-loop delay and memory', async () => {
    const [sku] = await saleableSkus(server, 1);
    const ordersBefore = (await scrape()).filter((s) => s.name === 'shop_orders').reduce((sum, s) => sum + s.value, 0);
    await placeOrder(server, orderPayload(`metrics-order-${Date.now()}`, [sku!], 'metrics.buyer@example.com'));
    for (let i = 0; i < 2; i++) await catalogQuery();
    for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/about-us`)).arrayBuffer();
    const stream = new AbortController();
    await fetch(`${server.url}/api/catalog/stream`, { signal: stream.signal });
    try {
      const samples = await scrape();
      expect(samples.filter((s) => s.name === 'shop_orders').reduce((sum, s) => sum + s.value, 0)).toBe(ordersBefore + 1);
      expect(sample(samples, 'shop_webhook_deliveries', { state: 'pending' })).toBe(0);
      expect(sample(samples, 'shop_webhook_deliveries', { state: 'failed' })).toBe(0);
      const [unsent] = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null');
      expect(sample(samples, 'shop_mail_outbox', { state: 'unsent' })).toBe(unsent!.n);
      expect(sample(samples, 'shop_change_streams')).toBe(1);
      expect(sample(samples, 'shop_reply_cache_hits_total')).toBeGreaterThanOrEqual(1);
      expect(sample(samples, 'shop_reply_cache_hit_ratio')).toBeGreaterThan(0);
      expect(sample(samples, 'shop_page_cache_hits_total')).toBeGreaterThanOrEqual(1);
      expect(sample(samples, 'shop_page_cache_hit_ratio')).toBeGreaterThan(0);
      expect(sample(samples, 'shop_catalog_seq')).toBe(server.ctx.catalog.seq);
      expect(sample(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
      expect(sample(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
      expect(sample(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    } finally {
      stream.abort();
    }
  });
});
