/**
 * Items 2 and 3 in the browser: after the first visit's download, the products the app replicated
 * are read back from its IndexedDB store, indexed by the same engine the app's local catalogue uses
 * (src/domain/catalog-query, bundled with esbuild as src/db/catalog/catalog-index.ts builds it: the API
 * documents of `source`), and the storefront's own listing and search queries are timed in the page.
 */
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { pending, type Figure } from './figure';

const FRAME = { kind: 'max', value: 16 } as const;
import { FILTER_QUERIES, TEXT_QUERIES } from './search-queries';
import { round } from './stats';

// The timing loop lives in the bundle: functions declared inside page.evaluate would carry the
// tsx transform's helper calls, which the page does not have.
const HARNESS = `
import { createCatalogIndex } from './src/domain/catalog-query/catalog-index';
import { runCatalogQuery } from './src/domain/catalog-query/run-query';
function time(index: unknown, queries: unknown[], repeats: number) {
  const times: number[] = [];
  let slowest = 0;
  for (const query of queries) {
    runCatalogQuery(index as never, query as never); // the first run builds what the query needs lazily
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      runCatalogQuery(index as never, query as never);
      const ms = performance.now() - started;
      times.push(ms);
      slowest = Math.max(slowest, ms);
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? NaN, p95: times[Math.ceil(times.length * 0.95) - 1] ?? NaN, slowest };
}
(globalThis as any).BenchEngine = { createCatalogIndex, time };
`;

interface InPage {
  products: number;
  buildMs: number;
  /** Per query kind: median and p95 ms over every repeat of every query. */
  listing: { median: number; p95: number; slowest: number };
  search: { median: number; p95: number; slowest: number };
}

export async function localQueriesInPage(page: Page, repeats = 20): Promise<InPage> {
  const bundle = await build({ stdin: { contents: HARNESS, loader: 'ts', resolveDir: REPO_ROOT }, bundle: true, format: 'iife', write: false, minify: true, target: 'es2022' });
  // Through DevTools, which the shop's CSP (script-src 'self') does not apply to.
  await page.evaluate(bundle.outputFiles[0]!.text);
  return page.evaluate(
    async ({ listings, searches, repeats }) => {
      type Timing = { median: number; p95: number; slowest: number };
      type Engine = { createCatalogIndex(type: string, docs: unknown[]): unknown; time(index: unknown, queries: unknown[], repeats: number): Timing };
      const engine = (globalThis as unknown as { BenchEngine: Engine }).BenchEngine;
      const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.endsWith('--products'));
      if (!name) throw new Error('no products store in the page');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
      type Row = { source?: unknown; _deleted?: boolean | string };
      const rows = await new Promise<Row[]>((resolve, reject) => {
        const all = db.transaction('docs').objectStore('docs').getAll();
        all.onsuccess = () => resolve(all.result as Row[]);
        all.onerror = () => reject(all.error ?? new Error('read failed'));
      });
      db.close();
      // The Dexie storage keeps `_deleted` as the string '0' or '1' (it is indexed, and IndexedDB cannot index booleans).
      const docs = rows.filter((r) => r._deleted !== true && r._deleted !== '1' && r.source).map((r) => r.source);
      const started = performance.now();
      const index = engine.createCatalogIndex('product', docs);
      const buildMs = performance.now() - started;
      return { products: docs.length, buildMs, listing: engine.time(index, listings, repeats), search: engine.time(index, searches, repeats) };
    },
    { listings: FILTER_QUERIES as unknown[], searches: TEXT_QUERIES as unknown[], repeats },
  );
}

export function localQueryFigures(measured: InPage): Figure[] {
  if (measured.products === 0) {
    // Timing an empty index would read as a pass: say what is missing instead.
    const why = "no product documents found under `source` in the replica's IndexedDB rows (the storage layout differs); read them through the app's collection instead";
    return [pending('2 category listing', 'in the browser over the replica', 'ms', why, FRAME), pending('3 offline search', 'in the browser over the replica', 'ms', why, FRAME)];
  }
  const size = measured.products.toLocaleString('en-GB');
  const line = (item: string, name: string, m: InPage['listing']): Figure => ({
    item,
    name,
    value: round(m.median, 3),
    unit: 'ms',
    target: FRAME,
    baseline: { name: 'one frame at 60 Hz', value: 16 },
    note: `p95 ${round(m.p95, 2)} ms, slowest ${round(m.slowest, 2)} ms; index built in ${round(measured.buildMs, 0)} ms in the page`,
  });
  return [
    line('2 category listing', `in the browser over the ${size} replicated products`, measured.listing),
    line('3 offline search', `in the browser over the ${size} replicated products`, measured.search),
  ];
}
