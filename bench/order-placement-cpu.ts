/**
 * Order placement's CPU per order with nothing else in the way: one process, PGlite, orders placed one
 * after another through Fastify's `inject` (no sockets, no parallel clients), 3 lines an order as in
 * `order-placement.ts`, timed by the process's CPU (`process.cpuUsage`). On a busy shared machine the
 * rate of the HTTP bench swings several-fold from run to run; this figure moves far less, so a change
 * to the order path shows here first. Prints each round and, for the last round, the CPU each SQL
 * statement took (run alone, the statement's CPU is this process's).
 *
 *   npx tsx bench/order-placement-cpu.ts [orders a round=300] [rounds=3]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import type { Queryable } from '../server/db/database';
import { startServer } from '../server/start-server';
import { round } from './stats';

const PER_ROUND = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 3);
const ADMIN_TOKEN = 'bench-order-cpu-admin-token-0000';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-order-cpu-'));
process.env.ADMIN_TOKEN = ADMIN_TOKEN;
const server = await startServer(loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_PRODUCTS: '200', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000', WEB_CONCURRENCY: '1' }));
const { app, ctx } = server;
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

// Each statement's CPU, by its text (the last round only).
const statements = new Map<string, { n: number; ms: number }>();
let tracing = false;
function traced(target: Queryable): void {
  const query = target.query.bind(target);
  target.query = async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
    const start = process.cpuUsage();
    try {
      return await query<T>(sql, params);
    } finally {
      if (tracing) {
        const key = sql.replace(/\s+/g, ' ').slice(0, 100);
        const entry = statements.get(key) ?? { n: 0, ms: 0 };
        entry.n++;
        entry.ms += cpuMs(start);
        statements.set(key, entry);
      }
    }
  };
}
traced(ctx.db);
const transaction = ctx.db.transaction.bind(ctx.db);
ctx.db.transaction = (fn) =>
  transaction((tx) => {
    traced(tx);
    return fn(tx);
  });

try {
  const sku = (i: number) => `BENCH-${String(i).padStart(3, '0')}`;
  const products = Array.from({ length: 51 }, (_, i) => ({
    id: 900_000 + i, sku: sku(i), name: `Bench product ${i}`, slug: `bench-${i}`, type_id: 'simple', status: 1, visibility: 4,
    price: 3.49 + i, tax_class_id: 2, tier_prices: [{ customer_group_id: 0, qty: 5, value: 3 + i }],
    stock: { is_in_stock: true, qty: 10_000_000, manage_stock: true },
  }));
  const imported = await app.inject({ method: 'POST', url: '/api/catalog/import', headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN }, payload: JSON.stringify({ products }) });
  if (imported.statusCode !== 200) throw new Error(`import failed: ${imported.statusCode} ${imported.body}`);
  // The import reaches this process's catalogue through its change feed.
  while (!ctx.catalog.index('product').withCode(sku(50)).length) await new Promise((r) => setTimeout(r, 50));

  const address = { firstname: 'Bench', lastname: 'Runner', street: ['1 Test Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', email: 'bench@example.com' };
  let n = 0;
  const placeOne = async () => {
    const lines = [1, 2, 3].map((k) => ({ sku: sku(1 + (((n % 16) * 7 + n * 3 + k * 11) % 50)), qty: 1 + ((n + k) % 6) }));
    const payload = JSON.stringify({
      order_id: `bench-cpu-${process.pid}-${n++}`, products: lines,
      addressInformation: { shippingAddress: address, billingAddress: address, shipping_carrier_code: 'courier', shipping_method_code: 'flatrate', payment_method_code: 'cashondelivery' },
    });
    const reply = await app.inject({ method: 'POST', url: '/api/order', headers: { 'content-type': 'application/json' }, payload });
    if (reply.statusCode !== 200) throw new Error(`order refused: ${reply.statusCode} ${reply.body}`);
  };
  for (let i = 0; i < 200; i++) await placeOne(); // warm-up: JIT, caches
  for (let r = 0; r < ROUNDS; r++) {
    tracing = r === ROUNDS - 1;
    const start = process.cpuUsage();
    const wallStart = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await placeOne();
    console.log(`round ${r + 1}: ${round(cpuMs(start) / PER_ROUND, 3)} ms CPU an order, ${round((performance.now() - wallStart) / PER_ROUND, 3)} ms wall; load average ${os.loadavg().map((l) => round(l, 1)).join(' ')}`);
  }
  console.log('last round, CPU an order by statement:');
  for (const [sql, { n: count, ms }] of [...statements].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`  ${round(ms / PER_ROUND, 3).toFixed(3)} ms  ${round(count / PER_ROUND, 2)}x  ${sql}`);
  }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
