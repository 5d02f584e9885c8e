/**
 * Issue #15's targets: the catalogue replica off the page's main thread. Each first visit is a fresh
 * browser context behind a recording proxy (timed-proxy.ts: a shared worker's requests show neither in
 * the page's network events nor in its resource timing), once with the catalogue in the SharedWorker
 * and once with `SharedWorker` and `Worker` deleted by an init script, the app's fallback to the page's
 * own thread (the path every first visit took before the worker): the honest baseline for the
 * main-thread figures.
 *
 * - Download: first product feed request (at the proxy) to the last record stored (the products store
 *   polled in the page), against a raw Dexie `bulkPut` of the same records in the same page.
 * - Main thread during the download: long tasks (a 'longtask' PerformanceObserver injected before
 *   navigation), the page's CPU profile (busy time, and which scripts each long task ran), and a
 *   scripted tap every 200 ms (Playwright mouse clicks on a non-interactive spot; the delay is
 *   `performance.now() - event.timeStamp` in a capturing pointerdown listener, the first JavaScript to
 *   see the event). Unthrottled, then again at 4x CPU throttling (CDP, as Lighthouse mobile does).
 * - Page JS heap after the download, after a forced GC.
 * - Local listing and search through the worker: a second port to the same SharedWorker (same script
 *   URL and name) sends the worker's own `query` messages, timed from post to answer in the page,
 *   against the same engine run on the page's thread over the same replica (local-query-in-page.ts).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/helpers/browser';
import type { BenchOptions } from './bench-options';
import { startBenchServer } from './bench-server';
import { liveRecords, productRecords, rawBulkPutMs, waitForReplica } from './catalog-download';
import { summariseProfile } from './cpu-profile-summary';
import { pending, type Figure } from './figure';
import { localQueriesInPage } from './local-query-in-page';
import { FILTER_QUERIES, TEXT_QUERIES } from './search-queries';
import { median, percentile, round, sleep } from './stats';
import { timedProxy, type TimedProxy, type TimedRequest } from './timed-proxy';
import { REPO_ROOT, TMP_ROOT } from '../tests/helpers/test-config';

export type CatalogueIn = 'shared-worker' | 'page';
const PRODUCT_FEED = /\/api\/catalog\/changes\?entities=product&/;
const TAP_EVERY_MS = 200;
const THROTTLE = 4;
const LONG_TASK_MS = 50;
/** The raw write swings with the machine's load: the median of a few. */
const RAW_REPEATS = 3;
/**
 * First visits with the catalogue in the worker at 4x CPU: their long tasks and worst tap swing from
 * one visit to the next (one visit's longest task 67-105 ms, worst tap 68-156 ms on the same build),
 * so the figures are the median of these visits, the worst of them in the note. The fallback at 4x,
 * a baseline only, is visited once.
 */
const THROTTLED_VISITS = 3;

/** Before any of the page's scripts: the observers, the tap listener and, for the fallback, no workers. */
const initScript = (mode: CatalogueIn) => `(() => {
  const bench = { longTasks: [], taps: [] };
  Object.defineProperty(window, '__bench', { value: bench });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  addEventListener('pointerdown', (e) => { if (e.isTrusted) bench.taps.push({ at: e.timeStamp, delay: performance.now() - e.timeStamp }); }, { capture: true });
  ${mode === 'page' ? 'delete window.SharedWorker; delete window.Worker;' : ''}
})();`;

/** A spot in the lower part of the page whose element neither links nor acts, so a tap there changes nothing. */
const FIND_TAP_SPOT = `(() => {
  const acts = 'a,button,input,select,textarea,label,summary,[role=button],[role=link],[role=tab],[role=menuitem],[role=checkbox],[tabindex]:not([tabindex="-1"]),[contenteditable]';
  for (let y = Math.floor(innerHeight * 0.4); y < innerHeight - 4; y += 23)
    for (let x = Math.floor(innerWidth * 0.1); x < innerWidth * 0.9; x += 31) {
      const el = document.elementFromPoint(x, y);
      if (el && el !== document.documentElement && el !== document.body && !el.closest(acts)) return { x, y, what: el.tagName.toLowerCase() };
    }
  return null;
})()`;

