/**
 * Issue 32, offline-ready on a phone's connection: a first visit to `/` in a fresh Chromium profile
 * over Slow 4G, shaped at a proxy for the page and its workers alike (shaped-proxy.ts), timed from
 * navigation start (the page's clock) until the service worker controls the page and until the app
 * says the whole catalogue is stored (`<html data-catalog-ready="true">`, checked against the count
 * in IndexedDB). Offline-ready is the later of the two. At 2,000 and 10,000 products, each run a line.
 *
 * Also per run: what the service worker precached (Cache Storage, by cache), the bytes that came down
 * the link before offline-ready by what they were for, and what the "Use offline" panel at the foot of
 * the page said meanwhile (its progress line, sampled).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../e2e/helpers/browser';
import type { BenchOptions } from './bench-options';
import { startBenchServer } from './bench-server';
import { liveRecords, productRecords } from './catalog-download';
import type { Figure } from './figure';
import { SLOW_4G } from './link-shaping';
import { shapedProxy, type ShapedRequest } from './shaped-proxy';
import { median, round } from './stats';

const ITEM = '32 offline-ready';
/** Issue 32's limits, seconds from the first navigation. */
export const OFFLINE_READY_TARGET_S: Record<number, number> = { 2_000: 15, 10_000: 45 };
const kB = (bytes: number) => round(bytes / 1024, 0);
const seconds = (ms: number) => round(ms / 1000, 1);

/**
 * Before the page's scripts: when the page first has a controller and when the catalogue is marked
 * stored (page ms since navigation start), when the download's question came up (a metered
 * connection asks before downloading), and each new text of the "Use offline" panel's progress
 * line. Sampled every 250 ms rather than observed: an observer on the whole document would run on
 * every render of the download.
 */
const WATCH = `(() => {
  const seen = { progress: [] };
  Object.defineProperty(window, '__offlineReady', { value: seen });
  const sw = navigator.serviceWorker;
  if (sw) {
    if (sw.controller) seen.controlledAt = 0;
    sw.addEventListener('controllerchange', () => { if (seen.controlledAt === undefined) seen.controlledAt = performance.now(); });
  }
  const look = () => {
    const html = document.documentElement;
    if (html && html.dataset.catalogReady === 'true' && seen.catalogReadyAt === undefined) seen.catalogReadyAt = performance.now();
    if (seen.askedAt === undefined && document.querySelector('[data-testid=offline-download-question]')) seen.askedAt = performance.now();
    if (seen.panelAppReadyAt === undefined && document.querySelector('[data-testid=offline-app][data-state=ready]')) seen.panelAppReadyAt = performance.now();
    const line = document.querySelector('[data-testid=offline-progress]')?.textContent ?? null;
    const status = document.querySelector('[data-testid=offline-catalogue-status]')?.textContent ?? null;
    const text = line ?? status;
    const last = seen.progress[seen.progress.length - 1];
    if (text !== null && (!last || last.text !== text)) seen.progress.push({ at: performance.now(), text });
  };
  new MutationObserver(look).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-catalog-ready'] });
  setInterval(look, 250);
})()`;

interface Watched {
  controlledAt?: number;
  catalogReadyAt?: number;
  askedAt?: number;
  panelAppReadyAt?: number;
  progress: { at: number; text: string }[];
}

export interface CacheContents {
  name: string;
  entries: number;
  bytes: number;
}

export interface OfflineReadyRun {
  products: number;
  run: number;
  /** Page ms from navigation start; undefined when it did not happen within the limit. */
  controlledMs?: number;
  catalogueMs?: number;
  readyMs?: number;
  /** The download asked first (metered or slow connection) at this time and was answered "Download now" at once. */
  askedMs?: number;
  /** Live products in IndexedDB right after the catalogue was marked stored, against the shop's. */
  stored: number;
  expected: number;
  effectiveType?: string;
  caches: CacheContents[];
  /** Bytes that came down the link from navigation to offline-ready, by what they were for. */
  downBeforeReady: Record<string, number>;
  requestsBeforeReady: number;
  /** Page ms when the browser asked for /sw.js (the app registered its worker), and the precache fetches that reached the link: how many, first sent to last answered. */
  swRequestedMs?: number;
  precacheFetches: { count: number; fromMs?: number; toMs?: number };
  /** The panel's progress texts: how many distinct, the first and last, and when (s); when it said the shop itself is saved (page ms). */
  panelAppReadyMs?: number;
  panel: { texts: number; first?: string; firstAtS?: number; last?: string; lastAtS?: number };
  /** The largest replies before offline-ready, for where the bytes go. */
  largest: { request: string; group: string; kB: number }[];
  /** The page's first contentful paint, ms from navigation start. */
  firstPaintMs?: number;
  /** Each group's requests before offline-ready: how many, first sent and last answered (ms from navigation start). */
  phases: Record<string, { count: number; fromMs: number; toMs: number; kB: number }>;
  /** Every request before offline-ready, in order: for the timeline (results JSON only). */
  timeline: { request: string; group: string; atMs: number; endMs?: number; kB: number; encoding?: string }[];
  loadAverage: number;
}

