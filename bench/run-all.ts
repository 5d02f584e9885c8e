/**
 * `npm run bench [-- --quick] [-- --only=search,first-visit]`: measures the shop against the limits
 * of issue #8 and prints one table (value, target, same-run baseline and ratio), then where the time
 * goes for what missed. Phases: local, search, memory, startup, startup-postgres (only when named), ssr, first-visit, lighthouse, worker-catalogue, live, offline-ready, replica-scale, orders, admin.
 */
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../tests/helpers/test-config';
import { snapshotOfBuiltApp } from './app-build';
import { parseBenchOptions, runsPhase } from './bench-options';
import { residentMb, startBenchServer } from './bench-server';
import { summariseProfileFile, type ProfileSummary } from './cpu-profile-summary';
import { failed, pending, type Figure } from './figure';
import { measureFirstVisit } from './first-visit';
import { measureAdminOrderList } from './admin-order-list';
import { runLoad } from './http-load';
import { measureLighthouse } from './lighthouse-audit';
import { measureLivePrices, parseLivePages } from './live-prices';
import { measureLocalCatalogue } from './local-catalog';
import { measureOfflineReady } from './offline-ready';
import { measureOrderPlacement } from './order-placement-runs';
import { queryBreakdown } from './query-breakdown';
import { formatTable, writeResults } from './results-table';
import { printFindings } from './print-findings';
import { emptyServerMemory, memoryFigures, memorySplit, perProductFigure, serverMemoryAt, settledMemory, type SettledMemory } from './server-memory';
import { measurePostgresSearch } from './postgres-search';
import { measurePinnedSearch, measureServerSearch, searchLoad } from './server-search';
import { measureServerRender } from './ssr-render';
import { measureServerStartup } from './server-startup';
import { round } from './stats';
import { measureWorkerCatalogue } from './worker-catalog';

const options = parseBenchOptions(process.argv.slice(2));
const started = new Date();
const log = (line: string) => console.error(`[bench ${round((Date.now() - started.getTime()) / 1000, 0)}s] ${line}`);
const figures: Figure[] = [];
const record: Record<string, unknown> = { options, loadAverageAtStart: os.loadavg().map((l) => round(l, 2)) };
const phaseSeconds: Record<string, number> = {};

/** Runs one phase; a failure becomes a table line and the rest of the run goes on. */
async function phase(name: string, item: string, work: () => Promise<void>, needed = runsPhase(options, name)): Promise<void> {
  if (!needed) return;
  log(`${name}…`);
  const at = performance.now();
  try {
    await work();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\ncaused by: ${error.cause.message}` : '';
    log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}`);
    figures.push(failed(item, name, error));
  }
  phaseSeconds[name] = round((performance.now() - at) / 1000, 1);
}

await phase('local', '1-3 local catalogue', async () => {
  figures.push(...(await measureLocalCatalogue(options)));
});
let app: Awaited<ReturnType<typeof snapshotOfBuiltApp>> | undefined;
const shopNeeded = runsPhase(options, 'first-visit') || runsPhase(options, 'lighthouse') || runsPhase(options, 'worker-catalogue');
const pagesNeeded = shopNeeded || runsPhase(options, 'live') || runsPhase(options, 'offline-ready') || runsPhase(options, 'replica-scale');
await phase('build', '6 first visit', async () => {
  app = await snapshotOfBuiltApp();
}, pagesNeeded);
let emptyMemory: SettledMemory | undefined;
await phase('memory', '8 memory', async () => {
  emptyMemory = await emptyServerMemory(log);
  // Issue #20's large merchant: 200,000 products (seeded once into the cache, then started from it).
  if (!options.quick) {
    const large = await serverMemoryAt(200_000, log);
    figures.push(perProductFigure(200_000, large.memory, emptyMemory));
    figures.push({ item: '8 memory', name: 'server peak RSS (VmHWM), 200,000 products', value: round(large.peak, 0), unit: 'MB', note: `start-up ${round(large.startSeconds, 1)} s (from the cached data folder's catalogue snapshot when it is of the current format, else the database)` });
  }
});
// Issue 35: the packing bench's order list, on the device's copy (no server).
await phase('admin', '35 packing bench', async () => {
  figures.push(...measureAdminOrderList());
});
// Before the big server starts: order placement runs its own servers and wants the machine to itself.
await phase('orders', '5 order placement', async () => {
  figures.push(...(await measureOrderPlacement(options)));
});

// Issue #20: start-up on an existing data folder, the database read against the catalogue snapshot.
await phase('startup', '20 server start-up', async () => {
  const result = await measureServerStartup(options, log);
  figures.push(...result.figures);
  record.startup = result.record;
});

