import { BehaviorSubject, combineLatest, distinctUntilChanged, map, merge, skip, type Subscription } from 'rxjs';
import { parseCatalogQuery } from '../../schemas/catalog-query';
import type { FromWorker, ToWorker } from '../../schemas/catalog-worker';
import { createApiClient } from '../../replication/api/api-client';
import { startCatalogIndex, type LocalCatalogIndex } from '../db/catalog/catalog-index';
import { startCatalogReplication, type CatalogReplication } from '../db/catalog/catalog-replication';
import { productsByCodes } from '../db/catalog/in-page-catalog';
import { createShopDatabase } from '../db/create-database';
import type { ShopDatabase } from '../db/database-types';
import type { CatalogueChange } from '../db/catalog/local-catalog';
import { readShopProducts, shopProductsReader, type ShopProductsReader } from '../db/catalog/shop-products';
import { throttleChanges } from './state-throttle';
import { writesChannel, type Writes } from './worker-writes';

type Open = Extract<ToWorker, { kind: 'open' }>;
type Post = (message: FromWorker) => void;

/** The collections the worker holds; the page's database keeps the rest (cart, orders, ...). */
const CATALOGUE = ['products', 'categories', 'attributes', 'content'] as const;

export interface CatalogueEngineOptions {
  /** A shared worker serves every tab and always downloads; a dedicated one downloads while its tab leads. */
  shared: boolean;
  /** Sends to every connected page. */
  broadcast: Post;
}

/**
 * The catalogue's replica off the page's thread: the worker's own RxDB instance of the page's database
 * (the catalogue collections only, so the same IndexedDB stores), the in-memory index built from them,
 * and the feed replication with its change stream. The worker's instance is not multi-instance: its
 * writes are not broadcast to the pages (that would copy every batch into every page); pages hear of
 * them as small state messages and ask the index for what they show. Dedicated workers of several
 * tabs tell each other which documents they wrote (worker-writes.ts).
 */