/** What a request was for, from its path and `Sec-Fetch-Dest` (the service worker's precache fetches are `empty`). */
export function requestGroup(request: Pick<ShapedRequest, 'request' | 'dest'>): string {
  const url = request.request.slice(request.request.indexOf(' ') + 1);
  const pathname = url.split('?')[0]!;
  if (pathname.startsWith('/api/catalog/changes')) return 'catalogue feed';
  if (pathname.startsWith('/api/')) return 'other API';
  if (pathname.startsWith('/img/')) return 'pictures';
  if (pathname === '/sw.js' || pathname.startsWith('/workbox-') || request.dest === 'serviceworker') return 'service worker scripts';
  if (request.dest === 'empty') return 'precache';
  if (request.dest === 'document') return 'page';
  return 'page assets';
}

/** Every cache in Cache Storage with its entries and their bytes (uncompressed, as stored). */
function cachesInPage(page: Page): Promise<CacheContents[]> {
  return page.evaluate(async () => {
    const result: { name: string; entries: number; bytes: number }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const requests = await cache.keys();
      for (const request of requests) bytes += (await (await cache.match(request))?.blob())?.size ?? 0;
      result.push({ name, entries: requests.length, bytes });
    }
    return result;
  });
}

/** Live products in the replica's IndexedDB store now (RxDB's Dexie storage: `docs`, `[_deleted+id]`). */
function storedProducts(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.endsWith('--products'));
    if (!name) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('docs')) return 0;
      const index = db.transaction('docs').objectStore('docs').index('[_deleted+id]');
      return await new Promise<number>((resolve) => {
        // Arrays sort after strings in IndexedDB, so ['0', []] is above every ['0', id].
        const count = index.count(IDBKeyRange.bound(['0'], ['0', []]));
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
      });
    } finally {
      db.close();
    }
  });
}

