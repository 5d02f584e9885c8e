/**
 * Order placement throughput and latency: starts the server as its own process (a temporary PGlite
 * folder, or with --postgres a fresh schema in BENCH_DATABASE_URL / the local test database), then
 * ~16 clients place guest orders back to back for ~10 s. A second, shorter run makes every order
 * take one shared "hot" product, the worst case for row locks.
 * Each row also gives the server's CPU time per order (user + system of every server process, from
 * /proc): on a shared, loaded machine it moves far less than the rate.
 * Usage: npx tsx bench/order-placement.ts [--postgres] [--processes=2] [--clients=16] [--seconds=10] [--products=2000]
 * (`--processes` is WEB_CONCURRENCY, PostgreSQL only: PGlite runs one API process.)
 * `--profile=DIR` runs one process through bench/profiled-server.ts and writes the spread run's CPU
 * profile to DIR (`npx tsx bench/cpu-profile-summary.ts DIR/server-1.cpuprofile` says where it went).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { spawnServer } from '../tests/helpers/spawn-server';
import { processCpuMs } from './process-cpu';

const flag = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const usePostgres = process.argv.includes('--postgres');
const CLIENTS = flag('clients', 16);
const SECONDS = flag('seconds', 10);
const PRODUCTS = flag('products', 2000);
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const PROCESSES = usePostgres && !PROFILE_DIR ? flag('processes', 1) : 1;
const BENCH_SKUS = 50;
const ADMIN_TOKEN = randomBytes(18).toString('hex');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const address = { firstname: 'Bench', lastname: 'Runner', street: ['1 Test Street'], city: 'Leeds', postcode: 'LS1 1AA', country_id: 'GB', email: 'bench@example.com' };
const sku = (i: number) => `BENCH-${String(i).padStart(3, '0')}`;

function benchProducts() {
  return Array.from({ length: BENCH_SKUS + 1 }, (_, i) => ({
    id: 900_000 + i, sku: sku(i), name: `Bench product ${i}`, slug: `bench-${i}`, type_id: 'simple', status: 1, visibility: 4,
    price: 3.49 + i, tax_class_id: 2, tier_prices: [{ customer_group_id: 0, qty: 5, value: 3 + i }],
    stock: { is_in_stock: true, qty: 10_000_000, manage_stock: true },
  }));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(url: string, pid: number, seconds: number, hot: boolean) {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const runId = randomBytes(4).toString('hex');
  async function client(c: number) {
    while (performance.now() < deadline) {
      const lines = [1, 2, 3].map((k) => ({ sku: sku(1 + ((c * 7 + n * 3 + k * 11) % BENCH_SKUS)), qty: 1 + ((n + k) % 6) }));
      if (hot) lines[0] = { sku: sku(0), qty: 1 };
      const body = JSON.stringify({
        order_id: `bench-${runId}-${c}-${n++}`, products: lines,
        addressInformation: { shippingAddress: address, billingAddress: address, shipping_carrier_code: 'courier', shipping_method_code: 'flatrate', payment_method_code: 'cashondelivery' },
      });
      const start = performance.now();
      const response = await fetch(`${url}/api/order`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - start);
      else failures++;
    }
  }
  const started = performance.now();
  const cpuBefore = await processCpuMs(pid);
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (await processCpuMs(pid)) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    'orders/s': +(latencies.length / elapsed).toFixed(1),
    'p50 (ms)': +percentile(latencies, 50).toFixed(1),
    'p95 (ms)': +percentile(latencies, 95).toFixed(1),
    'p99 (ms)': +percentile(latencies, 99).toFixed(1),
    failures,
    'server CPU ms/order': +(cpuMs / Math.max(1, latencies.length)).toFixed(2),
  };
}

/** The second SIGUSR2 writes the profile (bench/profiled-server.ts); waits until the file is there. */
async function writtenProfile(child: ChildProcess, file: string): Promise<void> {
  child.kill('SIGUSR2');
  const deadline = Date.now() + 60_000;
  while (!(await stat(file).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error(`no profile at ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const schema = `bench_${randomBytes(5).toString('hex')}`;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-'));
const env: Record<string, string> = { DATA_DIR: dataDir, SEED_PRODUCTS: String(PRODUCTS), ADMIN_TOKEN, ...(usePostgres ? { DATABASE_URL, DATABASE_SCHEMA: schema, WEB_CONCURRENCY: String(PROCESSES) } : {}) };
const server = PROFILE_DIR ? await spawnServer({ ...env, BENCH_PROFILE_DIR: path.resolve(PROFILE_DIR) }, 600_000, 'bench/profiled-server.ts') : await spawnServer(env, 600_000);
try {
  const imported = await fetch(`${server.url}/api/catalog/import`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN }, body: JSON.stringify({ products: benchProducts() }) });
  if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
  const pid = server.child.pid!;
  await run(server.url, pid, 2, false); // warm-up: JIT, connection pool, stock rows
  if (PROFILE_DIR) server.child.kill('SIGUSR2'); // starts sampling
  const spread = await run(server.url, pid, SECONDS, false);
  if (PROFILE_DIR) await writtenProfile(server.child, path.resolve(PROFILE_DIR, 'server-1.cpuprofile'));
  const hot = await run(server.url, pid, Math.max(3, Math.round(SECONDS / 2)), true);
  console.log(`Order placement, ${usePostgres ? `PostgreSQL, ${PROCESSES} API process${PROCESSES > 1 ? 'es' : ''}` : 'PGlite'}, ${CLIENTS} clients, 3 lines an order, catalogue of ${PRODUCTS} products`);
  console.table({ [`spread over ${BENCH_SKUS} skus (${SECONDS} s)`]: spread, 'every order takes one hot sku': hot });
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (usePostgres) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}
