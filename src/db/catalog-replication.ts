import type { RxCollection } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { filter, map, type Observable } from 'rxjs';
import { CONTENT_ENTITIES } from '../../schemas/rx/content.schema';
import type { ApiClient } from '../../replication/api/api-types';
import { createFeedPullHandler, type FeedCheckpoint, type FeedDocument, type FeedEntity } from '../../replication/catalog/catalog-feed';
import { toAttributeRecord, toCategoryRecord, toContentRecord, toProductRecord } from '../../replication/catalog/catalog-records';
import { catalogStream, type StreamSignal } from '../../replication/catalog/catalog-stream';
import type { ShopDatabase } from './database-types';

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
}

export type CatalogCollection = 'products' | 'categories' | 'attributes' | 'content';

const REPLICAS: Record<CatalogCollection, { entities: readonly FeedEntity[]; toRecord: (doc: FeedDocument) => unknown }> = {
  products: { entities: ['product'], toRecord: (doc) => toProductRecord(doc) },
  categories: { entities: ['category'], toRecord: toCategoryRecord },
  attributes: { entities: ['attribute'], toRecord: toAttributeRecord },
  content: { entities: CONTENT_ENTITIES, toRecord: toContentRecord },
};

export interface CatalogReplication {
  states: Partial<Record<CatalogCollection, RxReplicationState<unknown, FeedCheckpoint>>>;
  /** Resolves when every replica has caught up once; never await this before showing a page (offline it never resolves). */
  awaitInitial(): Promise<void>;
  cancel(): Promise<void>;
}

/** RESYNC on every (re)connect, since changes may have been missed, and on changes of these entities. */
function resyncSignals(signals: Observable<StreamSignal>, entities: readonly string[]): Observable<'RESYNC'> {
  return signals.pipe(
    filter((s) => s.kind === 'ready' || s.entities.some((e) => entities.includes(e))),
    map(() => 'RESYNC' as const),
  );
}

/**
 * Pull-only replication of the catalogue from the change feed, by checkpoint and in batches, kept
 * live by the SSE stream. It runs in the leader tab only; other tabs see the data through the database.
 * RxDB stores each replica's checkpoint after every batch, so a cut connection or a reload resumes
 * where it stopped and no document is downloaded twice.
 */
export function startCatalogReplication(db: ShopDatabase, api: ApiClient, options: CatalogReplicationOptions = {}): CatalogReplication {
  const signals = catalogStream(api, { reconnectMs: options.reconnectMs });
  const states: CatalogReplication['states'] = {};
  for (const name of options.only ?? (Object.keys(REPLICAS) as CatalogCollection[])) {
    const replica = REPLICAS[name];
    const collection = db.collections[name] as unknown as RxCollection<unknown>;
    states[name] = replicateRxCollection<unknown, FeedCheckpoint>({
      collection,
      replicationIdentifier: `catalog-feed-${name}`,
      live: options.live ?? true,
      retryTime: options.retryTime ?? 5000,
      waitForLeadership: true,
      pull: {
        batchSize: options.batchSize ?? 500,
        handler: createFeedPullHandler(api, replica.entities, replica.toRecord) as never,
        stream$: resyncSignals(signals, replica.entities),
      },
    });
  }
  const all = () => Object.values(states);
  return {
    states,
    awaitInitial: async () => void (await Promise.all(all().map((s) => s.awaitInitialReplication()))),
    cancel: async () => void (await Promise.all(all().map((s) => s.cancel()))),
  };
}
