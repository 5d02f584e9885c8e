/**
 * Issue 32, "the replica at scale": a first visit that downloads the whole catalogue over a phone's
 * 4G link, at each size of `options.replicaSizes`, on a shop of its own (the built app on a cached
 * seeded database). A fresh Chromium profile each time; the page and the catalogue's shared worker
 * both reach the shop through a shaping proxy (shaped-proxy.ts), since DevTools' network emulation of
 * a page does not reach its workers.
 *
 * - Download: the first product feed request (at the proxy) to `<html data-catalog-ready="true">`
 *   (the time a MutationObserver in the page saw it), then the stored products counted.
 * - Bytes on the device: `navigator.storage.estimate()` (usage, and its IndexedDB part), the
 *   profile's IndexedDB files on disk, and each database's stores (records, JSON bytes of the values).
 * - Heap: the page's and the worker's (CDP `Runtime.getHeapUsage` after `HeapProfiler.collectGarbage`),
 *   and their peaks in samples taken every few seconds during the download.
 * - Local listing and search, the worker hop included (worker-catalog.ts: a second port to the same
 *   shared worker, timed from post to answer in the page), median and p95.
 * - The page's main thread: long tasks (a 'longtask' PerformanceObserver from before the app's scripts)
 *   during the download, and the longest from navigation to the end of the queries.
 * - Where the download's time goes: the worker's CPU profile (busy against idle, by chunk), the wire
 *   bytes against the link's rate, and the feed's requests.
 */
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { BenchOptions } from './bench-options';
import { startBenchServer } from './bench-server';
import { summariseProfile } from './cpu-profile-summary';
import { launchDebuggableChromium } from './debuggable-chromium';
import { pending, type Figure } from './figure';
import type { LinkProfile } from './link-shaping';
import { shapedProxy, type ShapedProxy } from './shaped-proxy';
import { round, sleep } from './stats';
import { keepProfile, workerQueriesInPage, type WorkerQueries } from './worker-catalog';
import { attachSharedWorker, type WorkerTarget } from './worker-target';

const ITEM = '32 replica at scale';
/** Chrome DevTools' "4G" preset, as issue 32 states it. */
const FOUR_G: LinkProfile = { name: '4G (9 Mbps, 85 ms RTT)', downBitsPerSecond: 9_000_000, upBitsPerSecond: 9_000_000, rttMs: 85 };
const PRODUCT_FEED = /\/api\/catalog\/changes\?entities=product&/;
const CATALOGUE_WORKER = /\/assets\/catalog-worker[\w-]*\.js/;
const LONG_TASK_MS = 50;
/** Heap and storage samples during the download. */
const SAMPLE_EVERY_MS = 5_000;
/** The worker's profile: coarse sampling, so that the profiler costs the download little. */
const PROFILE_INTERVAL_US = 5_000;
/** The issue's goals, at 200,000 products. */
const GOAL_AT = 200_000;
const GOALS = { downloadS: 120, storageMb: 150, queryMs: 16, taskMs: LONG_TASK_MS } as const;
const MB = 1024 * 1024;

/** Before the app's scripts: long tasks, and the moment the app marks its catalogue ready. */
const INIT_SCRIPT = `(() => {
  const bench = { longTasks: [], readyAt: undefined };
  Object.defineProperty(window, '__replicaBench', { value: bench });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  new MutationObserver(() => {
    if (bench.readyAt === undefined && document.documentElement && document.documentElement.dataset.catalogReady === 'true') bench.readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-catalog-ready'] });
})();`;

interface LongTask { start: number; duration: number }
interface Sample { s: number; wireMb: number; pageHeapMb: number; workerHeapMb: number | undefined; usageMb: number }
interface StoreSize { database: string; store: string; records: number; jsonMb: number }

