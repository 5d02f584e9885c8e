import { distinctUntilChanged, filter, map } from 'rxjs';
import { currentStore, storeParams } from '../i18n/store-views';
import { startCatalogIndex } from './catalog/catalog-index';
import { replicateHere, replicateInWorker, replicateWhenKnown } from './catalog/catalog-run';
import { inPageCatalogue } from './catalog/in-page-catalog';
import { markCatalogReplicated, registerLocalCatalog } from './catalog/local-catalog';
import { registerLocalContent } from './catalog/local-content';
import { keepEarlierDownload, offlineCatalogueChosen, watchDownloadGoesAhead } from './catalog/offline-catalog-choice';
import { connectCatalogueWorker, type WorkerCatalogue } from './catalog/worker-catalog';
import { getDatabase } from './database-instance';
import type { ShopDatabase } from './database-types';
import { createShopSync } from './sync/shop-sync';
import { yieldToMain } from './yield-to-main';

import type { LocalShop } from './local-shop';

/** Resolves after the page's load event: the worker and its change stream wait for the page to be up. */
function pageLoaded(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

/**
 * The catalogue worker where the browser can run one over this database (an IndexedDB database other
 * contexts can open: not the in-memory fallback), else null. Tells it the offline-download choice
 * as it changes, and marks the replica caught up when the worker says so.
 */
async function startCatalogueWorker(db: ShopDatabase, storeCode: string | null): Promise<WorkerCatalogue | null> {
  if (!db.multiInstance || (typeof SharedWorker !== 'function' && typeof Worker !== 'function')) return null;
  await pageLoaded();
  const worker = await connectCatalogueWorker({ databaseName: db.name, baseUrl: '', storeCode, download: await offlineCatalogueChosen(db) });
  if (!worker) return null;
  watchDownloadGoesAhead(db).subscribe((on) => worker.download(on));
  worker.state$.pipe(filter((s) => s.caughtUp)).subscribe(() => markCatalogReplicated());
  // For diagnostics and tests: <html data-catalogue-stream="ready"> while the worker's change stream is connected
  // (a worker started again after the last one died connects its own), and data-catalogue-restarts, how often that happened.
  const marks = document.documentElement.dataset;
  worker.state$
    .pipe(
      map((s) => s.streamReady),
      distinctUntilChanged(),
    )
    .subscribe((ready) => (ready ? (marks.catalogueStream = 'ready') : delete marks.catalogueStream));
  worker.restarted$.subscribe((kind) => {
    marks.catalogueIn = kind === 'shared' ? 'shared-worker' : 'worker';
    marks.catalogueRestarts = String(Number(marks.catalogueRestarts ?? 0) + 1);
  });
  return worker;
}

/** The longest the page waits, going live, for the taking of an order its last load stored (`whenOpened`). */
const OPENING_WAIT_MS = 2000;

/**
 * Opens the page's database, starts the local catalogue and the sync; called once a page by
 * `startLocalDatabase()` (start-local-database.ts), which loads this module. The catalogue's replica,
 * its index and its download live in the catalogue worker (src/catalog-worker/) where the browser
 * has workers, so this page's thread never parses, writes or indexes catalogue batches; without one
 * they run here as before: the index is built before replication starts, so documents already on the
 * device (an earlier visit) mean "replicated" and documents arriving now are applied from the change stream.
 */
export async function openLocalShop(): Promise<LocalShop> {
  const db = await getDatabase();
  registerLocalContent(db);
  // Before the worker or this page reads the offline-download choice.
  await keepEarlierDownload(db).catch(() => undefined);
  // The last collection's creation, the sync's first reads and the screens' first reads (their
  // subscriptions once the shop is live) each in a task of its own: together, one task of about
  // 100 ms at 4x CPU on a first visit.
  await yieldToMain();
  // Multistore: every call names the store view, like the screens' own reads (SPEC §7).
  const storeCode = storeParams(currentStore()).storeCode ?? null;
  const worker = startCatalogueWorker(db, storeCode).catch((error: unknown) => {
    console.warn('The catalogue worker failed; the catalogue stays on this page', error);
    return null;
  });
  const local = worker.then(async (known) => {
    if (known) registerLocalCatalog(known, false);
    else registerLocalCatalog(inPageCatalogue(await startCatalogIndex(db), db));
    // Where the catalogue runs, for diagnostics and tests: <html data-catalogue-in="shared-worker|worker|page">.
    if (typeof document !== 'undefined') document.documentElement.dataset.catalogueIn = known ? (known.kind === 'shared' ? 'shared-worker' : 'worker') : 'page';
    return known;
  });
  const sync = createShopSync(db, { storeCode, catalogueRun: (api) => replicateWhenKnown(local, (known) => (known ? replicateInWorker(known) : replicateHere(db, api))) });
  sync.start();
  void sync.whenCatalogueReplicated().then(markCatalogReplicated, () => undefined);
  // The cart is shown and edited once an order this page's last load stored has taken its lines: a
  // few local reads and writes. Bounded all the same: a page that never went live would lose more.
  await Promise.race([sync.whenOpened(), new Promise((resolve) => setTimeout(resolve, OPENING_WAIT_MS))]);
  await yieldToMain();
  return { db, sync };
}
