import { distinctUntilChanged, EMPTY, filter, map, take, takeUntil, type Observable } from 'rxjs';
import { CONTENT_ENTITIES } from '../../../schemas/rx/content.schema';
import type { ApiClient } from '../../../replication/api/api-types';
import { createFeedPullHandler, type FeedDocument, type FeedEntity } from '../../../replication/catalog/catalog-feed';
import { toAttributeRecord, toCategoryRecord, toContentRecord, toProductRecord } from '../../../replication/catalog/catalog-records';
import { catalogStream, type StreamSignal } from '../../../replication/catalog/catalog-stream';
import type { FeedRecord } from './catalog-batch-write';
import { feedCheckpointId, startCatalogPull, type CatalogPullState } from './catalog-pull';
import type { ShopDatabase } from '../database-types';
import { followDownloadChoice } from './offline-catalog-choice';

export interface CatalogReplicationOptions {
  /** Documents per feed request (the feed allows 1 to 1000). */
  batchSize?: number;
  /** Wait after a failed pull before trying again from the same checkpoint. */
  retryTime?: number;
  /** Keep listening to the change stream after catching up (default true). */
  live?: boolean;
  reconnectMs?: number;
  /** Replicate only these collections (tests). */
  only?: readonly CatalogCollection[];
  /** Wait for RxDB's leader election (default true); false when the caller already decided this tab leads. */
  waitForLeadership?: boolean;
  /** The shopper's offline-download choice as it changes, where it is not this database's to read (the catalogue worker). */
  downloadChoice$?: Observable<boolean>;
}

/** Documents per feed request when not told: the feed's largest, so a first download is few round trips and transactions. */
const DEFAULT_BATCH_SIZE = 1000;

export type CatalogCollection = 'products' | 'categories' | 'attributes' | 'content';

const REPLICAS: Record<CatalogCollection, { entities: readonly FeedEntity[]; toRecord: (doc: FeedDocument) => FeedRecord }> = {
  products: { entities: ['product'], toRecord: (doc) => toProductRecord(doc) },
  categories: { entities: ['category'], toRecord: toCategoryRecord },
  attributes: { entities: ['attribute'], toRecord: toAttributeRecord },
  content: { entities: CONTENT_ENTITIES, toRecord: toContentRecord },
};

export interface CatalogReplication {
  states: Partial<Record<CatalogCollection, CatalogPullState>>;
  /** Emits once, when the change stream has first connected (its `ready`). */
  streamReady$: Observable<true>;
  /** Resolves when every replica has caught up once; never await this before showing a page (offline it never resolves). */
  awaitInitial(): Promise<void>;
  cancel(): Promise<void>;
}

/** Pull again on every (re)connect, since changes may have been missed, and on changes of these entities. */
function changeSignals(signals: Observable<StreamSignal>, entities: readonly string[]): Observable<StreamSignal> {
  return signals.pipe(filter((s) => s.kind === 'ready' || s.entities.some((e) => entities.includes(e))));
}

/**
 * Pull-only replication of the catalogue from the change feed, by checkpoint and in batches, kept
 * live by the SSE stream. It runs in the leader tab only; other tabs see the data through the database.
 * Each replica stores its checkpoint after every batch, so a cut connection or a reload resumes where
 * it stopped and no document is downloaded twice. The catalogue is read-only here and the server
 * masters every document, so RxDB's two-way replication protocol (fork state, conflict checks,
 * per-document metadata) is left out: a batch is written straight into the collection's storage.
 */
export function startCatalogReplication(db: ShopDatabase, api: ApiClient, options: CatalogReplicationOptions = {}): CatalogReplication {
  const signals = catalogStream(api, { reconnectMs: options.reconnectMs });
  const states: CatalogReplication['states'] = {};
  const waitForLeadership = options.waitForLeadership ?? true;
  for (const name of options.only ?? (Object.keys(REPLICAS) as CatalogCollection[])) {
    const replica = REPLICAS[name];
    states[name] = startCatalogPull({
      db,
      collection: db.collections[name],
      checkpointId: feedCheckpointId(name),
      pull: createFeedPullHandler(api, replica.entities, replica.toRecord),
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      retryTime: options.retryTime ?? 5000,
      changes$: options.live === false ? undefined : changeSignals(signals, replica.entities),
      // The products replica waits for the shopper's "download for offline use" choice.
      autoStart: name !== 'products',
      waitForLeadership,
    });
  }
  const products = states.products;
  if (products && options.downloadChoice$) options.downloadChoice$.pipe(distinctUntilChanged(), takeUntil(products.canceled$.pipe(filter(Boolean)))).subscribe((on) => void (on ? products.start() : products.pause()).catch(() => undefined));
  else if (products) void followDownloadChoice(db, products, waitForLeadership);
  const all = () => Object.values(states);
  return {
    states,
    streamReady$: options.live === false ? EMPTY : signals.pipe(filter((s) => s.kind === 'ready'), take(1), map(() => true as const)),
    awaitInitial: async () => void (await Promise.all(all().map((s) => s.awaitInitialReplication()))),
    cancel: async () => void (await Promise.all(all().map((s) => s.cancel()))),
  };
}
