/**
 * Start-up time (fresh and existing data folder) and POST /api/catalog latency at a catalogue size.
 * Usage: npx tsx bench/search-latency.ts [products=2000] [requests=400]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../tests/helpers/spawn-server';

const products = Number(process.argv[2] ?? 2000);
const requests = Number(process.argv[3] ?? 400);

const QUERIES = [
  { searchQuery: { _searchText: 'through bolt m10' } },
  { searchQuery: { _searchText: 'anchr' } },
  { searchQuery: { _searchText: 'frame fixing 10x100' } },
  { searchQuery: { _searchText: 'sds bit 12mm' } },
  { searchQuery: { _appliedFilters: [{ attribute: 'category_ids', value: { in: [20] } }], _availableFilters: [{ field: 'price' }, { field: 'finish' }, { field: 'bolt_diameter' }, { field: 'material' }], _appliedSort: [{ field: 'final_price', options: 'asc' }] } },
  { searchQuery: { _appliedFilters: [{ attribute: 'price', value: { gte: 10, lte: 50 } }] } },
  { searchQuery: { _appliedSort: [{ field: 'updated_at', options: 'desc' }] } },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-search-'));
try {
  let t = performance.now();
  let server = await spawnServer({ DATA_DIR: dataDir, SEED_PRODUCTS: String(products) }, 600_000);
  const fresh = performance.now() - t;
  await server.stop();
  t = performance.now();
  server = await spawnServer({ DATA_DIR: dataDir, SEED_PRODUCTS: String(products) }, 600_000);
  const existing = performance.now() - t;

  const times: number[] = [];
  for (let i = 0; i < requests + 50; i++) {
    const body = JSON.stringify({ size: 50, ...QUERIES[i % QUERIES.length] });
    const start = performance.now();
    const response = await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    if (i >= 50) times.push(performance.now() - start); // the first 50 warm the JIT
  }
  times.sort((a, b) => a - b);
  await server.stop();
  console.table({
    products,
    'start-up fresh (s)': +(fresh / 1000).toFixed(2),
    'start-up existing (s)': +(existing / 1000).toFixed(2),
    'search median (ms)': +percentile(times, 50).toFixed(2),
    'search p95 (ms)': +percentile(times, 95).toFixed(2),
  });
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
