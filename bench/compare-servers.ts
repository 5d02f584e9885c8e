/**
 * Two builds of the server, same data, same query stream, measured in alternating runs: server CPU
 * per `POST /api/catalog` request (from /proc) under the shopper mix sent with `cache-control:
 * no-cache` (every request runs engine, JSON and compression), optionally the cached mix too. On a
 * shared machine a change of a tenth of a millisecond is lost between two separate bench runs; side by
 * side, with the runs interleaved, the drift of the machine hits both alike.
 *
 *   npx tsx bench/compare-servers.ts --base=DIR [--this=DIR] [--products=50000] [--rounds=6] [--seconds=8] [--cached] [--pinned] [--rate=N] [--profile]
 *
 * `--base` is another checkout of the repository (e.g. `git archive HEAD~1 | tar -x -C /tmp/base`
 * with links to this one's `node_modules` and `dist`); the other server is `--this`, by default this
 * checkout. The seeded data and the load generator are always this checkout's. `--pinned` puts the load
 * generator on core 0 and the server under load on core 1. `--rate=N` adds, after each uncached run, one
 * at N requests a second (below saturation: the latency without the queue of 32 connections waiting
 * on one core). `--profile` takes one CPU profile of an
 * uncached window from each server and prints their summaries.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/helpers/spawn-server';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';
import { canPin, pinned } from './cpu-affinity';
import { formatSummary, summariseProfileFile } from './cpu-profile-summary';
import { runLoad, type LoadFigures } from './http-load';
import { buildQueryMix } from './query-mix';
import { copyOfSeededData } from './seeded-data-cache';
import { searchLoad } from './server-search';
import { median, round, sleep } from './stats';
import { parseBenchOptions } from './bench-options';
import { BENCH_SERVER_ENV } from './bench-server';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string) => process.argv.includes(`--${name}`);

const base = arg('base');
if (!base) throw new Error('--base=DIR: a checkout of the build to compare against');
const products = Number(arg('products') ?? 50_000);
const rounds = Number(arg('rounds') ?? 6);
const seconds = Number(arg('seconds') ?? 8);
const log = (line: string) => console.log(line);

interface Side {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  profileDir: string;
  output: () => string;
  remove: () => Promise<unknown>;
}

async function start(name: string, root: string): Promise<Side> {
  const data = await copyOfSeededData(products, log);
  const profileDir = await mkdtemp(path.join(TMP_ROOT, `compare-${name}-`));
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/profiled-server.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_CONCURRENCY: '1', DATA_DIR: data.dataDir, SEED_PRODUCTS: String(products), BENCH_PROFILE_DIR: profileDir, PORT: String(port), ...BENCH_SERVER_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 10 * 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`${name} server exited with ${child.exitCode}:\n${out}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`${name} server did not start:\n${out}`);
    await sleep(200);
  }
  return { name, url, pid: child.pid!, child, profileDir, output: () => out, remove: data.remove };
}

async function profile(side: Side, during: () => Promise<unknown>): Promise<string> {
  process.kill(side.pid, 'SIGUSR2');
  await sleep(200);
  await during();
  process.kill(side.pid, 'SIGUSR2');
  for (let waited = 0; waited < 60_000; waited += 100) {
    const found = (await readdir(side.profileDir)).find((f) => f.endsWith('.cpuprofile'));
    if (found) return path.join(side.profileDir, found);
    await sleep(100);
  }
  throw new Error(`${side.name} wrote no profile`);
}

const options = { ...parseBenchOptions([]), loadSeconds: seconds };
const latencies = (r: LoadFigures) => `p50 ${r.p50} / p95 ${r.p95} / p97.5 ${r.p975} / p99 ${r.p99} ms`;
const sides = [await start('base', path.resolve(base)), await start('this', path.resolve(arg('this') ?? REPO_ROOT))];
try {
  // One stream of bodies per side from the same seed: both answer the same requests in the same order.
  const mixes = await Promise.all(sides.map((side) => buildQueryMix(side.url)));
  const cached = flag('cached');
  const usePin = flag('pinned') && canPin();
  const rate = Number(arg('rate') ?? 0);
  const results = new Map<string, { fresh: LoadFigures[]; mix: LoadFigures[]; paced: LoadFigures[] }>(sides.map((s) => [s.name, { fresh: [], mix: [], paced: [] }]));
  const run = async (side: Side, fresh: boolean, secs: number, perSecond?: number) => {
    const load = () => runLoad({ ...searchLoad(side, { ...options, loadSeconds: secs }, secs, mixes[sides.indexOf(side)]!, fresh), ...(perSecond ? { rate: perSecond } : {}) });
    return usePin ? pinned(side.pid, load) : load();
  };
  for (const side of sides) await run(side, false, 5); // JIT, lazily built sort orders, a warm cache
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, so neither always follows the other's heat.
    const order = i % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const fresh = await run(side, true, seconds);
      results.get(side.name)!.fresh.push(fresh);
      let line = `round ${i + 1} ${side.name}: uncached ${fresh.cpuMs} CPU ms/req, ${latencies(fresh)}, ${fresh.rps} req/s`;
      if (rate) {
        const paced = await run(side, true, seconds, rate);
        results.get(side.name)!.paced.push(paced);
        line += `; at ${rate} req/s: ${latencies(paced)} (${paced.rps} req/s answered)`;
      }
      if (cached) {
        const mix = await run(side, false, seconds);
        results.get(side.name)!.mix.push(mix);
        line += `; mix ${mix.cpuMs} CPU ms/req, p95 ${mix.p95} ms, ${mix.rps} req/s`;
      }
      log(`${line} (load ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    }
  }
  for (const side of sides) {
    const { fresh, mix, paced } = results.get(side.name)!;
    const m = (runs: LoadFigures[], key: keyof LoadFigures) => round(median(runs.map((r) => r[key])), 3);
    const medians = (runs: LoadFigures[]) => `p50 ${m(runs, 'p50')} / p95 ${m(runs, 'p95')} / p97.5 ${m(runs, 'p975')} / p99 ${m(runs, 'p99')} ms`;
    log(
      `${side.name}: uncached CPU ${m(fresh, 'cpuMs')} ms/req (runs ${fresh.map((r) => r.cpuMs).join(', ')}), ${medians(fresh)}, ${m(fresh, 'rps')} req/s (runs ${fresh.map((r) => r.rps).join(', ')}); p97.5 of the runs ${fresh.map((r) => r.p975).join(', ')} ms` +
        (rate ? `; at ${rate} req/s: ${medians(paced)} (p97.5 of the runs ${paced.map((r) => r.p975).join(', ')})` : '') +
        (cached ? `; mix CPU ${m(mix, 'cpuMs')} ms/req, p95 ${m(mix, 'p95')} ms` : ''),
    );
  }
  const [a, b] = sides.map((s) => results.get(s.name)!.fresh);
  const ratios = a!.map((r, i) => b![i]!.cpuMs / r.cpuMs);
  log(`this / base, uncached CPU per request: median ${round(median(ratios), 3)} (rounds ${ratios.map((r) => round(r, 3)).join(', ')})`);
  if (flag('profile')) {
    for (const side of sides) {
      const file = await profile(side, () => run(side, true, 5));
      log(`\n${side.name} profile ${file}`);
      log(formatSummary(await summariseProfileFile(file, 30)));
    }
  }
} finally {
  for (const side of sides) {
    side.child.kill('SIGTERM');
    await new Promise((resolve) => (side.child.exitCode !== null ? resolve(null) : side.child.once('exit', resolve)));
    await side.remove();
  }
}