/** One first visit in a fresh profile behind a fresh shaped link. */
async function visit(shopUrl: string, products: number, expected: number, run: number, limitMs: number): Promise<OfflineReadyRun> {
  const proxy = await shapedProxy(shopUrl, SLOW_4G);
  const profileDir = await mkdtemp(path.join(os.tmpdir(), 'bench-offline-ready-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 412, height: 823 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await context.addInitScript(WATCH);
    const page = context.pages()[0] ?? (await context.newPage());
    // A metered connection asks before downloading: the shopper answers at once.
    void page.locator('[data-testid=offline-download-question] .button-primary').click({ timeout: limitMs }).catch(() => undefined);
    await page.goto(`${proxy.url}/`, { waitUntil: 'commit', timeout: limitMs });
    const ready = await page
      .waitForFunction(() => {
        const seen = (window as unknown as { __offlineReady?: Watched }).__offlineReady;
        return seen?.controlledAt !== undefined && seen.catalogReadyAt !== undefined;
      }, undefined, { timeout: limitMs, polling: 250 })
      .then(() => true, () => false);
    const watched = await page.evaluate(() => (window as unknown as { __offlineReady: Watched }).__offlineReady);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const firstPaintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    const stored = await storedProducts(page);
    const effectiveType = await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType);
    const caches = ready ? await cachesInPage(page) : [];
    const readyMs = ready ? Math.max(watched.controlledAt!, watched.catalogReadyAt!) : undefined;
    const until = timeOrigin + (readyMs ?? limitMs);
    const before = proxy.seen.filter((r) => r.at <= until);
    const downBeforeReady: Record<string, number> = {};
    for (const r of before) downBeforeReady[requestGroup(r)] = (downBeforeReady[requestGroup(r)] ?? 0) + r.downBytes;
    const texts = watched.progress;
    const swAt = proxy.seen.find((r) => r.request.startsWith('GET /sw.js'))?.at;
    const fetched = before.filter((r) => requestGroup(r) === 'precache');
    const precacheFetches = {
      count: fetched.length,
      ...(fetched.length ? { fromMs: Math.min(...fetched.map((r) => r.at)) - timeOrigin, toMs: Math.max(...fetched.map((r) => r.end ?? r.at)) - timeOrigin } : {}),
    };
    const phases: OfflineReadyRun['phases'] = {};
    for (const r of before) {
      const group = requestGroup(r);
      const phase = (phases[group] ??= { count: 0, fromMs: Infinity, toMs: 0, kB: 0 });
      phase.count++;
      phase.fromMs = Math.min(phase.fromMs, round(r.at - timeOrigin, 0));
      phase.toMs = Math.max(phase.toMs, round((r.end ?? until) - timeOrigin, 0));
      phase.kB += r.downBytes / 1024;
    }
    for (const phase of Object.values(phases)) phase.kB = kB(phase.kB * 1024);
    const timeline = before.map((r) => ({ request: r.request, group: requestGroup(r), atMs: round(r.at - timeOrigin, 0), ...(r.end !== undefined ? { endMs: round(r.end - timeOrigin, 0) } : {}), kB: round(r.downBytes / 1024, 1), ...(r.contentEncoding ? { encoding: r.contentEncoding } : {}) }));
    const result: OfflineReadyRun = {
      products,
      run,
      ...(watched.controlledAt !== undefined ? { controlledMs: watched.controlledAt } : {}),
      ...(watched.catalogReadyAt !== undefined ? { catalogueMs: watched.catalogReadyAt } : {}),
      ...(readyMs !== undefined ? { readyMs } : {}),
      ...(watched.askedAt !== undefined ? { askedMs: watched.askedAt } : {}),
      stored,
      expected,
      ...(effectiveType ? { effectiveType } : {}),
      caches,
      downBeforeReady,
      requestsBeforeReady: before.length,
      ...(swAt !== undefined ? { swRequestedMs: swAt - timeOrigin } : {}),
      precacheFetches,
      ...(watched.panelAppReadyAt !== undefined ? { panelAppReadyMs: watched.panelAppReadyAt } : {}),
      panel: {
        texts: texts.length,
        ...(texts[0] ? { first: texts[0].text, firstAtS: seconds(texts[0].at) } : {}),
        ...(texts.length ? { last: texts[texts.length - 1]!.text, lastAtS: seconds(texts[texts.length - 1]!.at) } : {}),
      },
      ...(firstPaintMs !== undefined ? { firstPaintMs } : {}),
      phases,
      timeline,
      largest: [...before].sort((a, b) => b.downBytes - a.downBytes).slice(0, 8).map((r) => ({ request: r.request, group: requestGroup(r), kB: kB(r.downBytes) })),
      loadAverage: round(os.loadavg()[0]!, 2),
    };
    return result;
  } finally {
    await context.close();
    await proxy.close();
    await rm(profileDir, { recursive: true, force: true });
  }
}

const sizeText = (n: number) => n.toLocaleString('en-GB');
const s = (ms: number | undefined) => (ms === undefined ? 'never' : `${seconds(ms)} s`);

/** Each group's window on the link, earliest first: where the time before offline-ready went. */
function phaseText(phases: OfflineReadyRun['phases']): string {
  return Object.entries(phases)
    .sort((a, b) => a[1].fromMs - b[1].fromMs)
    .map(([group, p]) => `${group} ${p.count} ${s(p.fromMs)}–${s(p.toMs)} ${p.kB}`)
    .join(', ');
}

/** The per-run line printed as the run ends. */
export function runLine(r: OfflineReadyRun): string {
  const target = OFFLINE_READY_TARGET_S[r.products];
  const precache = r.caches.reduce((sum, c) => sum + c.entries, 0);
  const precacheBytes = r.caches.reduce((sum, c) => sum + c.bytes, 0);
  const down = Object.entries(r.downBeforeReady).sort((a, b) => b[1] - a[1]).map(([group, bytes]) => `${group} ${kB(bytes)}`).join(', ');
  const total = Object.values(r.downBeforeReady).reduce((sum, b) => sum + b, 0);
  return `offline-ready ${sizeText(r.products)} products, run ${r.run}: service worker controls ${s(r.controlledMs)}, catalogue stored ${s(r.catalogueMs)} (${sizeText(r.stored)} of ${sizeText(r.expected)}) → ready ${s(r.readyMs)}${target ? ` (target ≤ ${target} s)` : ''}`
    + `${r.askedMs !== undefined ? `; asked first at ${s(r.askedMs)}, answered at once` : ''}`
    + `; /sw.js asked at ${s(r.swRequestedMs)}, ${r.precacheFetches.count} precache fetches over the link ${s(r.precacheFetches.fromMs)}–${s(r.precacheFetches.toMs)}`
    + `; first paint ${s(r.firstPaintMs)}; by group (requests, first sent–last answered, kB): ${phaseText(r.phases)}`
    + `; Cache Storage ${precache} entries, ${kB(precacheBytes)} kB; down before ready ${kB(total)} kB in ${r.requestsBeforeReady} requests (${down}); panel ${r.panel.texts} texts, "${r.panel.first ?? '-'}" … "${r.panel.last ?? '-'}", shop itself saved shown at ${r.panelAppReadyMs === undefined ? 'not by then' : s(r.panelAppReadyMs)}; effectiveType ${r.effectiveType ?? '?'}; load ${r.loadAverage}`;
}

