import type { ApiClient } from '../api/api-types';

/** The catalogue entities of GET /api/catalog/changes (server/catalog/catalog-store.ts). */
export type FeedEntity = 'product' | 'category' | 'attribute' | 'taxrule' | 'cms_page' | 'cms_block' | 'blog_post' | 'banner' | 'static_content';

/** Where a replica stopped: the sequence number (and id) of the last change it has. */
export interface FeedCheckpoint {
  seq: number;
  id: string;
}

/** A feed document: the entity in the API shape, or `{id, _entity, _deleted: true}` for a removal. */
export type FeedDocument = Record<string, unknown> & { id: string | number; _entity: FeedEntity; _deleted: boolean };

export interface FeedBatch<R> {
  documents: R[];
  checkpoint: FeedCheckpoint;
}

/**
 * The pull handler of a catalogue replica: the documents of these entities changed after the
 * checkpoint, oldest first, `batchSize` at a time. Throws when the server does not answer 200 so that
 * the replication retries from the same checkpoint instead of skipping a batch.
 */
export function createFeedPullHandler<R>(api: ApiClient, entities: readonly FeedEntity[], toRecord: (doc: FeedDocument) => R) {
  return async (checkpoint: FeedCheckpoint | undefined, batchSize: number): Promise<FeedBatch<R>> => {
    const reply = await api.request<{ documents: FeedDocument[]; checkpoint: FeedCheckpoint }>('/api/catalog/changes', {
      auth: false,
      query: { entities: entities.join(','), seq: checkpoint?.seq ?? 0, id: checkpoint?.id ?? '', limit: batchSize },
    });
    if (reply.code !== 200) throw new Error(`The catalogue feed answered ${reply.code}: ${JSON.stringify(reply.result)}`);
    return { documents: reply.result.documents.map(toRecord), checkpoint: reply.result.checkpoint };
  };
}