export interface ReplicaRun {
  /** The shop's seeded catalogue size (SEED_PRODUCTS), which names the run. */
  seeded: number;
  /** Live products in its feed (the seed disables or removes some): what the replica holds when complete. */
  products: number;
  link: string;
  load: { atStart: number[]; atEnd: number[] };
  /** Every product feed page fetched in sequence from Node, unshaped: the server's share. */
  feedAloneMs: number;
  downloadMs: number | undefined;
  fromNavigationMs: number | undefined;
  stored: number | undefined;
  feedRequests: number;
  feedWireMb: number;
  wireMb: number;
  storage: { usageMb: number; indexedDbMb: number | undefined; diskMb: number; stores: StoreSize[] } | undefined;
  pageHeapMb: number | undefined;
  workerHeapMb: number | undefined;
  peaks: { pageHeapMb: number; workerHeapMb: number | undefined };
  samples: Sample[];
  longTasksDuringDownload: LongTask[];
  longestDuringDownloadMs: number;
  /** Navigation to the end of the queries. */
  longestOverallMs: number;
  worker: { busyMs: number; idleMs: number; sources: string; profileFile: string } | undefined;
  queries: WorkerQueries | undefined;
  error?: string;
}

/** Live products on the shop and the time to fetch them all in sequence, unshaped; also warms the server's feed replies. */
async function feedFromNode(url: string): Promise<{ products: number; ms: number }> {
  const started = performance.now();
  let products = 0;
  let checkpoint = { seq: 0, id: '' };
  for (;;) {
    const response = await fetch(`${url}/api/catalog/changes?entities=product&seq=${checkpoint.seq}&id=${encodeURIComponent(checkpoint.id)}&limit=1000`);
    const { result } = (await response.json()) as { result: { documents: { _deleted: boolean }[]; checkpoint: typeof checkpoint } };
    products += result.documents.filter((d) => !d._deleted).length;
    if (result.documents.length < 1000) return { products, ms: performance.now() - started };
    checkpoint = result.checkpoint;
  }
}

async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  let total = 0;
  for (const e of entries) if (e.isFile()) total += (await stat(path.join(e.parentPath, e.name)).catch(() => ({ size: 0 }))).size;
  return total;
}

/** Reply bytes that came down the link so far. */
const bytesDown = (proxy: ShapedProxy) => proxy.seen.reduce((sum, r) => sum + r.downBytes, 0);