function figuresAt(products: number, runs: OfflineReadyRun[]): Figure[] {
  const target = OFFLINE_READY_TARGET_S[products];
  const size = sizeText(products);
  const all = (pick: (r: OfflineReadyRun) => number | undefined) => runs.map(pick);
  const worst = (values: (number | undefined)[]) => (values.some((v) => v === undefined) ? null : seconds(Math.max(...(values as number[]))));
  const list = (values: (number | undefined)[]) => values.map((v) => (v === undefined ? 'never' : seconds(v))).join(', ');
  const loads = runs.map((r) => r.loadAverage).join(', ');
  const ready = all((r) => r.readyMs);
  const first = runs[0]!;
  const precache = first.caches.find((c) => c.name.includes('precache'));
  const down = (r: OfflineReadyRun) => Object.values(r.downBeforeReady).reduce((sum, b) => sum + b, 0);
  const short = runs.filter((r) => r.readyMs !== undefined && r.stored < r.expected);
  return [
    {
      item: ITEM, name: `${size} products over Slow 4G: first navigation to offline-ready (service worker in control, whole catalogue stored)`, value: worst(ready), unit: 's',
      ...(target ? { target: { kind: 'max' as const, value: target } } : {}),
      ...(ready.every((v) => v !== undefined) ? { samples: ready.map((v) => seconds(v ?? NaN)) } : {}),
      note: `slowest of ${runs.length} runs (s): ${list(ready)}; load average ${loads}; 1.6 Mbps down, 750 kbps up, 150 ms RTT at a proxy for the page and its workers, no CPU throttling${short.length ? `; ${short.length} run(s) marked stored with fewer products in IndexedDB than the shop's` : ''}`,
    },
    { item: ITEM, name: `${size} products: navigation to the service worker controlling the page`, value: worst(all((r) => r.controlledMs)), unit: 's', note: `slowest; runs ${list(all((r) => r.controlledMs))}` },
    { item: ITEM, name: `${size} products: navigation to the whole catalogue stored`, value: worst(all((r) => r.catalogueMs)), unit: 's', note: `slowest; runs ${list(all((r) => r.catalogueMs))}` },
    {
      item: ITEM, name: `${size} products: bytes down the link before offline-ready`, value: kB(median(runs.map(down))), unit: 'kB',
      note: `median of runs; first run by what for: ${Object.entries(first.downBeforeReady).sort((a, b) => b[1] - a[1]).map(([g, b]) => `${g} ${kB(b)}`).join(', ')}`,
    },
    {
      item: ITEM, name: 'service worker precache (Cache Storage)', value: precache ? kB(precache.bytes) : null, unit: 'kB',
      note: precache ? `${precache.entries} entries, uncompressed as stored` : 'no precache cache found',
    },
  ];
}

export interface OfflineReadyResult {
  figures: Figure[];
  runs: OfflineReadyRun[];
}

/** The phase: each catalogue size on a shop of its own serving the build in `distDir`. */
export async function measureOfflineReady(distDir: string, options: BenchOptions, log: (line: string) => void): Promise<OfflineReadyResult> {
  const sizes = options.quick ? [2_000] : [2_000, 10_000];
  const repeats = options.quick ? 1 : 3;
  const figures: Figure[] = [];
  const runs: OfflineReadyRun[] = [];
  for (const products of sizes) {
    const shop = await startBenchServer(products, log, { DIST_DIR: distDir });
    try {
      const expected = liveRecords(await productRecords(shop.url)).length;
      // A shop that has just started renders its first page in seconds (code loaded and compiled on
      // first use; 15 s on a loaded machine): a phone's first visit meets one that has served others.
      await fetch(`${shop.url}/`).then((reply) => reply.arrayBuffer());
      const limitMs = 4 * (OFFLINE_READY_TARGET_S[products] ?? 60) * 1000;
      const here: OfflineReadyRun[] = [];
      for (let run = 1; run <= repeats; run++) {
        const result = await visit(shop.url, products, expected, run, limitMs);
        console.log(runLine(result));
        here.push(result);
      }
      figures.push(...figuresAt(products, here));
      runs.push(...here);
    } finally {
      await shop.stop();
    }
  }
  return { figures, runs };
}
