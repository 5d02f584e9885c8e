/**
 * Item 4: `POST /api/catalog` under 32 connections of mixed text and filter queries, against
 * `GET /api/health` (reads nothing from the database or index) on the same server in the same run.
 * Search and baseline runs alternate, so drift on a shared machine hits both alike.
 */
import type { BenchOptions } from './bench-options';
import type { BenchServer } from './bench-server';
import type { Figure } from './figure';
import { runLoad, type LoadFigures, type LoadSpec } from './http-load';
import { BROWSER_HEADERS, MIXED_QUERIES } from './search-queries';
import { median } from './stats';

export interface SearchLoadResult {
  figures: Figure[];
  search: LoadFigures[];
  baseline: LoadFigures[];
}

/** Every body must be a valid query: a 400 would measure the validator, not the search. */
async function checkQueries(url: string): Promise<void> {
  for (const body of MIXED_QUERIES) {
    const response = await fetch(`${url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`search body ${JSON.stringify(body)} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}

export const searchLoad = (server: BenchServer, options: BenchOptions, seconds: number): LoadSpec => ({
  url: server.url, method: 'POST', path: '/api/catalog', bodies: MIXED_QUERIES, seconds, connections: options.connections, headers: BROWSER_HEADERS, serverPid: server.pid,
});

export async function measureServerSearch(server: BenchServer, options: BenchOptions, log: (line: string) => void): Promise<SearchLoadResult> {
  await checkQueries(server.url);
  const baselineLoad: LoadSpec = {
    url: server.url, method: 'GET', path: '/api/health', seconds: options.baselineSeconds, connections: options.connections, headers: BROWSER_HEADERS, serverPid: server.pid,
  };
  await runLoad(searchLoad(server, options, options.warmupSeconds)); // JIT, lazily built sort orders and postings
  const search: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  for (let i = 0; i < options.loadRepeats; i++) {
    search.push(await runLoad(searchLoad(server, options, options.loadSeconds)));
    baseline.push(await runLoad(baselineLoad));
    const [a, b] = [search[i]!, baseline[i]!];
    log(`  run ${i + 1}: search p95 ${a.p95} ms, ${a.rps} req/s, ${a.cpuMs} CPU ms/req; health p95 ${b.p95} ms, ${b.rps} req/s, ${b.cpuMs} CPU ms/req`);
  }
  const failures = [...search, ...baseline].reduce((sum, run) => sum + run.failures, 0);
  const item = '4 server search';
  const of = (runs: LoadFigures[], key: keyof LoadFigures) => median(runs.map((r) => r[key]));
  const size = `${server.products.toLocaleString('en-GB')} products, ${options.connections} conns, ${options.loadRepeats}x${options.loadSeconds}s`;
  const figure = (name: string, key: 'p50' | 'p95' | 'p99' | 'rps' | 'cpuMs', unit: string, target?: Figure['target']): Figure => ({
    item,
    name,
    value: of(search, key),
    unit,
    baseline: { name: `GET /api/health ${key}`, value: of(baseline, key) },
    samples: search.map((r) => r[key]),
    ...(target ? { target } : {}),
  });
  return {
    search,
    baseline,
    figures: [
      { ...figure('POST /api/catalog p50', 'p50', 'ms'), note: size },
      figure('POST /api/catalog p95', 'p95', 'ms', { kind: 'max', value: 10 }),
      figure('POST /api/catalog p99', 'p99', 'ms'),
      { ...figure('POST /api/catalog throughput', 'rps', 'req/s', { kind: 'min', value: 2000 }), ...(failures ? { note: `${failures} failed requests` } : {}) },
      { ...figure('server CPU per search request', 'cpuMs', 'ms'), note: 'all server threads (zlib included), /proc; steadier than latency on a busy machine' },
      {
        item,
        name: 'search capacity of one dedicated core',
        value: Math.round(1000 / of(search, 'cpuMs')),
        unit: 'req/s',
        baseline: { name: 'same for GET /api/health', value: Math.round(1000 / of(baseline, 'cpuMs')) },
        note: '1000 / CPU ms per request',
      },
    ],
  };
}
