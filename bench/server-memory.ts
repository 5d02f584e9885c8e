/**
 * Item 8 and issue #20 (server part): the server's memory a product. What counts is the resident
 * memory (VmRSS) the process keeps once the start-up's garbage is gone: a full garbage collection in
 * the server (through its inspector, `BenchServer.collectGarbage`), two seconds for the collector to
 * hand freed pages back, another collection, then VmRSS. An idle RSS read right after start also
 * counts whatever garbage the last allocations left and whatever the heap has not shrunk back yet,
 * which moved the figure by more than a kilobyte a product from one run to the next.
 * The same is taken of the same server holding no products (the median of three starts: PGlite's
 * memory and the code the process loads move a few tens of MB between starts), and the difference
 * divided by the products is the figure. The V8 heap and off-heap memory the process reports after the
 * same collection (`process.memoryUsage()`: heapUsed + external) are given beside it: they are what
 * the catalogue's objects and typed arrays hold, without the allocator's and the heap's slack.
 */
import { readFile } from 'node:fs/promises';
import type { BenchServer } from './bench-server';
import { residentMb, startBenchServer } from './bench-server';
import type { Figure } from './figure';
import { median, round, sleep } from './stats';

const ITEM = '8 memory';
/** Issue #20: at most 3 kB of server memory a product. */
const TARGET_BYTES = 3072;
const MB = 1024 * 1024;

/** Resident memory and what the process says it holds, in MB, after a full collection has settled. */
export interface SettledMemory {
  rss: number;
  /** V8 heap in use plus off-heap memory (typed arrays, Buffers, PGlite's WebAssembly memory). */
  heapAndExternal: number;
  heapUsed: number;
  external: number;
}

/** The server's memory once start-up's garbage is collected and the heap has shrunk back. */
export async function settledMemory(server: BenchServer): Promise<SettledMemory> {
  await server.collectGarbage();
  await sleep(2000);
  const { usage, rss } = await server.collectGarbage();
  return { rss, heapAndExternal: (usage.heapUsed + usage.external) / MB, heapUsed: usage.heapUsed / MB, external: usage.external / MB };
}

/** The same server on an empty catalogue, the median of `starts` starts: what the process costs before any product. */
export async function emptyServerMemory(log: (line: string) => void, starts = 3): Promise<SettledMemory> {
  const runs: SettledMemory[] = [];
  for (let i = 0; i < starts; i++) {
    const server = await startBenchServer(0, log);
    try {
      await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      runs.push(await settledMemory(server));
    } finally {
      await server.stop();
    }
  }
  log(`empty server RSS after a collection: ${runs.map((r) => round(r.rss, 0)).join(', ')} MB`);
  const mid = (key: keyof SettledMemory) => median(runs.map((r) => r[key]));
  return { rss: mid('rss'), heapAndExternal: mid('heapAndExternal'), heapUsed: mid('heapUsed'), external: mid('external') };
}

/** A server with `products` products started, measured settled and stopped (for a size the load phases do not run at). */
export async function serverMemoryAt(products: number, log: (line: string) => void): Promise<{ memory: SettledMemory; peak: number; startSeconds: number }> {
  const server = await startBenchServer(products, log);
  try {
    const memory = await settledMemory(server);
    const { peak } = await residentMb(server.pid);
    return { memory, peak, startSeconds: server.startSeconds };
  } finally {
    await server.stop();
  }
}

/** `process.memoryUsage()` of the server, as its profiled entry wrote it next to a CPU profile. */
export async function memorySplit(profileFile: string): Promise<string> {
  const usage = JSON.parse(await readFile(`${profileFile}.memory.json`, 'utf8')) as NodeJS.MemoryUsage;
  const mb = (bytes: number) => Math.round(bytes / MB);
  return `V8 heap ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)} MB; external ${mb(usage.external)} MB (PGlite's WebAssembly memory counts here; array buffers ${mb(usage.arrayBuffers)} MB)`;
}

/** The figure of issue #20 at one size: settled RSS above the empty server's, a product. */
export function perProductFigure(products: number, settled: SettledMemory, empty: SettledMemory): Figure {
  const perProduct = (mb: number) => round((mb * MB) / products, 0);
  return {
    item: ITEM,
    name: `server memory a product, ${products.toLocaleString('en-GB')} products`,
    value: perProduct(settled.rss - empty.rss),
    unit: 'B',
    target: { kind: 'max', value: TARGET_BYTES },
    note:
      `(RSS ${round(settled.rss, 0)} MB - the empty server's ${round(empty.rss, 0)} MB) / products, each after a full collection; ` +
      `V8 heap + external ${perProduct(settled.heapAndExternal - empty.heapAndExternal)} B a product ` +
      `(heap ${round(settled.heapUsed, 0)} MB, external ${round(settled.external, 0)} MB); ` +
      'the catalogue alone: node --expose-gc --import tsx bench/catalog-footprint.ts',
  };
}

export function memoryFigures(server: BenchServer, idle: SettledMemory, afterLoad: { rss: number; peak: number }, empty: SettledMemory | undefined, split?: string): Figure[] {
  const baseline = empty === undefined ? {} : { baseline: { name: 'RSS of the same server with 0 products', value: round(empty.rss, 0) } };
  const products = server.products.toLocaleString('en-GB');
  return [
    ...(empty === undefined ? [] : [perProductFigure(server.products, idle, empty)]),
    { item: ITEM, name: `server RSS, ${products} products, idle after start`, value: round(idle.rss, 0), unit: 'MB', ...baseline, note: 'VmRSS from /proc after a full collection' },
    { item: ITEM, name: `server RSS, ${products} products, after the search load`, value: round(afterLoad.rss, 0), unit: 'MB', ...baseline, ...(split ? { note: split } : {}) },
    { item: ITEM, name: `server peak RSS (VmHWM), ${products} products`, value: round(afterLoad.peak, 0), unit: 'MB', ...baseline, note: 'includes start-up (index build)' },
  ];
}