const heapMb = async (send: (method: string) => Promise<unknown>) => ((await send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / MB;

/** Each IndexedDB database's stores: records and the JSON length of their values (what the bytes on disk hold, before the database's own overhead). */
function storeSizes(page: Page): Promise<StoreSize[]> {
  return page.evaluate(`(async () => {
    const sizes = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => { const r = indexedDB.open(name); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
      for (const store of db.objectStoreNames) {
        const result = await new Promise((resolve, reject) => {
          let records = 0, chars = 0;
          const cursor = db.transaction(store).objectStore(store).openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return resolve({ records, chars });
            records++;
            chars += JSON.stringify(c.value).length;
            c.continue();
          };
          cursor.onerror = () => reject(cursor.error);
        });
        sizes.push({ database: name, store, records: result.records, jsonMb: result.chars / ${MB} });
      }
      db.close();
    }
    return sizes;
  })()`);
}

/** Products stored in the replica (live ones: RxDB's Dexie storage keeps `_deleted` as '0' or '1' in its `[_deleted+id]` index). */
function storedProducts(page: Page): Promise<number | undefined> {
  return page.evaluate(`(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n && n.endsWith('--products'));
    if (!name) return undefined;
    const db = await new Promise((resolve, reject) => { const r = indexedDB.open(name); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
    try {
      const store = db.transaction('docs').objectStore('docs');
      return await new Promise((resolve) => { const c = store.index('[_deleted+id]').count(IDBKeyRange.bound(['0'], ['0', []])); c.onsuccess = () => resolve(c.result); c.onerror = () => resolve(undefined); });
    } finally { db.close(); }
  })()`);
}

/** One first visit at one size against a running shop. */
async function visit(shopUrl: string, products: number, link: LinkProfile, timeoutMs: number, log: (line: string) => void): Promise<Omit<ReplicaRun, 'seeded' | 'products' | 'feedAloneMs' | 'load'>> {
  const proxy: ShapedProxy = await shapedProxy(shopUrl, link);
  const chromiumProcess = await launchDebuggableChromium();
  let browser: Browser | undefined;
  let worker: WorkerTarget | undefined;
  try {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    await context.addInitScript(INIT_SCRIPT);
    const page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp: CDPSession = await context.newCDPSession(page);
    const pageHeap = () => heapMb((m) => cdp.send(m as 'Runtime.getHeapUsage'));
    const navigatedAt = Date.now();
    await page.goto(`${proxy.url}/`, { waitUntil: 'commit' });
    worker = await attachSharedWorker(browser, CATALOGUE_WORKER);
    await worker.send('Profiler.enable');
    await worker.send('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
    await worker.send('Profiler.start');
    const workerHeap = () => heapMb((m) => worker!.send(m)).catch(() => undefined);

    const samples: Sample[] = [];
    const usageMb = async () => (await page.evaluate<{ usage: number }>('navigator.storage.estimate()')).usage / MB;
    let ready = false;
    const sampling = (async () => {
      while (!ready) {
        samples.push({ s: round((Date.now() - navigatedAt) / 1000, 0), wireMb: round(bytesDown(proxy) / MB, 1), pageHeapMb: round(await pageHeap(), 1), workerHeapMb: round((await workerHeap()) ?? NaN, 1), usageMb: round(await usageMb(), 1) });
        const last = samples.at(-1)!;
        log(`replica-scale ${products.toLocaleString('en-GB')}: ${last.s} s, ${last.wireMb} MB through the link, page heap ${last.pageHeapMb} MB, worker heap ${last.workerHeapMb} MB, storage ${last.usageMb} MB; load ${os.loadavg().map((l) => round(l, 1)).join(' ')}`);
        for (let waited = 0; waited < SAMPLE_EVERY_MS && !ready; waited += 250) await sleep(250);
      }
    })();
    const readyWait = page.waitForFunction(() => document.documentElement.dataset.catalogReady === 'true', undefined, { timeout: timeoutMs, polling: 250 });
    const outcome = await readyWait.then(() => undefined, (error: Error) => error.message);
    ready = true;
    await sampling;
    const { profile } = await worker.send<{ profile: Parameters<typeof summariseProfile>[0] }>('Profiler.stop');
    const seen = await page.evaluate<{ bench: { longTasks: LongTask[]; readyAt?: number }; timeOrigin: number }>('({ bench: window.__replicaBench, timeOrigin: performance.timeOrigin })');
    const feed = proxy.seen.filter((r) => PRODUCT_FEED.test(r.request));
    const feedStart = feed[0] ? feed[0].at - seen.timeOrigin : undefined; // page ms
    const readyAt = seen.bench.readyAt;
    const downloadMs = readyAt !== undefined && feedStart !== undefined ? readyAt - feedStart : undefined;
    const longDuring = seen.bench.longTasks.filter((t) => t.start + t.duration > (feedStart ?? 0) && t.start < (readyAt ?? Infinity));
    const stored = await storedProducts(page);

    const profileFile = await keepProfile(profile, `replica-scale-worker-${products}`);
    const summary = summariseProfile(profile, 6);
    const workerCpu = { busyMs: summary.busyMs, idleMs: summary.idleMs, sources: summary.sources.map((s) => `${s.name.startsWith('/') ? s.name.replace(/^.*\//, '') : s.name} ${round(s.ms / 1000, 1)} s`).join(', '), profileFile };

    await cdp.send('HeapProfiler.collectGarbage');
    const pageHeapMb = await pageHeap();
    await worker.send('HeapProfiler.collectGarbage').catch(() => undefined);
    const workerHeapMb = await workerHeap();

    const queries = outcome === undefined ? await workerQueriesInPage(page, new URL(worker.url).pathname) : undefined;
    const all = await page.evaluate<LongTask[]>('window.__replicaBench.longTasks');

    const estimate = await page.evaluate<{ usage: number; usageDetails?: { indexedDB?: number } }>('navigator.storage.estimate()');
    const diskMb = (await folderBytes(path.join(chromiumProcess.profile, 'Default', 'IndexedDB'))) / MB;
    // Last: reading every record back costs the page time and heap of its own.
    const stores = outcome === undefined ? await storeSizes(page) : [];
    return {
      link: link.name,
      downloadMs, fromNavigationMs: readyAt, stored,
      feedRequests: feed.length, feedWireMb: feed.reduce((sum, r) => sum + r.downBytes, 0) / MB, wireMb: bytesDown(proxy) / MB,
      storage: { usageMb: estimate.usage / MB, indexedDbMb: estimate.usageDetails?.indexedDB === undefined ? undefined : estimate.usageDetails.indexedDB / MB, diskMb, stores },
      pageHeapMb, workerHeapMb,
      peaks: { pageHeapMb: Math.max(pageHeapMb, ...samples.map((s) => s.pageHeapMb)), workerHeapMb: Math.max(workerHeapMb ?? 0, ...samples.map((s) => s.workerHeapMb ?? 0)) || undefined },
      samples,
      longTasksDuringDownload: longDuring.map((t) => ({ start: round(t.start, 0), duration: round(t.duration, 0) })),
      longestDuringDownloadMs: Math.max(0, ...longDuring.map((t) => t.duration)),
      longestOverallMs: Math.max(0, ...all.map((t) => t.duration)),
      worker: workerCpu,
      queries,
      ...(outcome === undefined ? {} : { error: `the catalogue was not ready: ${outcome}` }),
    };
  } finally {
    await worker?.detach();
    await browser?.close().catch(() => undefined);
    await chromiumProcess.close();
    await proxy.close();
  }
}

/** The run at one size: its own shop, the feed warmed from Node, then the first visit. */
async function runAt(products: number, distDir: string, log: (line: string) => void): Promise<ReplicaRun> {
  const shop = await startBenchServer(products, log, { DIST_DIR: distDir });
  try {
    const feed = await feedFromNode(shop.url);
    const atStart = os.loadavg().map((l) => round(l, 2));
    log(`replica-scale ${products.toLocaleString('en-GB')}: the feed alone from Node ${round(feed.ms / 1000, 1)} s; first visit over ${FOUR_G.name}; load ${atStart.join(' ')}`);
    // Generous (2 minutes a 10,000 products): a download far over its goal still finishes and says by how much.
    const visited = await visit(shop.url, products, FOUR_G, Math.max(5 * 60_000, (products / 10_000) * 120_000), log);
    const run: ReplicaRun = { seeded: products, products: feed.products, feedAloneMs: feed.ms, load: { atStart, atEnd: os.loadavg().map((l) => round(l, 2)) }, ...visited };
    log(`replica-scale ${products.toLocaleString('en-GB')}: ${runLine(run)}`);
    return run;
  } finally {
    await shop.stop();
  }
}

/** The per-run line: every figure of one visit, with the machine's load. */
export function runLine(r: ReplicaRun): string {
  const q = (t: WorkerQueries['listing'] | undefined) => (t ? `${round(t.median, 1)}/${round(t.p95, 1)} ms` : 'n/a');
  return [
    `download ${r.downloadMs === undefined ? 'n/a' : `${round(r.downloadMs / 1000, 1)} s`} (${r.stored ?? '?'} of ${r.products} stored, ${r.feedRequests} feed requests, ${round(r.feedWireMb, 1)} MB on the wire)`,
    `storage ${round(r.storage?.usageMb ?? NaN, 1)} MB (IndexedDB files ${round(r.storage?.diskMb ?? NaN, 1)} MB)`,
    `heap page ${round(r.pageHeapMb ?? NaN, 1)} MB (peak ${round(r.peaks.pageHeapMb, 1)}), worker ${round(r.workerHeapMb ?? NaN, 1)} MB (peak ${round(r.peaks.workerHeapMb ?? NaN, 1)})`,
    `listing ${q(r.queries?.listing)}, search ${q(r.queries?.search)} (median/p95)`,
    `longest task during the download ${round(r.longestDuringDownloadMs, 0)} ms (${r.longTasksDuringDownload.length} over 50 ms), overall ${round(r.longestOverallMs, 0)} ms`,
    `worker CPU ${round((r.worker?.busyMs ?? NaN) / 1000, 1)} s busy, ${round((r.worker?.idleMs ?? NaN) / 1000, 1)} s idle`,
    `load ${r.load.atStart.join(' ')} → ${r.load.atEnd.join(' ')}`,
    ...(r.error ? [r.error] : []),
  ].join('; ');
}

function figuresOf(r: ReplicaRun): Figure[] {
  const size = `${r.seeded.toLocaleString('en-GB')}-product shop`;
  const goal = r.seeded >= GOAL_AT;
  const target = (value: number) => (goal ? { target: { kind: 'max' as const, value } } : {});
  const load = `load ${r.load.atStart.join(' ')} at start, ${r.load.atEnd.join(' ')} at end`;
  const figures: Figure[] = [];
  if (r.downloadMs === undefined) {
    figures.push(pending(ITEM, `${size} over ${r.link}: first feed request to catalogue ready`, 's', r.error ?? 'no product feed request reached the proxy', goal ? { kind: 'max', value: GOALS.downloadS } : undefined));
  } else {
    const linkFloorS = (r.feedWireMb * MB * 8) / FOUR_G.downBitsPerSecond;
    figures.push({
      item: ITEM, name: `${size} over ${r.link}: first feed request to catalogue ready`, value: round(r.downloadMs / 1000, 1), unit: 's', ...target(GOALS.downloadS),
      baseline: { name: 'the feed\'s wire bytes at the link\'s rate alone', value: round(linkFloorS, 1) },
      note: `${r.stored ?? '?'} of ${r.products} products stored; ${r.feedRequests} feed requests, ${round(r.feedWireMb, 1)} MB on the wire (${round(r.wireMb, 1)} MB in all); the feed alone from Node, unshaped, ${round(r.feedAloneMs / 1000, 1)} s; worker CPU ${round((r.worker?.busyMs ?? NaN) / 1000, 1)} s busy (${r.worker?.sources ?? ''}); ${load}`,
    });
  }
  if (r.storage) {
    figures.push({
      item: ITEM, name: `${size}: bytes stored on the device (navigator.storage.estimate() usage)`, value: round(r.storage.usageMb, 1), unit: 'MB', ...target(GOALS.storageMb),
      note: `IndexedDB ${round(r.storage.indexedDbMb ?? NaN, 1)} MB of it; the profile's IndexedDB files ${round(r.storage.diskMb, 1)} MB; by store (records, JSON MB): ${r.storage.stores.filter((s) => s.records > 0).sort((a, b) => b.jsonMb - a.jsonMb).slice(0, 4).map((s) => `${s.database.replace(/^.*--/, '')}/${s.store} ${s.records}, ${round(s.jsonMb, 1)}`).join('; ')}`,
    });
  }
  if (r.pageHeapMb !== undefined) figures.push({ item: ITEM, name: `${size}: page JS heap after the download`, value: round(r.pageHeapMb, 1), unit: 'MB', note: `after a forced GC; peak ${round(r.peaks.pageHeapMb, 1)} MB in samples every ${SAMPLE_EVERY_MS / 1000} s during the download` });
  if (r.workerHeapMb !== undefined) figures.push({ item: ITEM, name: `${size}: catalogue worker JS heap after the download`, value: round(r.workerHeapMb, 1), unit: 'MB', note: `after a forced GC; peak ${round(r.peaks.workerHeapMb ?? NaN, 1)} MB in samples every ${SAMPLE_EVERY_MS / 1000} s during the download` });
  for (const [kind, label] of [['listing', 'category listing'], ['search', 'text search']] as const) {
    const q = r.queries?.[kind];
    if (!q || q.count === 0) {
      figures.push(pending(ITEM, `${size}: ${label} through the worker, p95`, 'ms', q?.failed ?? r.error ?? 'not measured', goal ? { kind: 'max', value: GOALS.queryMs } : undefined));
      continue;
    }
    figures.push({ item: ITEM, name: `${size}: ${label} through the worker, p95`, value: round(q.p95, 2), unit: 'ms', ...target(GOALS.queryMs), note: `median ${round(q.median, 2)} ms, slowest ${round(q.slowest, 1)} ms over ${q.count} timed queries (${q.hits.toLocaleString('en-GB')} products matched); timed in the page, post to answer${q.failed ? `; a query failed: ${q.failed}` : ''}` });
  }
  figures.push({
    item: ITEM, name: `${size}: longest main-thread task during the download`, value: round(r.longestDuringDownloadMs, 0), unit: 'ms', ...target(GOALS.taskMs),
    note: `${r.longTasksDuringDownload.length} tasks over ${LONG_TASK_MS} ms (${r.longTasksDuringDownload.slice(0, 6).map((t) => `${t.duration} ms at ${round(t.start / 1000, 1)} s`).join(', ')}); longest from navigation to the end of the queries ${round(r.longestOverallMs, 0)} ms; unthrottled CPU`,
  });
  return figures;
}

export async function measureReplicaScale(distDir: string, options: BenchOptions, log: (line: string) => void): Promise<{ figures: Figure[]; runs: ReplicaRun[] }> {
  const runs: ReplicaRun[] = [];
  for (const products of options.replicaSizes) runs.push(await runAt(products, distDir, log));
  return { figures: runs.flatMap(figuresOf), runs };
}
