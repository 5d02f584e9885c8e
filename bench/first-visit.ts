/**
 * Items 6, 1 and 8 as one first visit to `/` in a fresh headless Chromium: every request and its
 * bytes, the JavaScript and CSS gzipped with zlib from the build (a stable figure: the wire uses
 * brotli when offered), the catalogue the app replicates into IndexedDB by itself, against a raw
 * Dexie write of the same records, the service worker's precache and the JS heap afterwards.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/helpers/browser';
import { productRecords, rawBulkPutMs, waitForReplica } from './catalogue-download';
import { summariseProfile, type ProfileSummary } from './cpu-profile-summary';
import { pending, type Figure } from './figure';
import { NetworkLog, type RequestRecord } from './network-log';
import { precacheInPage } from './precache';
import { round } from './stats';

const ITEM = '6 first visit';
const kB = (bytes: number) => round(bytes / 1024, 1);
/** The figure for the reference system's first-load JavaScript; not measurable here. */
const REFERENCE_JS_KB = 750;
/** The chunk main.tsx loads once the first screen is up (src/db/start-local-database.ts). */
const LOCAL_DATABASE_CHUNK = /\/assets\/start-local-database-[^/]+\.js$/;
const STREAM = /\/api\/catalog\/stream/;
const FEED = /\/api\/catalog\/changes/;

export interface FirstVisit {
  figures: Figure[];
  requests: RequestRecord[];
  /** gzip kB of each JS and CSS file the page loaded, largest first: where the bytes go. */
  files: { file: string; gzipKb: number }[];
  /** Where the download's time goes: the page's CPU profile, and how long feed requests were in flight. */
  replication: { profile: ProfileSummary; feedSeconds: number; feedInFlightSeconds: number };
}

export async function measureFirstVisit(url: string, distDir: string, products: number): Promise<FirstVisit> {
  const records = await productRecords(url);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const log = await NetworkLog.attach(cdp);
    const started = performance.now();
    await page.goto(`${url}/`, { waitUntil: 'load' });
    // Sampled from the load event (the replication starts after it) until the replica is complete.
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
    const replicaMs = await waitForReplica(page, records.length, started, 120_000);
    const { profile } = await cdp.send('Profiler.stop');
    await log.quiet(STREAM);
    const precache = await precacheInPage(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const rawMs = replicaMs === undefined ? undefined : await rawBulkPutMs(page, records);

    const requests = log.list();
    const files: FirstVisit['files'] = [];
    const gzipOf = async (list: RequestRecord[]) => {
      let total = 0;
      for (const r of list.filter((q) => q.url.startsWith(url))) {
        const bytes = gzipSync(await readFile(path.join(distDir, new URL(r.url).pathname))).length;
        files.push({ file: new URL(r.url).pathname, gzipKb: kB(bytes) });
        total += bytes;
      }
      return total;
    };
    const scripts = requests.filter((r) => r.type === 'Script');
    const jsGzip = await gzipOf(scripts);
    const databaseJs = files.filter((f) => LOCAL_DATABASE_CHUNK.test(f.file)).reduce((sum, f) => sum + f.gzipKb, 0);
    const beforeLoad = files.filter((f) => scripts.some((s) => s.url.endsWith(f.file) && s.start <= (log.loadEventAt ?? 0))).reduce((sum, f) => sum + f.gzipKb, 0);
    const cssGzip = await gzipOf(requests.filter((r) => r.type === 'Stylesheet'));
    const wire = (list: RequestRecord[]) => list.reduce((sum, r) => sum + r.bytes, 0);
    const feed = requests.filter((r) => FEED.test(r.url));
    const allJs = await allJsGzip(distDir);
    const size = products.toLocaleString('en-GB');
    const figures: Figure[] = [
      { item: ITEM, name: 'JavaScript of a first visit to /, gzip', value: kB(jsGzip), unit: 'kB', target: { kind: 'max', value: 150 }, baseline: { name: 'reference system, from the issue (not measured)', value: REFERENCE_JS_KB }, note: `${scripts.length} files, zlib level 6 of the build` },
      { item: ITEM, name: 'of which before the load event', value: round(beforeLoad, 1), unit: 'kB', note: 'the entry chunk and its static imports' },
      { item: ITEM, name: 'of which the local database (start-local-database chunk)', value: round(databaseJs, 1), unit: 'kB', note: 'loaded once the first screen is up' },
      { item: ITEM, name: 'JavaScript on the wire', value: kB(wire(scripts)), unit: 'kB', note: 'brotli when offered, headers included' },
      { item: ITEM, name: 'all JavaScript in the build, gzip', value: kB(allJs.bytes), unit: 'kB', note: `${allJs.files} files, lazy chunks included` },
      { item: ITEM, name: 'CSS of a first visit, gzip', value: kB(cssGzip), unit: 'kB' },
      { item: ITEM, name: 'requests for the first screen', value: requests.length - feed.length, unit: 'requests', note: `${kB(wire(requests.filter((r) => !FEED.test(r.url))))} kB on the wire; catalogue feed not counted` },
      precache
        ? { item: ITEM, name: 'service worker precache', value: kB(precache.bytes), unit: 'kB', note: `${precache.entries} entries in Cache Storage (uncompressed)` }
        : pending(ITEM, 'service worker precache', 'kB', 'no service worker registered by the built app yet'),
      replicaMs === undefined
        ? pending('1 catalogue download', `${size} products into IndexedDB on a first visit`, 's', `the replica did not reach ${records.length} documents within 120 s`, { kind: 'max', value: 5 })
        : {
            item: '1 catalogue download', name: `${size} products into IndexedDB on a first visit`, value: round(replicaMs / 1000, 2), unit: 's', target: { kind: 'max', value: 5 },
            ...(rawMs === undefined ? {} : { baseline: { name: 'raw Dexie bulkPut of the same records, same page', value: round(rawMs / 1000, 2) } }),
            note: `from navigation; ${feed.length} feed requests, ${kB(wire(feed))} kB on the wire`,
          },
      ...(replicaMs !== undefined && rawMs !== undefined
        ? [{ item: '1 catalogue download', name: 'replication time / raw bulkPut time', value: round(replicaMs / rawMs, 2), unit: 'x', target: { kind: 'max', value: 1.5 } as const, note: 'the ratio of the line above, against its target' }]
        : []),
      { item: '8 memory', name: `browser JS heap after the ${size}-product download`, value: round(heap.usedSize / 1024 / 1024, 1), unit: 'MB', note: 'after a forced GC' },
    ];
    files.sort((a, b) => b.gzipKb - a.gzipKb);
    const window = feed.length ? Math.max(...feed.map((r) => r.end ?? r.start)) - Math.min(...feed.map((r) => r.start)) : 0;
    const replication = { profile: summariseProfile({ ...profile, samples: profile.samples ?? [], timeDeltas: profile.timeDeltas ?? [] }, 15), feedSeconds: round(window, 2), feedInFlightSeconds: round(NetworkLog.busySeconds(feed), 2) };
    return { figures, requests, files, replication };
  } finally {
    await browser.close();
  }
}

/** Every JavaScript file the build produced (lazy chunks included), gzipped one by one. */
async function allJsGzip(distDir: string): Promise<{ bytes: number; files: number }> {
  const assets = path.join(distDir, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  let bytes = 0;
  for (const name of names) bytes += gzipSync(await readFile(path.join(assets, name))).length;
  return { bytes, files: names.length };
}
