/**
 * Item 4: `POST /api/catalog` under 32 connections, against `GET /api/health` (reads nothing from the
 * database or index) on the same server in the same run. Two kinds of search load:
 * - the shopper mix (query-mix.ts: popular listings and searches plus a never-repeating tail), as the
 *   shop serves it, reply cache included; the issue's targets are read on this one, with its hit rate;
 * - the same mix sent with `cache-control: no-cache`, so every request runs the query engine, JSON and
 *   gzip: what a cache miss costs, and what the shop does when every query is new.
 * Runs alternate, so drift on a shared machine hits all alike. One server process: the figures are
 * single-process ones (the load generator shares the machine's cores with it).
 */
import type { BenchOptions } from './bench-options';
import { BENCH_ADMIN_TOKEN, type BenchServer } from './bench-server';
import { canPin, pinned } from './cpu-affinity';
import type { Figure } from './figure';
import { runLoad, type LoadFigures, type LoadSpec } from './http-load';
import { buildQueryMix, type QueryMix } from './query-mix';
import { BROWSER_HEADERS, MIXED_QUERIES } from './search-queries';
import { median, round } from './stats';

export interface SearchLoadResult {
  figures: Figure[];
  search: LoadFigures[];
  fresh: LoadFigures[];
  baseline: LoadFigures[];
  hitRate: number;
  popularQueries: number;
}