// The server under load: the 50,000 products.
if (runsPhase(options, 'search') || runsPhase(options, 'memory')) {
  log(`starting the server with ${options.serverProducts.toLocaleString('en-GB')} products…`);
  const server = await startBenchServer(options.serverProducts, log);
  record.server = { products: server.products, startSeconds: round(server.startSeconds, 1), seedSeconds: round(server.seedSeconds, 1) };
  figures.push({ item: '4 server search', name: 'server start-up on seeded data', value: round(server.startSeconds, 1), unit: 's', note: 'migrations, catalogue load and index build, until /api/health answers' });
  try {
    const idle = runsPhase(options, 'memory') ? await settledMemory(server) : undefined;
    let memoryNote: string | undefined;
    await phase('search', '4 server search', async () => {
      const result = await measureServerSearch(server, options, log);
      figures.push(...result.figures);
      record.searchRuns = { search: result.search, uncached: result.fresh, baseline: result.baseline, hitRate: result.hitRate, popularQueries: result.popularQueries };
      figures.push(...(await measurePinnedSearch(server, options, result.mix, log)));
      record.queryBreakdown = await queryBreakdown(server.url);
      // The profile is of the uncached load: where a miss's time goes (a hit is a lookup and a write).
      const profileFile = await server.profile(() => runLoad(searchLoad(server, options, options.profileSeconds, result.mix, true)));
      record.searchProfile = { file: path.relative(REPO_ROOT, profileFile), ...(await summariseProfileFile(profileFile, 20)) } satisfies ProfileSummary & { file: string };
      memoryNote = await memorySplit(profileFile);
    });
    if (idle) figures.push(...memoryFigures(server, idle, await residentMb(server.pid), emptyMemory, memoryNote));
  } finally {
    await server.stop();
  }
}

// Item 20 on PostgreSQL alone (`--only=startup-postgres`): two API processes started on a seeded schema,
// with each phase of the first one's start. A full run has the same figures from search-postgres.
await phase('startup-postgres', '20 server start-up', async () => {
  const { postgresReachable, measurePostgresStartup } = await import('./postgres-startup');
  if (!(await postgresReachable())) figures.push(pending('20 server start-up', 'PostgreSQL, 2 processes: start-up wall time to the first /api/health', 's', 'no PostgreSQL (set BENCH_DATABASE_URL)'));
  else figures.push(...(await measurePostgresStartup(options.serverProducts, options.quick ? 2 : 3, log)).figures);
}, options.only?.includes('startup-postgres') ?? false);

// The same load on PostgreSQL with two API processes (its own servers, after the PGlite one has stopped).
await phase('search-postgres', '4 server search', async () => {
  figures.push(...(await measurePostgresSearch(options, log)));
}, runsPhase(options, 'search'));

// Issue #16: server-rendered pages at the local catalogue's size, on a server of their own (its output
// cache must not warm the one the browser figures are taken on).
await phase('ssr', '16 server-rendered pages', async () => {
  const result = await measureServerRender(options, log, app?.distDir);
  figures.push(...result.figures);
  record.ssr = result.record;
});

// Issue #29: price changes reaching open tabs, on a server of its own (its imports change the catalogue
// the other browser figures are taken on).
await phase('live', '29 live prices', async () => {
  const run = await measureLivePrices(app!.distDir, options, parseLivePages(process.argv.slice(2)), log);
  figures.push(...run.figures);
  record.livePrices = run.record;
}, runsPhase(options, 'live') && app !== undefined);

// Issue 32: a first visit over Slow 4G until it works offline, on shops of its own (2,000 and 10,000 products).
await phase('offline-ready', '32 offline-ready', async () => {
  const run = await measureOfflineReady(app!.distDir, options, log);
  figures.push(...run.figures);
  record.offlineReady = run.runs;
}, runsPhase(options, 'offline-ready') && app !== undefined);

// Issue 32: the whole catalogue downloaded over 4G at 50,000 and 200,000 products (5,000 with --quick),
// each on a shop of its own.
await phase('replica-scale', '32 replica at scale', async () => {
  const { measureReplicaScale } = await import('./replica-scale');
  const run = await measureReplicaScale(app!.distDir, options, log);
  figures.push(...run.figures);
  record.replicaScale = run.runs;
}, runsPhase(options, 'replica-scale') && app !== undefined);

// The shop as a shopper's browser meets it: the local catalogue's size, since a first visit replicates it all.
if (app && !shopNeeded) await app.remove();
if (app && shopNeeded) {
  const built = app;
  log(`starting the shop with ${options.localProducts.toLocaleString('en-GB')} products for the browser figures…`);
  const shop = await startBenchServer(options.localProducts, log, { DIST_DIR: built.distDir });
  try {
    await phase('first-visit', '6 first visit', async () => {
      const visit = await measureFirstVisit(shop.url, built.distDir, options.localProducts);
      figures.push(...visit.figures);
      record.firstVisit = { requests: visit.requests, files: visit.files, replication: visit.replication };
    });
    await phase('lighthouse', '7 Lighthouse', async () => {
      const audit = await measureLighthouse(shop.url, options, started.getTime() + options.budgetSeconds * 1000, log);
      figures.push(...audit.figures);
      record.lighthouseLostPoints = audit.lost;
    });
    // Issue #15: the catalogue in the SharedWorker against the page's own thread (workers disabled).
    await phase('worker-catalogue', '15 catalogue worker', async () => {
      const run = await measureWorkerCatalogue(shop.url, built.distDir, options, log);
      figures.push(...run.figures);
      record.workerCatalogue = run.visits;
    });
  } finally {
    await shop.stop();
    await built.remove();
  }
}

record.phaseSeconds = phaseSeconds;
record.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));
figures.sort((a, b) => a.item.localeCompare(b.item, 'en', { numeric: true }));
const file = await writeResults(started, record, figures);
const load = (l: unknown) => (l as number[]).join(' ');
console.log(`\nBenchmarks (${options.quick ? 'quick' : 'full'}), ${round((Date.now() - started.getTime()) / 1000, 0)} s on ${os.cpus().length} cores; load average ${load(record.loadAverageAtStart)} at start, ${load(record.loadAverageAtEnd)} at end\n`);
console.log(formatTable(figures));
printFindings(figures, record);
console.log(`\nJSON: ${path.relative(REPO_ROOT, file)} (and bench/results/latest.json)`);
