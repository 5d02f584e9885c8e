/**
 * The offline engine (src/domain/catalog-query) over the demo catalogue the shop really replicates,
 * answering the storefront's own listing and search queries (bench/search-queries.ts), in Node.
 * Prints one JSON object; run with --expose-gc for a settled heap figure.
 * Usage: node --expose-gc --import tsx bench/engine-on-demo-catalog.ts [products=10000] [repeats=30]
 */
import { generateCatalog } from '../server/seed/generate-catalog';
import { createCatalogIndex } from '../src/domain/catalog-query/catalog-index';
import { runCatalogQuery } from '../src/domain/catalog-query/run-query';
import type { CatalogQueryInput, Doc } from '../src/domain/catalog-query/types';
import { describeQuery, type Body } from './query-breakdown';
import { FILTER_QUERIES, TEXT_QUERIES } from './search-queries';
import { median, percentile, round } from './stats';

const products = Number(process.argv[2] ?? 10_000);
const repeats = Number(process.argv[3] ?? 30);

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const docs = generateCatalog({ products }).products as unknown as Doc[];
const heapBefore = heapMb();
let started = performance.now();
const index = createCatalogIndex('product', docs);
index.textIndex();
const buildMs = performance.now() - started;
const indexHeapMb = heapMb() - heapBefore;

/** Per query: the median of its repeats (after one warm-up that builds lazy structures). */
function timeQueries(queries: readonly unknown[]) {
  const all: number[] = [];
  const perQuery = queries.map((query) => {
    runCatalogQuery(index, query as CatalogQueryInput);
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      started = performance.now();
      runCatalogQuery(index, query as CatalogQueryInput);
      times.push(performance.now() - started);
    }
    all.push(...times);
    return { query: describeQuery(query as Body), medianMs: round(median(times), 3) };
  });
  return { medianMs: round(median(perQuery.map((q) => q.medianMs)), 3), p95Ms: round(percentile(all, 95), 3), slowest: perQuery.sort((a, b) => b.medianMs - a.medianMs)[0] };
}

const trivial = timeQueries([{ size: 50 }]);
console.log(
  JSON.stringify({
    products: docs.length,
    buildMs: round(buildMs, 0),
    indexHeapMb: round(indexHeapMb, 1),
    text: timeQueries(TEXT_QUERIES),
    listing: timeQueries(FILTER_QUERIES),
    trivialMs: trivial.medianMs,
  }),
);
