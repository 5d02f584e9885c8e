/**
 * Items 1-3 and the browser half of 8: the shopper's local catalogue. The offline engine is the
 * server's (src/domain/catalog-query), so its figures come from Node for now: the engine's own
 * benchmark (`bench/catalog-query-engine.ts`, synthetic catalogue) and the demo catalogue with the
 * storefront's queries. The same queries in the browser over the replica: local-query-in-page.ts.
 */
import type { BenchOptions } from './bench-options';
import { pending, type Figure } from './figure';
import { runScript } from './run-script';

const FRAME = { kind: 'max', value: 16 } as const;

interface DemoEngine {
  products: number;
  buildMs: number;
  indexHeapMb: number;
  text: { medianMs: number; p95Ms: number; slowest: { query: string; medianMs: number } };
  listing: { medianMs: number; p95Ms: number; slowest: { query: string; medianMs: number } };
  trivialMs: number;
}

/** `label  first  median  p95  cpu  hits` lines of the engine's own benchmark, by label. */
function parseEngineRows(output: string): Map<string, { first: number; median: number; p95: number }> {
  const rows = new Map<string, { first: number; median: number; p95: number }>();
  for (const line of output.split('\n')) {
    const m = /^(.*?)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)$/.exec(line.trimEnd());
    if (m) rows.set(m[1]!.trim(), { first: Number(m[2]), median: Number(m[3]), p95: Number(m[4]) });
  }
  return rows;
}

async function syntheticFigures(products: number): Promise<Figure[]> {
  const rows = parseEngineRows(await runScript('bench/catalog-query-engine.ts', [String(products)]));
  const trivial = rows.get('all products, default sort, page 3');
  const figure = (item: string, name: string, label: string): Figure => {
    const row = rows.get(label);
    if (!row) return pending(item, name, 'ms', `catalog-query-engine.ts printed no "${label}" row`, FRAME);
    return {
      item, name, value: row.median, unit: 'ms', target: FRAME, note: `p95 ${row.p95} ms, first ${row.first} ms`,
      ...(trivial ? { baseline: { name: 'same engine, no filter or text', value: trivial.median } } : {}),
    };
  };
  return [
    figure('2 category listing', 'engine, synthetic catalogue: category + sort + 4 facets (Node)', 'category + sort + 4 aggregations'),
    figure('3 offline search', 'engine, synthetic catalogue: ranked text (Node)', 'text "m10 through bolt"'),
    figure('3 offline search', 'engine, synthetic catalogue: misspelt text (Node)', 'misspelt text'),
  ];
}

async function demoFigures(products: number): Promise<Figure[]> {
  const demo = JSON.parse(await runScript('bench/engine-on-demo-catalog.ts', [String(products)], ['--expose-gc'])) as DemoEngine;
  const baseline = { baseline: { name: 'same index, no filter or text', value: demo.trivialMs } };
  const shop = 'storefront queries, demo catalogue (Node)';
  return [
    { item: '1 catalogue download', name: 'engine index build after the download (Node)', value: demo.buildMs, unit: 'ms', note: `${demo.products.toLocaleString('en-GB')} demo products, text index included` },
    { item: '2 category listing', name: `engine, ${shop}`, value: demo.listing.medianMs, unit: 'ms', target: FRAME, ...baseline, note: `p95 ${demo.listing.p95Ms} ms; slowest ${demo.listing.slowest.query} ${demo.listing.slowest.medianMs} ms` },
    { item: '3 offline search', name: `engine, ${shop}`, value: demo.text.medianMs, unit: 'ms', target: FRAME, ...baseline, note: `p95 ${demo.text.p95Ms} ms; slowest ${demo.text.slowest.query} ${demo.text.slowest.medianMs} ms` },
    { item: '8 memory', name: 'engine index heap, demo catalogue (Node)', value: demo.indexHeapMb, unit: 'MB', note: 'documents themselves excluded; after a forced GC' },
  ];
}

interface PadRun {
  products: number;
  lines: number;
  firstMs: number;
  pad: { medianMs: number; cpuMs: number };
  lookupOnly: { medianMs: number; cpuMs: number };
  kinds: Record<string, number>;
}

/** The quick order pad: 200 pasted lines resolved from the index and priced, against 100 ms (CPU per run, and wall). */
async function padFigures(products: number): Promise<Figure[]> {
  const run = JSON.parse(await runScript('bench/quick-order-pad.ts', [String(products)])) as PadRun;
  const item = '9 quick order pad';
  const what = `resolve and price ${run.lines} pasted lines, demo catalogue (Node)`;
  const baseline = { baseline: { name: `the same ${run.lines} codes looked up only`, value: run.lookupOnly.cpuMs } };
  const mix = Object.entries(run.kinds).map(([kind, n]) => `${n} ${kind}`).join(', ');
  return [
    { item, name: `${what}, CPU`, value: run.pad.cpuMs, unit: 'ms', target: { kind: 'max', value: 100 }, ...baseline, note: `${run.products.toLocaleString('en-GB')} products; rows ${mix}` },
    { item, name: `${what}, wall`, value: run.pad.medianMs, unit: 'ms', target: { kind: 'max', value: 100 }, note: `median; the first run ${run.firstMs} ms also builds the index's code lookup (once per page)` },
  ];
}

export async function measureLocalCatalogue(options: BenchOptions): Promise<Figure[]> {
  const n = options.localProducts;

  // The download itself (item 1), the heap after it (item 8) and the queries in the browser over the
  // replica (items 2-3, local-query-in-page.ts) are taken on the first visit (first-visit.ts).
  return [...(await demoFigures(n)), ...(await syntheticFigures(n)), ...(await padFigures(n))];
}
