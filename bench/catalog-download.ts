/**
 * Item 1 on a first visit: the app replicates the catalogue into IndexedDB (RxDB on Dexie) by
 * itself; this watches the products store fill up, then writes the same product records with a raw
 * Dexie `bulkPut` in the same page, the practical limit the replication is compared with.
 */
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { toProductRecord } from '../replication/catalog/catalog-records';
import type { FeedDocument } from '../replication/catalog/catalog-feed';
import { productsCollection } from '../schemas/rx/products.schema';
import { REPO_ROOT } from '../tests/helpers/test-config';

/** Every product record the replica will hold, read from the same change feed the app pulls. */
export async function productRecords(url: string): Promise<unknown[]> {
  const records: unknown[] = [];
  let checkpoint = { seq: 0, id: '' };
  for (;;) {
    const response = await fetch(`${url}/api/catalog/changes?entities=product&seq=${checkpoint.seq}&id=${encodeURIComponent(checkpoint.id)}&limit=1000`);
    const { result } = (await response.json()) as { result: { documents: FeedDocument[]; checkpoint: typeof checkpoint } };
    records.push(...result.documents.map((doc) => toProductRecord(doc)));
    if (result.documents.length < 1000) return records;
    checkpoint = result.checkpoint;
  }
}

/** The records a replica holds: a removal of a product the device never had is not stored. */
export const liveRecords = (records: readonly unknown[]) => records.filter((r) => !(r as { _deleted?: boolean })._deleted);

/** When the replica was complete, on the page's clock (milliseconds since navigation started). */
export interface ReplicaTimes {
  /** The last record stored (the first poll that found them all). */
  completeMs: number;
  /** The first product feed request left the page. */
  firstFeedMs: number | undefined;
}

/**
 * Waits in the page until the replica's products store holds `expected` live documents (RxDB's
 * Dexie storage keeps them in `docs`, `_deleted` as '0' or '1' in its `[_deleted+id]` index),
 * polling every `pollMs`; undefined on timeout. Times are read from the page's own clock, the
 * first feed request from its resource timing, so neither depends on this process's polling.
 */
export function waitForReplica(page: Page, expected: number, timeoutMs: number, pollMs = 25): Promise<ReplicaTimes | undefined> {
  // No named functions in here: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async ({ expected, timeoutMs, pollMs }) => {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      let live = 0;
      const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n?.endsWith('--products'));
      if (name) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('open failed'));
        });
        try {
          const store = db.objectStoreNames.contains('docs') ? db.transaction('docs').objectStore('docs') : undefined;
          if (store?.indexNames.contains('[_deleted+id]')) {
            live = await new Promise<number>((resolve) => {
              // Arrays sort after strings in IndexedDB, so ['0', []] is above every ['0', id].
              const count = store.index('[_deleted+id]').count(IDBKeyRange.bound(['0'], ['0', []]));
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => resolve(0);
            });
          }
        } finally {
          db.close();
        }
      }
      if (live >= expected) {
        const completeMs = performance.now();
        const feed = performance.getEntriesByType('resource').filter((e) => /\/api\/catalog\/changes\?entities=product&/.test(e.name));
        return { completeMs, firstFeedMs: feed.length ? Math.min(...feed.map((e) => e.startTime)) : undefined };
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
    return undefined;
  }, { expected, timeoutMs, pollMs });
}

/** The products collection's key and indexes as a Dexie store, so the raw write maintains the same indexes. */
function dexieStoreSpec(): string {
  const { primaryKey, indexes = [] } = productsCollection.schema as { primaryKey: string; indexes?: (string | string[])[] };
  return [primaryKey, ...indexes.map((index) => (Array.isArray(index) ? `[${index.join('+')}]` : index))].join(', ');
}

/** Dexie bundled with esbuild, evaluated through DevTools (the shop's CSP, script-src 'self', does not apply to that, unlike a script tag). */
async function loadDexie(page: Page): Promise<void> {
  const bundle = await build({
    stdin: { contents: "import Dexie from 'dexie'; (globalThis as any).BenchDexie = Dexie;", loader: 'ts', resolveDir: REPO_ROOT },
    bundle: true, format: 'iife', write: false, minify: true, target: 'es2022',
  });
  await page.evaluate(bundle.outputFiles[0]!.text);
}

type DexieDb = { version(n: number): { stores(s: Record<string, string>): void }; table(name: string): { bulkPut(items: readonly unknown[]): Promise<unknown> }; delete(): Promise<void> };
type BenchGlobals = { BenchDexie: new (name: string) => DexieDb; benchRecords?: readonly unknown[]; benchDb?: DexieDb };

/** Time of one `bulkPut` of `records` into a fresh Dexie table in the page. */
export async function rawBulkPutMs(page: Page, records: readonly unknown[]): Promise<number> {
  await loadDexie(page);
  return page.evaluate(async ({ docs, spec }) => {
    const bench = globalThis as unknown as BenchGlobals;
    const db = new bench.BenchDexie(`bench-raw-${Date.now()}`);
    db.version(1).stores({ docs: spec });
    const started = performance.now();
    await db.table('docs').bulkPut(docs);
    const elapsed = performance.now() - started;
    await db.delete();
    return elapsed;
  }, { docs: records, spec: dexieStoreSpec() });
}

/**
 * The same write again with `around` wrapped about the `bulkPut` call alone (a CPU profile): the
 * records are handed to the page and the table is created beforehand, and deleted afterwards.
 */
export async function aroundRawBulkPut<T>(page: Page, records: readonly unknown[], around: (write: () => Promise<unknown>) => Promise<T>): Promise<T> {
  await loadDexie(page);
  await page.evaluate(({ docs, spec }) => {
    const bench = globalThis as unknown as BenchGlobals;
    bench.benchRecords = docs;
    bench.benchDb = new bench.BenchDexie(`bench-raw-cpu-${Date.now()}`);
    bench.benchDb.version(1).stores({ docs: spec });
  }, { docs: records, spec: dexieStoreSpec() });
  const result = await around(() => page.evaluate(async () => {
    const bench = globalThis as unknown as BenchGlobals;
    await bench.benchDb!.table('docs').bulkPut(bench.benchRecords!);
  }));
  await page.evaluate(async () => {
    const bench = globalThis as unknown as BenchGlobals;
    await bench.benchDb!.delete();
    delete bench.benchRecords;
  });
  return result;
}

type CdpProfile = { startTime: number; nodes: { id: number; callFrame: { functionName: string } }[]; samples?: number[]; timeDeltas?: number[] };

/** Milliseconds the page's main thread was busy (not idle) in a CPU profile, from `fromSeconds` (CDP monotonic time) on. */
export function busyMsFrom(profile: CdpProfile, fromSeconds = 0): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let at = profile.startTime;
  let busy = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const delta = profile.timeDeltas?.[i] ?? 0;
    at += delta;
    if (at >= fromSeconds * 1e6 && !idle.has(id)) busy += delta / 1000;
  });
  return busy;
}