interface LongTask { start: number; duration: number }
interface Tap { at: number; delay: number }

export interface Visit {
  mode: CatalogueIn;
  throttle: number;
  products: number;
  /** Where the app said its catalogue runs (<html data-catalogue-in>). */
  catalogueIn: string | undefined;
  /** First product feed request to the last record stored, ms; undefined when the replica never completed. */
  downloadMs: number | undefined;
  /** Navigation start to the last record stored, ms. */
  fromNavigationMs: number | undefined;
  feedRequests: number;
  /** Each product feed request as the proxy saw it: path and ms until its reply ended. */
  feed: { request: string; ms: number | null }[];
  /** Time at least one product feed request was in flight (at the proxy), ms: the network and server's share. */
  feedInFlightMs: number;
  /** Long tasks overlapping the download, page ms, each with the scripts that ran in it. */
  /** `catalogueMs`: sampled time with catalogue code on the stack (CATALOGUE_CODE); `catalogue`: any. */
  longTasks: (LongTask & { sources: string; catalogueMs: number; catalogue: boolean; sampledMs: number })[];
  longestTaskMs: number;
  /** Sum of (duration - 50 ms) of those tasks: Total Blocking Time over the download. */
  blockingMs: number;
  /** Main-thread busy ms in the CPU profile over the download, and the download's length on the page's clock. */
  busyMs: number | undefined;
  taps: number[];
  heapMb: number | undefined;
  /** The page's CPU profile, and what to add to a page time (ms) to get its clock (ms; x1000 for the profile's µs). */
  profileFile: string;
  pageMsToProfileMs: number | undefined;
  /** Median of RAW_REPEATS raw writes, and each. */
  rawBulkPutMs?: number;
  rawBulkPutRuns?: number[];
  /** Every product feed page fetched in sequence from Node, nothing stored: the floor for the download on this server. */
  feedAloneMs?: number;
  workerQueries?: WorkerQueries;
  pageQueries?: Awaited<ReturnType<typeof localQueriesInPage>>;
}

type Timing = { median: number; p95: number; slowest: number; count: number; failed: string | null; hits: number };
export interface WorkerQueries { listing: Timing; search: Timing }

