import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { freePort, spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import { waitUntil } from '../helpers/wait-until';
import { orderPayload } from '../reliability/helpers/shop-fixtures';
import { parseMetrics, sample } from './metrics-text';
import { startReceiver, type Receiver } from './webhooks-receiver';
import { scaled } from '../helpers/time-limits';

/**
 * SIGTERM to the real server while guest orders stream in, a change stream is open and a webhook
 * delivery is held open by its receiver: the process finishes what it has, ends the stream with a
 * retry hint, hands the delivery back and closes the database; the next start on the same folder
 * serves at once, and nothing answered 200 is lost.
 */
const ADMIN_TOKEN = 'graceful-shutdown-owner';
const SKU = 'SHUTDOWN-ANCHOR-1';
const GRACE_MS = 5000;
/** Far longer than the test: a delivery sent again before it ran out was handed back, not expired. */
const LEASE_MS = 120_000;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** What a client may see from a process that stops: a refused or closed connection, which it retries. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

const servers: ServerProcess[] = [];
const dirs: string[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await receiver?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

type Outcome = { orderId: string; body: string; status: number } | { orderId: string; body: string; error: string };

const errorCode = (error: unknown): string => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : String(error);
};

function post(url: string, body: string): Promise<{ status: number } | { error: string }> {
  return fetch(`${url}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(20_000) }).then(
    async (r) => ({ status: (await r.arrayBuffer(), r.status) }),
    (error: unknown) => ({ error: errorCode(error) }),
  );
}

/** Guest orders, `lanes` at a time, each lane until its requests fail to connect. */
function orderStream(url: string, lanes: number) {
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async () => {
    for (;;) {
      const n = next++;
      const orderId = `shutdown-stream-${n}`;
      const body = JSON.stringify(orderPayload(orderId, [SKU], `shutdown.${n}@example.com`));
      const outcome = await post(url, body);
      outcomes.push({ orderId, body, ...outcome });
      if ('error' in outcome) return;
    }
  };
  return { outcomes, done: Promise.all(Array.from({ length: lanes }, lane)) };
}

describe.skipIf(Boolean(testDatabaseUrl))('SIGTERM (embedded database)', () => {
  it('loses no order answered 200, answers or cleanly refuses the rest, ends streams with a retry hint, hands back the webhook lease; the next start serves at once', async () => {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'shutdown-'));
    dirs.push(dataDir);
    receiver = await startReceiver();
    const metricsPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '50',
      ADMIN_TOKEN,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      METRICS_PORT: String(metricsPort),
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_TIMEOUT_MS: '60000',
      WEBHOOK_LEASE_MS: String(LEASE_MS),
      WEBHOOK_POLL_MS: '500',
    };
    const first = await spawnServer(env);
    servers.push(first);
    const product = { id: 997_001, sku: SKU, name: 'Shutdown Sleeve Anchor M10', slug: 'shutdown-anchor', type_id: 'simple', status: 1, visibility: 4, price: 4.5, tax_class_id: 2, stock: { is_in_stock: true, qty: 1_000_000, manage_stock: true } };
    const imported = await fetch(`${first.url}/api/catalog/import`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ products: [product] }) });
    expect(imported.status, await imported.text()).toBe(200);
    const endpoint = await fetch(`${first.url}/api/admin/webhooks`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url, event_types: ['order.placed'] }) });
    expect(endpoint.status).toBe(200);
    // The first delivery is held open by the receiver until the process stops; the rest are acknowledged.
    receiver.plan(['hang'], 'ok');

    // The change stream, read to its end.
    const stream = await fetch(`${first.url}/api/catalog/stream`);
    const streamText = stream.text();

    const orders = orderStream(first.url, 4);
    await waitUntil(() => orders.outcomes.filter((o) => 'status' in o && o.status === 200).length >= 20, 30_000, '20 orders answered 200');
    await receiver.waitFor('a delivery held open', () => receiver!.requests.length > 0);
    const held = receiver.requests[0]!;

    // METRICS_PORT answers without a token while the process serves.
    const metrics = parseMetrics(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    expect(sample(metrics, 'http_requests_total', { route: '/api/order', status: '200' })).toBeGreaterThanOrEqual(20);
    expect(sample(metrics, 'shop_change_streams')).toBe(1);

    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const stoppedMs = Date.now() - signalled;
    await orders.done;

    // The stream ended (not cut) with a hint to reconnect soon.
    expect(await streamText).toMatch(/retry: \d+\n\n$/);
    expect(stoppedMs).toBeLessThan(GRACE_MS);
    // Closed cleanly: the file naming the running server is gone.
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);

    const answered = orders.outcomes.filter((o): o is Extract<Outcome, { status: number }> => 'status' in o);
    const failed = orders.outcomes.filter((o): o is Extract<Outcome, { error: string }> => 'error' in o);
    expect(answered.filter((o) => o.status !== 200)).toEqual([]);
    expect(failed.filter((o) => !CONNECTION_ERRORS.has(o.error))).toEqual([]);

    // The held delivery was handed back: no claim left, due now rather than when the lease runs out.
    const db = await openPgliteDatabase(path.join(dataDir, 'pg'));
    try {
      const claimed = await db.query<{ event_id: string; due_now: boolean }>('select event_id, next_attempt_at <= now() as due_now from webhook_deliveries where claim_id is not null or event_id = $1', [held.id]);
      expect(claimed).toEqual([{ event_id: held.id, due_now: true }]);
    } finally {
      await db.close();
    }

    // The next start on the same folder serves at once and is ready.
    const restarted = Date.now();
    const second = await spawnServer(env);
    servers.push(second);
    expect((await fetch(`${second.url}/api/ready`)).status).toBe(200);
    const startMs = Date.now() - restarted;

    for (const order of answered) expect((await fetch(`${second.url}/api/admin/orders/${order.orderId}`, { headers: admin })).status, order.orderId).toBe(200);
    // A client retries what failed to connect, with the same order id: placed once, whether or not the first try reached the shop.
    for (const order of failed) expect(await post(second.url, order.body), order.orderId).toEqual({ status: 200 });
    const listed = (await (await fetch(`${second.url}/api/admin/orders`, { headers: admin })).json()) as { result: { total_count: number } };
    expect(listed.result.total_count).toBe(new Set(orders.outcomes.map((o) => o.orderId)).size);

    // The handed-back delivery is sent again by the new process well before its lease would have run out.
    await receiver.waitFor('the held event acknowledged after the restart', () => receiver!.acknowledgedIds().includes(held.id), 30_000);
    expect(Date.now() - restarted).toBeLessThan(LEASE_MS / 2);
    console.info(`orders answered 200: ${answered.length}, connection errors retried: ${failed.length} (${[...new Set(failed.map((f) => f.error))].join(', ')}), stopped in ${stoppedMs} ms, restarted and ready in ${startMs} ms`);
  }, scaled(240_000));
});
