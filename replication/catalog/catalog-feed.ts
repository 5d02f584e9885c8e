import type { ApiClient, ApiEnvelope } from '../api/api-types';

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

type FeedReply = ApiEnvelope<{ documents: FeedDocument[]; checkpoint: FeedCheckpoint }>;

/** Batches on their way beyond the one being written: with two, the server is never idle between requests. */
const READ_AHEAD = 2;

interface Page {
  /** The seq it was asked for documents after. */
  start: number;
  batchSize: number;
  reply: Promise<FeedReply>;
}

/**
 * The pull handler of a catalogue replica: the documents of these entities changed after the
 * checkpoint, oldest first, `batchSize` at a time. Throws when the server does not answer 200 so that
 * the replication retries from the same checkpoint instead of skipping a batch.
 *
 * While a full batch is being written locally the next ones are already on their way (the first
 * download is tens of batches; the network, the server and the IndexedDB writes then overlap instead
 * of taking turns). The batch after a full one starts at its checkpoint; the one after that is a
 * guess: a full batch after seq S ends at S + batchSize or later (seqs are unique and increasing),
 * and where the feed is regular (the batch covered exactly batchSize seqs, or as many as the one
 * before: a catalogue written in one go) the next one covers as many. A page is only ever used for
 * the checkpoint it was asked for, so a wrong guess costs one request and never a document, and
 * guessing stops where the seqs are irregular.
 */
export function createFeedPullHandler<R>(api: ApiClient, entities: readonly FeedEntity[], toRecord: (doc: FeedDocument) => R, readAhead = READ_AHEAD) {
  const fetchAfter = (seq: number, id: string, batchSize: number): Page => {
    const reply = api.request<FeedReply['result']>('/api/catalog/changes', { auth: false, query: { entities: entities.join(','), seq, id, limit: batchSize } });
    reply.catch(() => undefined); // a failed read-ahead is fetched again when its turn comes
    return { start: seq, batchSize, reply };
  };
  let ahead: Page[] = [];
  let lastSpan = 0;

  /** Keeps pages on their way after a full batch that covered `span` seqs: at its checkpoint, then guesses a span apart. */
  function readAheadFrom(next: FeedCheckpoint, span: number, batchSize: number): void {
    const regular = span === batchSize || span === lastSpan;
    lastSpan = span;
    const wanted = Array.from({ length: regular ? readAhead : 1 }, (_, i) => next.seq + i * span);
    ahead = ahead.filter((p) => wanted.includes(p.start));
    for (const seq of wanted) if (!ahead.some((p) => p.start === seq)) ahead.push(fetchAfter(seq, seq === next.seq ? next.id : '', batchSize));
  }

  return async (checkpoint: FeedCheckpoint | undefined, batchSize: number): Promise<FeedBatch<R>> => {
    const start = checkpoint?.seq ?? 0;
    const page = ahead.find((p) => p.start === start && p.batchSize === batchSize) ?? fetchAfter(start, checkpoint?.id ?? '', batchSize);
    ahead = ahead.filter((p) => p !== page && p.batchSize === batchSize);
    const reply = await page.reply;
    if (reply.code !== 200) throw new Error(`The catalogue feed answered ${reply.code}: ${JSON.stringify(reply.result)}`);
    const { documents, checkpoint: next } = reply.result;
    if (documents.length >= batchSize) readAheadFrom(next, next.seq - start, batchSize);
    return { documents: documents.map(toRecord), checkpoint: next };
  };
}
