/**
 * Item 8 (server part): resident memory of the server process holding the catalogue, idle and after
 * the search load, against the same server holding no products (started in the same run).
 */
import { readFile } from 'node:fs/promises';
import type { BenchServer } from './bench-server';
import { residentMb, startBenchServer } from './bench-server';
import type { Figure } from './figure';
import { round, sleep } from './stats';

const ITEM = '8 memory';

/** RSS of a server started on an empty catalogue: what the process costs before any product. */
export async function emptyServerRss(log: (line: string) => void): Promise<number> {
  const server = await startBenchServer(0, log);
  try {
    await fetch(`${server.url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await sleep(1000);
    return (await residentMb(server.pid)).rss;
  } finally {
    await server.stop();
  }
}

/** `process.memoryUsage()` of the server, as its profiled entry wrote it next to a CPU profile. */
export async function memorySplit(profileFile: string): Promise<string> {
  const usage = JSON.parse(await readFile(`${profileFile}.memory.json`, 'utf8')) as NodeJS.MemoryUsage;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return `V8 heap ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)} MB; external ${mb(usage.external)} MB (PGlite's WebAssembly memory counts here; array buffers ${mb(usage.arrayBuffers)} MB)`;
}

export function memoryFigures(server: BenchServer, idle: number, afterLoad: { rss: number; peak: number }, empty: number | undefined, split?: string): Figure[] {
  const baseline = empty === undefined ? {} : { baseline: { name: 'RSS of the same server with 0 products', value: round(empty, 0) } };
  const products = server.products.toLocaleString('en-GB');
  const perProduct = empty === undefined ? '' : `, ${round(((idle - empty) * 1024) / server.products, 1)} kB a product`;
  // Issue #20: at most 3 kB of server memory a product (RSS above the same server holding no products).
  const perProductBytes =
    empty === undefined
      ? []
      : [
          {
            item: ITEM,
            name: `server memory a product, ${products} products`,
            value: round(((idle - empty) * 1024 * 1024) / server.products, 0),
            unit: 'B',
            target: { kind: 'max' as const, value: 3072 },
            note: `(idle RSS ${round(idle, 0)} MB - empty server's ${round(empty, 0)} MB) / products; the catalogue alone, without the HTTP server: node --expose-gc --import tsx bench/catalogue-footprint.ts`,
          },
        ];
  return [
    ...perProductBytes,
    { item: ITEM, name: `server RSS, ${products} products, idle after start`, value: round(idle, 0), unit: 'MB', ...baseline, note: `VmRSS from /proc${perProduct}` },
    { item: ITEM, name: `server RSS, ${products} products, after the search load`, value: round(afterLoad.rss, 0), unit: 'MB', ...baseline, ...(split ? { note: split } : {}) },
    { item: ITEM, name: `server peak RSS (VmHWM), ${products} products`, value: round(afterLoad.peak, 0), unit: 'MB', ...baseline, note: 'includes start-up (index build)' },
  ];
}
