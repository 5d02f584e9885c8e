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
import { sleep } from './stats';

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

/** Documents in the replica's products store (RxDB's Dexie storage keeps them in `docs`). */
export function replicaProductCount(page: Page): Promise<number> {
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
      return await new Promise<number>((resolve) => {
        const count = db.transaction('docs').objectStore('docs').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => resolve(0);
      });
    } finally {
      db.close();
    }
  });
}

/** Milliseconds from `since` (performance.now() in this process) until the replica holds `expected`, or undefined on timeout. */
export async function waitForReplica(page: Page, expected: number, since: number, timeoutMs: number): Promise<number | undefined> {
  while (performance.now() - since < timeoutMs) {
    if ((await replicaProductCount(page)) >= expected) return performance.now() - since;
    await sleep(100);
  }
  return undefined;
}

/** The products collection's key and indexes as a Dexie store, so the raw write maintains the same indexes. */
function dexieStoreSpec(): string {
  const { primaryKey, indexes = [] } = productsCollection.schema as { primaryKey: string; indexes?: (string | string[])[] };
  return [primaryKey, ...indexes.map((index) => (Array.isArray(index) ? `[${index.join('+')}]` : index))].join(', ');
}

/** Time of one `bulkPut` of `records` into a fresh Dexie table in the page (Dexie bundled in with esbuild). */
export async function rawBulkPutMs(page: Page, records: readonly unknown[]): Promise<number> {
  const bundle = await build({
    stdin: { contents: "import Dexie from 'dexie'; (globalThis as any).BenchDexie = Dexie;", loader: 'ts', resolveDir: REPO_ROOT },
    bundle: true, format: 'iife', write: false, minify: true, target: 'es2022',
  });
  // Evaluated through DevTools, which the shop's CSP (script-src 'self') does not apply to, unlike a script tag.
  await page.evaluate(bundle.outputFiles[0]!.text);
  return page.evaluate(async ({ docs, spec }) => {
    type Table = { bulkPut(items: readonly unknown[]): Promise<unknown> };
    type DexieDb = { version(n: number): { stores(s: Record<string, string>): void }; table(name: string): Table; delete(): Promise<void> };
    const Dexie = (globalThis as unknown as { BenchDexie: new (name: string) => DexieDb }).BenchDexie;
    const db = new Dexie(`bench-raw-${Date.now()}`);
    db.version(1).stores({ docs: spec });
    const started = performance.now();
    await db.table('docs').bulkPut(docs);
    const elapsed = performance.now() - started;
    await db.delete();
    return elapsed;
  }, { docs: records, spec: dexieStoreSpec() });
}
