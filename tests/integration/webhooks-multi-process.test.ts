import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { WebhookDelivery } from '../../schemas/api/webhooks';
import type { Database } from '../../server/db/database';
import { openPgliteDatabase } from '../../server/db/pglite-database';
import { openPostgresDatabase } from '../../server/db/postgres-database';
import { syncStockFromCatalog } from '../../server/stock/stock-sync';
import { spawnServer, type ServerProcess } from '../helpers/spawn-server';
import { TMP_ROOT, testDatabaseUrl } from '../helpers/test-config';
import type { TestServer } from '../helpers/test-server';
import { orderPayload, saleableSkus } from '../reliability/helpers/shop-fixtures';
import { startReceiver, type Receiver } from './webhooks-receiver';
import { until } from '../helpers/wait-until';

/**
 * Real server processes, killed with SIGKILL while a receiver holds a delivery open: the delivery is
 * sent again after its lease (by the other process on PostgreSQL, by the restarted one on PGlite),
 * the receiver sees the same webhook-id again and acknowledges it once. With two live processes on
 * one PostgreSQL, each event is sent by one of them only.
 */
const ADMIN_TOKEN = `webhooks-${randomBytes(8).toString('hex')}`;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** The lease (3 s) outlasts the time-out (2 s): a live process always records its outcome first. */
const WEBHOOK_ENV = { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_RETRY_MAX_MS: '500', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_LEASE_MS: '3000', WEBHOOK_POLL_MS: '500', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', ADMIN_TOKEN };

const processes: ServerProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  // A process ended by a signal has no exit code, and stop() would wait for an exit already past.
  const live = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  await Promise.all(live.map((p) => p.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function api<T>(base: string, method: string, urlPath: string, body?: unknown): Promise<T> {
  const headers = { ...(urlPath.startsWith('/api/admin/') ? admin : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(base + urlPath, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = (await response.json()) as { result: T };
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${JSON.stringify(reply)}`);
  return reply.result;
}

let seq = 0;
const placeOrder = (base: string, sku: string) => api<{ order_id: string }>(base, 'POST', '/api/order', orderPayload(`mp-webhook-${Date.now()}-${++seq}`, [sku], 'webhook.buyer@example.com'));
const orderIdOf = (body: string) => (JSON.parse(body) as { data: { order: { order_id: string } } }).data.order.order_id;
const deliveryOf = async (base: string, eventId: string) => (await api<{ items: WebhookDelivery[] }>(base, 'GET', `/api/admin/webhooks/deliveries?event_id=${eventId}`)).items[0];

async function startedReceiver(): Promise<Receiver> {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  return receiver;
}

/** The process whose claim holds the delivery of this event (claims name host/pid/uuid). */
async function claimingPid(db: Pick<Database, 'query'>, eventId: string): Promise<number> {
  const [row] = await db.query<{ claim_id: string | null }>('select claim_id from webhook_deliveries where event_id = $1', [eventId]);
  const pid = Number(row?.claim_id?.split('/')[1]);
  if (!Number.isInteger(pid)) throw new Error(`no claim on the delivery of ${eventId}: ${JSON.stringify(row)}`);
  return pid;
}

describe.skipIf(!testDatabaseUrl)('webhooks from two API processes on one PostgreSQL', () => {
  const schema = `whmp_${randomBytes(5).toString('hex')}`;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let receiver: Receiver;
  let skus: string[];
  let secret: string;

  it('starts two processes and an endpoint', async () => {
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'webhooks-mp-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });
    const env = { ...WEBHOOK_ENV, DATABASE_URL: testDatabaseUrl!, DATABASE_SCHEMA: schema, SEED_PRODUCTS: '200', DATA_DIR: dataDir };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    processes.push(a, b);
    db = await openPostgresDatabase(testDatabaseUrl!, schema);
    cleanups.push(() => db.close());
    skus = await saleableSkus({ ctx: { db } } as unknown as TestServer, 2);
    receiver = await startedReceiver();
    ({ secret } = await api<{ secret: string }>(a.url, 'POST', '/api/admin/webhooks', { url: receiver.url, event_types: ['order.placed'] }));
  });

  it('sends each event once in all while both live', async () => {
    receiver.plan([], 'slow');
    const placed = await Promise.all(Array.from({ length: 12 }, (_, i) => placeOrder(i % 2 === 0 ? a.url : b.url, skus[i % 2]!)));
    const wanted = new Set(placed.map((p) => p.order_id));
    await receiver.waitFor('all 12 orders acknowledged', () => new Set(receiver.requests.filter((r) => r.acknowledged).map((r) => orderIdOf(r.body))).size === 12);
    const mine = receiver.requests.filter((r) => wanted.has(orderIdOf(r.body)));
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((r) => r.id)).size).toBe(12);
    expect(mine.every((r) => receiver.verifies(r, secret))).toBe(true);
    // The receiver answers before the sender records it: wait for the records, then look at them.
    const read = () => db.query<{ attempts: number; delivered: boolean }>('select attempts, delivered_at is not null as delivered from webhook_deliveries');
    const rows = await until('every delivery recorded', read, (all) => all.every((r) => r.delivered));
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.attempts)).toEqual(Array(12).fill(1));
  });

  it('after a SIGKILL of the sending process mid-delivery, the other process sends the event after the lease', async () => {
    receiver.plan(['hang'], 'ok');
    const before = receiver.requests.length;
    const placed = await placeOrder(b.url, skus[0]!);
    await receiver.waitFor('the delivery held open', () => receiver.requests.length > before);
    const held = receiver.requests[before]!;
    expect(held.behaviour).toBe('hang');
    expect(orderIdOf(held.body)).toBe(placed.order_id);

    const pid = await claimingPid(db, held.id);
    const [killed, survivor] = pid === a.child.pid ? [a, b] : [b, a];
    expect(killed.child.pid).toBe(pid);
    await killed.stop('SIGKILL');

    await receiver.waitFor('the event acknowledged', () => receiver.acknowledgedIds().includes(held.id));
    const forEvent = receiver.requests.filter((r) => r.id === held.id);
    expect(forEvent.map((r) => r.behaviour)).toEqual(['hang', 'ok']);
    expect(forEvent.every((r) => receiver.verifies(r, secret))).toBe(true);
    const delivery = await until('the delivery recorded', () => deliveryOf(survivor.url, held.id), (d) => d?.status === 'delivered');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200 });
    // Not before the lease of the killed process's claim ran out.
    expect(Date.parse(delivery!.delivered_at!) - Date.parse(delivery!.created_at)).toBeGreaterThanOrEqual(3_000);
  });
});

describe.skipIf(Boolean(testDatabaseUrl))('webhooks from one API process on PGlite', () => {
  it('after a SIGKILL mid-delivery, the restarted process sends the event after the lease, once acknowledged', async () => {
    const template = inject('pgliteTemplate');
    const dataDir = await mkdtemp(path.join(TMP_ROOT, 'webhooks-pglite-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    if (template && existsSync(template)) await cp(template, dataDir, { recursive: true });
    // The catalogue is read before the process holds the folder (PGlite has one user at a time); the
    // stock rows are made from it as the server's start would.
    const local = await openPgliteDatabase(path.join(dataDir, 'pg'));
    const [sku] = await syncStockFromCatalog(local)
      .then(() => saleableSkus({ ctx: { db: local } } as unknown as TestServer, 1))
      .finally(() => local.close());
    const env = { ...WEBHOOK_ENV, DATA_DIR: dataDir };

    const first = await spawnServer(env);
    processes.push(first);
    const receiver = await startedReceiver();
    const endpoint = await api<{ secret: string }>(first.url, 'POST', '/api/admin/webhooks', { url: receiver.url });
    receiver.plan(['hang'], 'ok');
    const placed = await placeOrder(first.url, sku!);
    await receiver.waitFor('the delivery held open', () => receiver.requests.length > 0);
    const held = receiver.requests[0]!;
    expect(orderIdOf(held.body)).toBe(placed.order_id);
    await first.stop('SIGKILL');

    const second = await spawnServer(env);
    processes.push(second);
    await receiver.waitFor('the event acknowledged', () => receiver.acknowledgedIds().includes(held.id));
    expect(receiver.requests.map((r) => [r.id, r.behaviour])).toEqual([
      [held.id, 'hang'],
      [held.id, 'ok'],
    ]);
    expect(receiver.requests.every((r) => receiver.verifies(r, endpoint.secret))).toBe(true);
    const delivery = await until('the delivery recorded', () => deliveryOf(second.url, held.id), (d) => d?.status === 'delivered');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_status: 200 });
    expect(Date.parse(delivery!.delivered_at!) - Date.parse(delivery!.created_at)).toBeGreaterThanOrEqual(3_000);
  });
});