/** The SharedWorker script the built app starts (the same URL and name reach the same worker). */
async function workerScript(distDir: string): Promise<string> {
  const assets = path.join(distDir, 'assets');
  for (const name of (await readdir(assets)).filter((n) => n.endsWith('.js'))) {
    const m = /new SharedWorker\(new URL\(`(\/assets\/[^`]+\.js)`/.exec(await readFile(path.join(assets, name), 'utf8'));
    if (m) return m[1]!;
  }
  throw new Error('no `new SharedWorker(new URL(...))` in the build: where does the app start its catalogue worker?');
}

/** The worker's own `query` messages from a second port, timed from post to answer on the page's clock. */
export function workerQueriesInPage(page: Page, script: string, repeats = 20): Promise<WorkerQueries> {
  const args = JSON.stringify({ script, listings: FILTER_QUERIES, searches: TEXT_QUERIES, repeats });
  return page.evaluate(`(async ({ script, listings, searches, repeats }) => {
    const port = new SharedWorker(script, { type: 'module', name: 'catalogue' }).port;
    const waiting = new Map();
    port.onmessage = (e) => {
      const m = e.data;
      if (m && (m.kind === 'answer' || m.kind === 'failed') && waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
    };
    let id = 0;
    const ask = (query) => new Promise((resolve) => { const mine = id++; waiting.set(mine, resolve); port.postMessage({ kind: 'query', id: mine, entity: 'product', query }); });
    const time = async (queries) => {
      const times = [];
      let failed = null;
      let hits = 0;
      for (const query of queries) {
        const first = await ask(query); // the first run builds what the query needs lazily
        if (first.kind === 'failed') { failed = first.message; continue; }
        hits += first.value.total;
        for (let i = 0; i < repeats; i++) {
          const started = performance.now();
          await ask(query);
          times.push(performance.now() - started);
        }
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)] ?? NaN, p95: times[Math.ceil(times.length * 0.95) - 1] ?? NaN, slowest: times[times.length - 1] ?? NaN, count: times.length, failed, hits };
    };
    const result = { listing: await time(listings), search: await time(searches) };
    port.postMessage('close');
    port.close();
    return result;
  })(${args})`);
}

type CdpProfile = Parameters<typeof summariseProfile>[0] & { startTime: number; endTime: number };

/** The part of a profile between two CDP monotonic times (µs), for its busy time and sources. */
function sliceProfile(profile: CdpProfile, fromUs: number, toUs: number): Parameters<typeof summariseProfile>[0] {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= fromUs && at <= toUs) {
      samples.push(id);
      timeDeltas.push(delta);
    }
  });
  return { nodes: profile.nodes, samples, timeDeltas };
}

/** `/assets/start-local-database-3q6iVcTt.js` → `start-local-database`. */
const shortSource = (name: string) => (name.startsWith('/') ? name.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '') : name);

/**
 * The page's chunks that hold catalogue code: the local database (its entry and the steps it loads,
 * RxDB's chunks, Dexie's `import-wrapper`, RxDB's query preparation in `catalog-records`, the in-page
 * catalogue and the worker's page end), the local catalogue's state, its stream and reads, and the
 * offline download panel. A long task is the catalogue's when more than half of its samples have one of
 * these on their stack in any sample: strict, since React's own reconciliation of a re-rendered
 * catalogue component (the progress panel) is not under the component's frames.
 */
const CATALOGUE_CODE = /\/assets\/(start-local-database|open-local-shop|local-catalog|offline-catalog|catalog-stream|catalog-reads|catalog-records|catalog-worker|rxdb-[\w-]+|rx-[\w-]+|dexie|import-wrapper)[\w-]*\.js$/;

/** Milliseconds of samples in the slice whose stack holds catalogue code. */
function catalogueMs(slice: Parameters<typeof summariseProfile>[0]): number {
  const byId = new Map(slice.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of slice.nodes) for (const child of (node as { children?: number[] }).children ?? []) parentOf.set(child, node.id);
  const known = new Map<number, boolean>();
  const onStack = (id: number): boolean => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const parent = parentOf.get(id);
    const result = CATALOGUE_CODE.test(byId.get(id)?.callFrame.url ?? '') || (parent !== undefined && onStack(parent));
    known.set(id, result);
    return result;
  };
  return slice.samples.reduce((sum, id, i) => sum + (onStack(id) ? (slice.timeDeltas[i] ?? 0) / 1000 : 0), 0);
}

/** How long at least one of `requests` was in flight, ms (overlaps counted once). */
function inFlightMs(requests: readonly TimedRequest[]): number {
  let total = 0;
  let until = -Infinity;
  for (const r of [...requests].sort((a, b) => a.at - b.at)) {
    const end = r.end ?? r.at;
    if (end <= until) continue;
    total += end - Math.max(r.at, until);
    until = end;
  }
  return total;
}

/** The page's profile stays for DevTools or speedscope (`pageMsToProfileUs` in the JSON record maps the long tasks onto it). */
export async function keepProfile(profile: unknown, name: string): Promise<string> {
  const dir = path.join(TMP_ROOT, 'bench-profiles');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  return path.relative(REPO_ROOT, file);
}

/** One first visit in a fresh context: the download, the main thread meanwhile, the heap after it. */
async function visit(browser: Browser, proxy: TimedProxy, mode: CatalogueIn, throttle: number, records: readonly unknown[], extra: { raw: boolean; queriesVia?: string }): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(initScript(mode));
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    // A same-origin document first, so the shop's page stays in this renderer (profiler and throttling kept).
    await page.goto(`${proxy.url}/api/health`);
    await cdp.send('Network.enable');
    // Epoch ms minus CDP monotonic ms, from the page's own requests: maps the proxy's and the page's times onto the profile.
    let wallMinusMonotonic: number | undefined;
    cdp.on('Network.requestWillBeSent', (e) => void (e.wallTime && (wallMinusMonotonic ??= e.wallTime * 1000 - e.timestamp * 1000)));
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const firstRequest = proxy.seen.length;
    await page.goto(`${proxy.url}/`, { waitUntil: 'load' });
    const spot = await page.evaluate<{ x: number; y: number; what: string } | null>(FIND_TAP_SPOT);
    if (!spot) throw new Error('no non-interactive spot to tap on /');
    let tapping = true;
    const taps = (async () => {
      while (tapping) {
        const at = Date.now();
        await page.mouse.click(spot.x, spot.y).catch(() => undefined);
        await sleep(Math.max(0, TAP_EVERY_MS - (Date.now() - at)));
      }
    })();
    const replica = await waitForReplica(page, records.length, 240_000).finally(() => (tapping = false));
    await taps;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CdpProfile };
    if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForFunction(() => document.documentElement.dataset.catalogReady === 'true', undefined, { timeout: 60_000 }).catch(() => undefined);
    const seen = await page.evaluate<{ bench: { longTasks: LongTask[]; taps: Tap[] }; timeOrigin: number; catalogueIn?: string }>(
      '({ bench: window.__bench, timeOrigin: performance.timeOrigin, catalogueIn: document.documentElement.dataset.catalogueIn })',
    );

    const feed = proxy.seen.slice(firstRequest).filter((r) => PRODUCT_FEED.test(r.request));
    const feedStart = feed.length ? feed[0]!.at - seen.timeOrigin : undefined; // page ms
    const complete = replica?.completeMs;
    const downloadMs = complete !== undefined && feedStart !== undefined ? complete - feedStart : undefined;
    const from = feedStart ?? 0;
    const to = complete ?? Infinity;
    const toProfileUs = (pageMs: number) => (wallMinusMonotonic === undefined ? NaN : (seen.timeOrigin + pageMs - wallMinusMonotonic) * 1000);
    const during = seen.bench.longTasks.filter((t) => t.start + t.duration > from && t.start < to);
    const longTasks = during.map((t) => {
      const slice = sliceProfile(profile, toProfileUs(t.start), toProfileUs(t.start + t.duration));
      const sources = summariseProfile(slice, 3).sources;
      const ms = catalogueMs(slice);
      const sampled = slice.timeDeltas.reduce((sum, d) => sum + d / 1000, 0);
      return { ...t, duration: round(t.duration, 0), start: round(t.start, 0), sources: sources.map((s) => `${shortSource(s.name)} ${round(s.ms, 0)}`).join(', '), catalogueMs: round(ms, 0), catalogue: ms > 0, sampledMs: round(sampled, 0) };
    });
    const busy = complete === undefined || wallMinusMonotonic === undefined ? undefined : summariseProfile(sliceProfile(profile, toProfileUs(from), toProfileUs(to))).busyMs;

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const result: Visit = {
      mode, throttle, products: records.length, catalogueIn: seen.catalogueIn,
      downloadMs, fromNavigationMs: complete, feedRequests: feed.length, feed: feed.map((r) => ({ request: r.request, ms: r.end === undefined ? null : round(r.end - r.at, 0) })), feedInFlightMs: round(inFlightMs(feed), 0),
      longTasks, longestTaskMs: Math.max(0, ...during.map((t) => t.duration)), blockingMs: during.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_TASK_MS), 0),
      busyMs: busy,
      taps: seen.bench.taps.filter((t) => t.at >= from && t.at <= to).map((t) => t.delay),
      heapMb: heap.usedSize / 1024 / 1024,
      profileFile: await keepProfile(profile, `worker-catalogue-${mode}-${throttle}x-${records.length}`),
      pageMsToProfileMs: wallMinusMonotonic === undefined ? undefined : seen.timeOrigin - wallMinusMonotonic,
    };
    if (complete !== undefined && extra.queriesVia) {
      result.workerQueries = await workerQueriesInPage(page, extra.queriesVia);
      result.pageQueries = await localQueriesInPage(page);
    }
    // Last: the records handed to the page take heap of their own.
    if (complete !== undefined && extra.raw) {
      const raw: number[] = [];
      for (let i = 0; i < RAW_REPEATS; i++) raw.push(await rawBulkPutMs(page, records));
      result.rawBulkPutMs = median(raw);
      result.rawBulkPutRuns = raw.map((ms) => round(ms, 0));
    }
    return result;
  } finally {
    await context.close();
  }
}

export interface WorkerCatalogueRun {
  figures: Figure[];
  visits: Visit[];
}

/** The visits at one catalogue size against a running shop: fallback and worker, unthrottled then throttled. */
async function visitsAt(shopUrl: string, distDir: string, log: (line: string) => void, full: boolean): Promise<Visit[]> {
  const records = liveRecords(await productRecords(shopUrl)); // also warms the server's feed replies for both modes
  const feedStarted = performance.now();
  await productRecords(shopUrl);
  const feedAloneMs = performance.now() - feedStarted;
  const script = await workerScript(distDir);
  const proxy = await timedProxy(shopUrl);
  const browser = await launchBrowser();
  const visits: Visit[] = [];
  try {
    const throttled: [CatalogueIn, number][] = Array.from({ length: THROTTLED_VISITS }, () => ['shared-worker', THROTTLE]);
    const plan: [CatalogueIn, number][] = full ? [['page', 1], ['shared-worker', 1], ['page', THROTTLE], ...throttled] : [['shared-worker', 1]];
    for (const [mode, throttle] of plan) {
      log(`worker-catalogue: ${records.length.toLocaleString('en-GB')} products, catalogue in ${mode}${throttle > 1 ? `, CPU throttled ${throttle}x` : ''}…`);
      visits.push({ ...(await visit(browser, proxy, mode, throttle, records, { raw: throttle === 1 && full, ...(mode === 'shared-worker' && throttle === 1 ? { queriesVia: script } : {}) })), feedAloneMs: round(feedAloneMs, 0) });
    }
  } finally {
    await browser.close();
    await proxy.close();
  }
  return visits;
}

const ITEM1 = '1 catalogue download';
const ITEM2 = '15 main thread during the download';
const ITEM3 = '15 local queries through the worker';
const ITEM8 = '8 memory';

function figuresOf(visits: Visit[]): Figure[] {
  const figures: Figure[] = [];
  const find = (mode: CatalogueIn, throttle: number, products?: number) => visits.find((v) => v.mode === mode && v.throttle === throttle && (products === undefined || v.products === products));
  const size = (v: Visit) => v.products.toLocaleString('en-GB');
  const where = (v: Visit) => (v.catalogueIn === v.mode ? '' : ` (the app said data-catalogue-in="${v.catalogueIn ?? ''}")`);

  // Item 1: the download at the local size, worker and fallback, each against its own page's raw write.
  for (const v of visits.filter((x) => x.throttle === 1 && x.rawBulkPutMs !== undefined)) {
    const label = v.mode === 'shared-worker' ? 'in the SharedWorker' : 'on the page (workers disabled)';
    if (v.downloadMs === undefined) {
      figures.push(pending(ITEM1, `${size(v)} products ${label}: first feed request to last record stored`, 's', 'the replica never completed', { kind: 'max', value: 5 }));
      continue;
    }
    const baseline = { baseline: { name: 'raw Dexie bulkPut of the same records, same page', value: round(v.rawBulkPutMs! / 1000, 2) } };
    figures.push({ item: ITEM1, name: `${size(v)} products ${label}: first feed request to last record stored`, value: round(v.downloadMs / 1000, 2), unit: 's', target: { kind: 'max', value: 5 }, ...baseline, note: `raw write median of ${v.rawBulkPutRuns!.join(', ')} ms; ${v.feedRequests} product feed requests (at the proxy), in flight ${round(v.feedInFlightMs / 1000, 2)} s; the feed alone from Node ${round(v.feedAloneMs! / 1000, 2)} s; ${round(v.fromNavigationMs! / 1000, 2)} s from navigation${where(v)}` });
    figures.push({ item: ITEM1, name: `${label}: download / raw bulkPut`, value: round(v.downloadMs / v.rawBulkPutMs!, 2), unit: 'x', target: { kind: 'max', value: 1.5 } });
  }
  for (const v of visits.filter((x) => x.mode === 'shared-worker' && x.throttle === 1 && x.rawBulkPutMs === undefined && x.downloadMs !== undefined)) {
    figures.push({ item: ITEM1, name: `${size(v)} products in the SharedWorker: first feed request to last record stored`, value: round(v.downloadMs! / 1000, 2), unit: 's', note: `${v.feedRequests} product feed requests, in flight ${round(v.feedInFlightMs / 1000, 2)} s; the feed alone from Node ${round(v.feedAloneMs! / 1000, 2)} s; no raw write at this size${where(v)}` });
  }

  // Item 2: the main thread while it runs, worker against fallback, unthrottled and throttled. With
  // several worker visits at a speed (THROTTLED_VISITS) each figure is the median of the visits'
  // values, each visit's value in `samples` and the note with the worst.
  for (const throttle of [1, THROTTLE]) {
    const ws = visits.filter((v) => v.mode === 'shared-worker' && v.throttle === throttle && v.products === visits[0]?.products);
    const p = find('page', throttle, visits[0]?.products);
    const w = ws[0];
    if (!w) continue;
    const cpu = throttle > 1 ? `, CPU ${throttle}x slower` : '';
    const base = (name: string, value: number | undefined) => (p && value !== undefined ? { baseline: { name: `fallback (workers disabled): ${name}`, value: round(value, 0) } } : {});
    /** The median over the worker's visits, each visit's value, and a note saying so (nothing when one visit). */
    const over = (of: (v: Visit) => number, digits = 0) => {
      const samples = ws.map((v) => round(of(v), digits));
      const value = round(median(samples), digits);
      // The visit whose value is the median (the middle one of an odd count), for what ran in it.
      const middle = ws[samples.indexOf([...samples].sort((x, y) => x - y)[Math.floor((samples.length - 1) / 2)]!)]!;
      const spread = ws.length > 1 ? `median of ${ws.length} visits (${samples.join(', ')}; worst ${Math.max(...samples)}); ` : '';
      return { value, samples, middle, spread };
    };
    const longest = (v: Visit) => [...v.longTasks].sort((a, b) => b.duration - a.duration)[0];
    const any = over((v) => v.longestTaskMs);
    const top = longest(any.middle);
    figures.push({
      item: ITEM2, name: `longest main-thread task during the ${size(w)}-product download, any cause${cpu}`, value: any.value, unit: 'ms', ...base('longest', p?.longestTaskMs), ...(ws.length > 1 ? { samples: any.samples } : {}),
      note: `${any.spread}${any.middle.longTasks.length} tasks over 50 ms${top ? `; the longest ran ${top.sources}` : ''}${p ? `; fallback: ${p.longTasks.length} tasks over 50 ms${longest(p) ? `, the longest ran ${longest(p)!.sources}` : ''}` : ''}${where(w)}`,
    });
    const ours = (v: Visit) => v.longTasks.filter((t) => t.catalogue);
    const longestOurs = (v: Visit) => Math.max(0, ...ours(v).map((t) => t.duration));
    const tasksOf = (v: Visit) => `${ours(v).length} of ${v.longTasks.length}${ours(v).length ? ` (${ours(v).map((t) => `${t.duration} ms, ${t.catalogueMs} ms of it sampled in catalogue code`).join('; ')})` : ''}`;
    const caused = over(longestOurs);
    figures.push({
      item: ITEM2, name: `longest main-thread task caused by the catalogue during the download${cpu}`, value: caused.value, unit: 'ms', target: { kind: 'max', value: LONG_TASK_MS }, ...base('longest', p ? longestOurs(p) : undefined), ...(ws.length > 1 ? { samples: caused.samples } : {}),
      note: `${caused.spread}tasks over 50 ms in which catalogue code (local database, catalogue state, stream, offline panel) ran: ${ws.map(tasksOf).join(' | ')}${p ? `; fallback ${ours(p).length} of ${p.longTasks.length}` : ''}`,
    });
    const blocking = over((v) => v.blockingMs);
    figures.push({ item: ITEM2, name: `blocking time (task time over 50 ms) during the download${cpu}`, value: blocking.value, unit: 'ms', ...base('blocking time', p?.blockingMs), ...(ws.length > 1 ? { samples: blocking.samples } : {}), note: `${blocking.spread}sum of (task - 50 ms) over long tasks overlapping the download; ${ws.map((v) => round((v.downloadMs ?? NaN) / 1000, 1)).join(', ')} s download${p ? ` (fallback ${round((p.downloadMs ?? NaN) / 1000, 1)} s)` : ''}` });
    if (ws.every((v) => v.busyMs !== undefined)) {
      const busy = over((v) => v.busyMs!);
      figures.push({ item: ITEM2, name: `page main-thread CPU during the download${cpu}`, value: busy.value, unit: 'ms', ...base('CPU', p?.busyMs), ...(ws.length > 1 ? { samples: busy.samples } : {}), note: `${busy.spread}busy samples of the page's CPU profile, first feed request to last record stored` });
    }
    const tapped = ws.filter((v) => v.taps.length > 0);
    if (tapped.length === ws.length) {
      const taps = ws.flatMap((v) => v.taps);
      const worst = over((v) => Math.max(...v.taps), 1);
      figures.push({
        item: ITEM2, name: `input delay of a tap every ${TAP_EVERY_MS} ms during the download, worst${cpu}`, value: worst.value, unit: 'ms', target: { kind: 'max', value: 100 }, ...base('worst', p?.taps.length ? Math.max(...p.taps) : undefined), ...(ws.length > 1 ? { samples: worst.samples } : {}),
        note: `${worst.spread}${taps.length} taps${ws.length > 1 ? ` over the ${ws.length} visits` : ''}, median ${round(median(taps), 1)} ms, p95 ${round(percentile(taps, 95), 1)} ms${p?.taps.length ? `; fallback ${p.taps.length} taps, median ${round(median(p.taps), 1)} ms, p95 ${round(percentile(p.taps, 95), 1)} ms` : ''}`,
      });
    } else {
      figures.push(pending(ITEM2, `input delay of a tap during the download${cpu}`, 'ms', `no tap landed during the download in ${ws.length - tapped.length} of ${ws.length} visits`, { kind: 'max', value: 100 }));
    }
  }

  // Item 3: listing and search through the worker, at each size, against the engine on the page's thread.
  for (const v of visits.filter((x) => x.workerQueries)) {
    for (const [kind, label] of [['listing', 'category listing'], ['search', 'text search']] as const) {
      const q = v.workerQueries![kind];
      const inPage = v.pageQueries?.[kind];
      if (q.count === 0) {
        figures.push(pending(ITEM3, `${label} via the SharedWorker, ${size(v)} products`, 'ms', `the worker answered no query: ${q.failed ?? 'unknown'}`, { kind: 'max', value: 16 }));
        continue;
      }
      figures.push({
        item: ITEM3, name: `${label} via the SharedWorker, ${size(v)} products, round trip`, value: round(q.median, 2), unit: 'ms', target: { kind: 'max', value: 16 },
        ...(inPage ? { baseline: { name: 'same engine on the page\'s thread, no round trip', value: round(inPage.median, 2) } } : {}),
        note: `median of ${q.count} (${q.hits.toLocaleString('en-GB')} products matched over the queries); p95 ${round(q.p95, 2)} ms, slowest ${round(q.slowest, 1)} ms${q.failed ? `; a query failed: ${q.failed}` : ''}`,
      });
    }
  }

  // Item 8: the page's heap after the download.
  const w = find('shared-worker', 1, visits[0]?.products);
  const p = find('page', 1, visits[0]?.products);
  if (w?.heapMb !== undefined) {
    figures.push({ item: ITEM8, name: `page JS heap after the ${size(w)}-product download, catalogue in the SharedWorker`, value: round(w.heapMb, 1), unit: 'MB', target: { kind: 'max', value: 10 }, ...(p?.heapMb !== undefined ? { baseline: { name: 'fallback (workers disabled)', value: round(p.heapMb, 1) } } : {}), note: 'CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage; the worker\'s own heap not included' });
  }
  return figures;
}

/**
 * The phase: at the local catalogue's size against `shopUrl` (a shop already serving the build), then
 * the worker's queries at the server's size on a shop of its own when that is larger (the full run's 50,000).
 */
export async function measureWorkerCatalogue(shopUrl: string, distDir: string, options: BenchOptions, log: (line: string) => void): Promise<WorkerCatalogueRun> {
  const visits = await visitsAt(shopUrl, distDir, log, true);
  if (options.serverProducts > options.localProducts) {
    const big = await startBenchServer(options.serverProducts, log, { DIST_DIR: distDir });
    try {
      visits.push(...(await visitsAt(big.url, distDir, log, false)));
    } finally {
      await big.stop();
    }
  }
  return { figures: figuresOf(visits), visits };
}
