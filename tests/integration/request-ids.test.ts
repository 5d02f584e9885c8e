import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deliverQueuedMail } from '../../server/mail/send-mail';
import { parseAllowedHosts } from '../../server/webhooks/webhook-destination';
import type { WebhookSettings } from '../../server/webhooks/webhook-settings';
import { startSmtpRelay } from '../helpers/smtp-relay';
import { spawnServer } from '../helpers/spawn-server';
import { until } from '../helpers/wait-until';
import { TMP_ROOT } from '../helpers/test-config';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { orderPayload, placeOrder, saleableSkus } from '../reliability/helpers/shop-fixtures';
import { startReceiver, type Receiver } from './webhooks-receiver';

/** x-request-id: on every reply, kept from a client when well-formed, and carried by webhooks and mails. */
const FAST_WEBHOOKS: WebhookSettings = { retryBaseMs: 50, retryMaxMs: 200, retryForMs: 60_000, timeoutMs: 2000, leaseMs: 5000, pollMs: 200, allowedHosts: parseAllowedHosts('127.0.0.1') };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startTestServer({ webhooks: FAST_WEBHOOKS });
  receiver = await startReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('x-request-id on replies', () => {
  it("echoes a client's well-formed id and makes one otherwise, on JSON, error, 404, page and stream replies", async () => {
    const own = await server.request('GET', '/api/health', undefined, { 'x-request-id': 'client-trace.1:a_b' });
    expect(own.headers.get('x-request-id')).toBe('client-trace.1:a_b');
    for (const bad of ['has space', 'x'.repeat(129), 'a/b']) {
      const replaced = await server.request('GET', '/api/health', undefined, { 'x-request-id': bad });
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
    const ids = new Set<string | null>();
    for (const path of ['/api/health', '/api/health', '/api/no-such-route', '/api/user/me', '/', '/robots.txt']) {
      const reply = await fetch(server.url + path);
      await reply.arrayBuffer();
      expect(reply.headers.get('x-request-id'), path).toMatch(UUID);
      ids.add(reply.headers.get('x-request-id'));
    }
    expect(ids.size).toBe(6);
    const bad = await server.raw('POST', '/api/user/create', '{not json', { 'content-type': 'application/json', 'x-request-id': 'bad-body-1' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-request-id')).toBe('bad-body-1');

    const stream = new AbortController();
    const sse = await fetch(`${server.url}/api/catalog/stream`, { signal: stream.signal, headers: { 'x-request-id': 'stream-7' } });
    expect(sse.headers.get('content-type')).toMatch(/event-stream/);
    expect(sse.headers.get('x-request-id')).toBe('stream-7');
    stream.abort();
  });
});

describe('x-request-id in webhooks and mails', () => {
  it('the order request id is sent with the webhook delivery of its order.placed event', async () => {
    const endpoint = await server.request('POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.placed'] }, { authorization: `Bearer ${server.ctx.adminToken}` });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const [sku] = await saleableSkus(server, 1);
    const placed = await placeOrder(server, orderPayload(`request-id-order-${Date.now()}`, [sku!], 'request.id@example.com'), { 'x-request-id': 'order-req-123' });
    await receiver.waitFor('the order.placed delivery', () => receiver.requests.some((r) => r.body.includes(placed.order_id)));
    const delivery = receiver.requests.find((r) => r.body.includes(placed.order_id))!;
    expect(delivery.requestId).toBe('order-req-123');
    const [event] = await server.ctx.db.query<{ request_id: string | null }>("select request_id from webhook_events where data::text like '%' || $1 || '%'", [placed.order_id]);
    expect(event?.request_id).toBe('order-req-123');
  });

  it('a mail queued by a request stores its id, which goes into the mail headers', async () => {
    const email = `request.id.${Date.now()}@example.com`;
    const reply = await server.request('POST', '/api/user/create', { customer: { email, firstname: 'Rid', lastname: 'Lee' }, password: 'Sup3r-secret' });
    expect(reply.status).toBe(200);
    const reset = await server.request('POST', '/api/user/reset-password', { email }, { 'x-request-id': 'reset-mail-9' });
    expect(reset.status).toBe(200);
    const rows = await server.ctx.db.query<{ id: number; subject: string; request_id: string | null }>('select id, subject, request_id from mail_outbox where to_address = $1 order by id', [email]);
    expect(rows.at(-1)).toMatchObject({ subject: 'Reset your password', request_id: 'reset-mail-9' });
    // Sent later (a relay that was down when the request ran): the id comes from the row.
    const relay = await startSmtpRelay();
    try {
      expect(await deliverQueuedMail(server.ctx.db, { smtpUrl: relay.url(), mailFrom: 'shop@fixings.example' }, Number(rows.at(-1)!.id))).toBe(true);
      expect(relay.messages.at(-1)!.data).toMatch(/^X-Request-Id: reset-mail-9\r$/im);
    } finally {
      await relay.close();
    }
  });
});

describe('x-request-id in the logs', () => {
  it('every log line of a request carries its id as reqId', async () => {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'request-id-logs-'));
    const template = inject('pgliteTemplate');
    if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
    const shop = await spawnServer({ LOG_LEVEL: 'debug', DATA_DIR: dataDir });
    try {
      await (await fetch(`${shop.url}/api/health`, { headers: { 'x-request-id': 'log-line-trace-5' } })).arrayBuffer();
      // Fastify's "incoming request" and "request completed" at debug level, once the child has written them.
      const linesOfRequest = () => shop.output().split('\n').filter((line) => line.includes('log-line-trace-5'));
      const lines = await until('both log lines of the request', linesOfRequest, (found) => found.length >= 2, 5_000);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect((JSON.parse(line) as { reqId?: string }).reqId).toBe('log-line-trace-5');
    } finally {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