export function createCatalogueEngine(options: CatalogueEngineOptions) {
  let opened: Promise<{ db: ShopDatabase; index: LocalCatalogIndex; settings: Open }> | null = null;
  let replication: CatalogReplication | null = null;
  const download$ = new BehaviorSubject(true);
  const caughtUp$ = new BehaviorSubject(false);
  const active$ = new BehaviorSubject(false);
  const streamReady$ = new BehaviorSubject(false);
  /** The shop's size for the download's progress (readShopProducts), null until read. */
  const shopProducts$ = new BehaviorSubject<number | null>(null);
  let shopProducts: ShopProductsReader | null = null;
  let leading = options.shared;
  let writes: Writes | null = null;
  const subscriptions: Subscription[] = [];

  const state = (index: LocalCatalogIndex, changed: readonly CatalogueChange[] = []): FromWorker => ({
    kind: 'state',
    counts: { product: index.count('product'), category: index.count('category'), attribute: index.count('attribute') },
    caughtUp: caughtUp$.value,
    active: active$.value,
    streamReady: streamReady$.value,
    shopProducts: shopProducts$.value,
    ...(changed.length > 0 ? { changed: [...changed] } : {}),
  });

  async function open(settings: Open) {
    const db = await createShopDatabase({ name: settings.databaseName, collections: CATALOGUE, multiInstance: false });
    const index = await startCatalogIndex(db);
    writes = writesChannel(settings.databaseName);
    // Stored batches reach the pages at most every 250 ms (each is a render of the download's count
    // there). A flag that changes goes at once: a pull that stopped or caught up with the changes held
    // so far, so the final count and "caught up" are never late; a pull that started or the stream
    // that connected without them (the held changes keep their turn).
    const throttle = throttleChanges((changed) => options.broadcast(state(index, changed)));
    subscriptions.push(index.changes$.subscribe((entity) => throttle.change(entity)));
    subscriptions.push(db.content.eventBulks$.subscribe(() => throttle.change('content')));
    subscriptions.push(
      combineLatest([caughtUp$, active$, streamReady$, shopProducts$])
        .pipe(
          distinctUntilChanged((a, b) => a.every((value, i) => value === b[i])),
          // Each page hears where things stood when it opened; only changes from then on are news.
          skip(1),
        )
        .subscribe(([caughtUp, active]) => (caughtUp || !active ? throttle.flush() : options.broadcast(state(index)))),
    );
    // What this instance writes, the other tabs' workers read again (with a shared worker there are none).
    for (const [collection, entity] of [['products', 'product'], ['categories', 'category'], ['attributes', 'attribute']] as const)
      subscriptions.push(db.collections[collection].eventBulks$.subscribe((bulk) => writes?.tell(entity, bulk.events.map((e) => e.documentId))));
    subscriptions.push(writes.heard$.subscribe(({ entity, ids }) => void index.refresh(entity, ids)));
    subscriptions.push(writes.caughtUp$.subscribe(() => caughtUp$.next(true)));
    // Every worker reads the shop's size while the download is wanted (a dedicated worker of a tab
    // that does not lead too: its page shows the progress of the leading tab's download).
    const api = createApiClient({ baseUrl: settings.baseUrl, storeCode: settings.storeCode });
    shopProducts = shopProductsReader(() => readShopProducts(api), (count) => shopProducts$.next(count), () => download$.value);
    subscriptions.push(download$.subscribe((on) => on && shopProducts?.want()));
    return { db, index, settings };
  }

  function startReplication(db: ShopDatabase, settings: Open): void {
    if (replication || !leading) return;
    const api = createApiClient({ baseUrl: settings.baseUrl, storeCode: settings.storeCode });
    const started = startCatalogReplication(db, api, { waitForLeadership: false, downloadChoice$: download$, batchSize: settings.batchSize });
    replication = started;
    const states = Object.values(started.states);
    subscriptions.push(started.streamReady$.subscribe(() => streamReady$.next(true)));
    subscriptions.push(combineLatest(states.map((s) => s.active$)).pipe(map((all) => all.some(Boolean))).subscribe((active) => active$.next(active)));
    subscriptions.push(merge(...states.map((s) => s.error$)).subscribe((error) => options.broadcast({ kind: 'error', message: error.message })));
    void started.awaitInitial().then(() => {
      caughtUp$.next(true);
      writes?.tellCaughtUp();
    }, () => undefined);
  }

  async function stopReplication(): Promise<void> {
    const running = replication;
    replication = null;
    await running?.cancel();
    active$.next(false);
  }

  /** Handles one checked message from a page; `reply` answers that page alone. */
  async function receive(message: ToWorker, reply: Post): Promise<void> {
    if (message.kind === 'open') {
      opened ??= open(message);
      const { db, index, settings } = await opened;
      reply(state(index));
      startReplication(db, settings);
      return;
    }
    if (message.kind === 'download') return download$.next(message.on);
    if (message.kind === 'lead') {
      if (options.shared) return;
      leading = message.on;
      if (!leading) return stopReplication();
      if (opened) {
        const { db, settings } = await opened;
        startReplication(db, settings);
      }
      return;
    }
    if (message.kind === 'resync') return Object.values(replication?.states ?? {}).forEach((s) => s.reSync());
    if (message.kind === 'ping') return reply({ kind: 'pong', id: message.id });
    if (!opened) return reply({ kind: 'failed', id: message.id, message: 'The local catalogue is not open yet' });
    const { index } = await opened;
    if (message.kind === 'codes') return reply({ kind: 'answer', id: message.id, value: [...productsByCodes(index, message.codes)] });
    const parsed = parseCatalogQuery({ ...(message.query as object), type: message.entity });
    if (!parsed.ok) return reply({ kind: 'failed', id: message.id, message: parsed.message });
    reply({ kind: 'answer', id: message.id, value: index.query(message.entity, message.query as Parameters<LocalCatalogIndex['query']>[1]) });
  }

  return { receive };
}