/** Every body must be a valid query: a 400 would measure the validator, not the search. */
async function checkQueries(url: string): Promise<void> {
  for (const body of MIXED_QUERIES) {
    const response = await fetch(`${url}/api/catalog`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`search body ${JSON.stringify(body)} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}

const FRESH = { ...BROWSER_HEADERS, 'cache-control': 'no-cache', 'x-admin-token': BENCH_ADMIN_TOKEN };

/** The shopper mix; `fresh` bypasses the reply cache. */
export const searchLoad = (server: Pick<BenchServer, 'url' | 'pid'>, options: BenchOptions, seconds: number, mix: QueryMix, fresh = false): LoadSpec => ({
  url: server.url, method: 'POST', path: '/api/catalog', nextBody: () => mix.next(), seconds, connections: options.connections, headers: fresh ? FRESH : BROWSER_HEADERS, serverPid: server.pid,
});

export async function measureServerSearch(server: BenchServer, options: BenchOptions, log: (line: string) => void): Promise<SearchLoadResult & { mix: QueryMix }> {
  await checkQueries(server.url);
  const mix = await buildQueryMix(server.url);
  const baselineLoad: LoadSpec = {
    url: server.url, method: 'GET', path: '/api/health', seconds: options.baselineSeconds, connections: options.connections, headers: BROWSER_HEADERS, serverPid: server.pid,
  };
  await runLoad(searchLoad(server, options, options.warmupSeconds, mix)); // JIT, lazily built sort orders, a warm cache
  const search: LoadFigures[] = [];
  const fresh: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  let hits = 0;
  let misses = 0;
  for (let i = 0; i < options.loadRepeats; i++) {
    const before = await server.replyStats();
    search.push(await runLoad(searchLoad(server, options, options.loadSeconds, mix)));
    const after = await server.replyStats();
    hits += after.hits - before.hits;
    misses += after.misses - before.misses;
    fresh.push(await runLoad(searchLoad(server, options, options.loadSeconds, mix, true)));
    baseline.push(await runLoad(baselineLoad));
    const [a, f, b] = [search[i]!, fresh[i]!, baseline[i]!];
    log(`  run ${i + 1}: mix p95 ${a.p95} ms, ${a.rps} req/s, ${a.cpuMs} CPU ms/req; uncached p95 ${f.p95} ms, p97.5 ${f.p975} ms, ${f.rps} req/s, ${f.cpuMs} CPU ms/req; health p95 ${b.p95} ms, ${b.rps} req/s, ${b.cpuMs} CPU ms/req`);
  }
  const hitRate = hits / Math.max(1, hits + misses);
  const failures = [...search, ...fresh, ...baseline].reduce((sum, run) => sum + run.failures, 0);
  const item = '4 server search';
  const of = (runs: LoadFigures[], key: keyof LoadFigures) => median(runs.map((r) => r[key]));
  const size = `${server.products.toLocaleString('en-GB')} products, ${options.connections} conns, ${options.loadRepeats}x${options.loadSeconds}s, 1 process`;
  const figure = (name: string, runs: LoadFigures[], key: 'p50' | 'p95' | 'p99' | 'rps' | 'cpuMs', unit: string, target?: Figure['target']): Figure => ({
    item,
    name,
    value: of(runs, key),
    unit,
    baseline: { name: `GET /api/health ${key}`, value: of(baseline, key) },
    samples: runs.map((r) => r[key]),
    ...(target ? { target } : {}),
  });
  const capacity = (runs: LoadFigures[]) => Math.round(1000 / of(runs, 'cpuMs'));
  return {
    search,
    fresh,
    baseline,
    hitRate,
    mix,
    popularQueries: mix.popular,
    figures: [
      { ...figure('shopper mix p50', search, 'p50', 'ms'), note: size },
      figure('shopper mix p95', search, 'p95', 'ms', { kind: 'max', value: 10 }),
      figure('shopper mix p99', search, 'p99', 'ms'),
      { ...figure('shopper mix throughput', search, 'rps', 'req/s', { kind: 'min', value: 2000 }), ...(failures ? { note: `${failures} failed requests` } : {}) },
      {
        item,
        name: 'reply cache hit rate',
        value: round(hitRate * 100, 1),
        unit: '%',
        note: `${mix.popular.toLocaleString('en-GB')} popular bodies by Zipf + 10 % long-tail searches; at most ${mix.repeatShare * 100} % can repeat`,
      },
      { ...figure('server CPU per request, mix', search, 'cpuMs', 'ms', { kind: 'max', value: 0.2 }), note: 'all server threads (zlib included), /proc; steadier than latency on a busy machine' },
      { ...figure('uncached (no-cache) p95', fresh, 'p95', 'ms'), note: 'every request runs the engine, JSON and gzip' },
      figure('uncached throughput', fresh, 'rps', 'req/s'),
      figure('server CPU per request, uncached', fresh, 'cpuMs', 'ms', { kind: 'max', value: 0.6 }),
      {
        item,
        name: 'capacity of one dedicated core, mix',
        value: capacity(search),
        unit: 'req/s',
        baseline: { name: 'same for GET /api/health', value: capacity(baseline) },
        note: `1000 / CPU ms per request; uncached ${capacity(fresh)} req/s`,
      },
    ],
  };
}

/**
 * The shopper mix and `GET /api/health` (the ceiling) with the load generator pinned to one core and
 * the server to the other (`taskset`), so neither takes the other's time: the server's own latency and rate.
 */
export async function measurePinnedSearch(server: Pick<BenchServer, 'url' | 'pid' | 'products'>, options: BenchOptions, mix: QueryMix, log: (line: string) => void): Promise<Figure[]> {
  const item = '4 server search';
  if (!canPin()) return [{ item, name: 'pinned 1+1 cores: shopper mix p95', value: null, unit: 'ms', note: 'needs taskset and 2 cores' }];
  const health: LoadSpec = { url: server.url, method: 'GET', path: '/api/health', seconds: options.baselineSeconds, connections: options.connections, headers: BROWSER_HEADERS, serverPid: server.pid };
  const search: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  await pinned(server.pid, async () => {
    await runLoad(searchLoad(server, options, options.warmupSeconds, mix));
    for (let i = 0; i < options.loadRepeats; i++) {
      search.push(await runLoad(searchLoad(server, options, options.loadSeconds, mix)));
      baseline.push(await runLoad(health));
      const [a, b] = [search[i]!, baseline[i]!];
      log(`  pinned run ${i + 1}: mix p95 ${a.p95} ms, ${a.rps} req/s, ${a.cpuMs} CPU ms/req; health p95 ${b.p95} ms, ${b.rps} req/s`);
    }
  });
  const failures = [...search, ...baseline].reduce((sum, run) => sum + run.failures, 0);
  return mixFigures(item, 'pinned 1+1 cores', search, baseline, `${server.products.toLocaleString('en-GB')} products, ${options.connections} conns, load generator on core 0, server on core 1${failures ? `; ${failures} failed requests` : ''}`);
}

/** p95, rate and CPU per request of a mix's runs, each beside the same figure of `/api/health`. */
export function mixFigures(item: string, label: string, search: LoadFigures[], baseline: LoadFigures[], note: string): Figure[] {
  const of = (runs: LoadFigures[], key: keyof LoadFigures) => median(runs.map((r) => r[key]));
  const figure = (name: string, key: 'p95' | 'rps' | 'cpuMs', unit: string, target?: Figure['target']): Figure => ({
    item,
    name: `${label}: ${name}`,
    value: of(search, key),
    unit,
    baseline: { name: `GET /api/health ${key}`, value: of(baseline, key) },
    samples: search.map((r) => r[key]),
    ...(target ? { target } : {}),
  });
  return [
    { ...figure('shopper mix p95', 'p95', 'ms', { kind: 'max', value: 10 }), note },
    figure('shopper mix throughput', 'rps', 'req/s', { kind: 'min', value: 3000 }),
    figure('server CPU per request, mix', 'cpuMs', 'ms'),
  ];
}
