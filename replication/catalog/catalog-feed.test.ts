import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiEnvelope, RequestOptions } from '../api/api-types';
import { createFeedPullHandler, type FeedCheckpoint, type FeedDocument } from './catalog-feed';

/**
 * A feed answering like GET /api/catalog/changes over documents with these seqs (id = seq, so a
 * document's id says where it sits); records the seq each request asked after.
 */
function feedOf(seqs: number[]) {
  const asked: number[] = [];
  const failOnce = new Set<number>();
  const api = {
    request: (_path: string, options?: RequestOptions) => {
      const seq = Number(options?.query?.seq);
      const limit = Number(options?.query?.limit);
      asked.push(seq);
      if (failOnce.delete(seq)) return Promise.reject(new TypeError('fetch failed'));
      const documents: FeedDocument[] = seqs.filter((s) => s > seq).slice(0, limit).map((id) => ({ id, _entity: 'product', _deleted: false }));
      const last = documents[documents.length - 1];
      return Promise.resolve({ code: 200, result: { documents, checkpoint: last ? { seq: Number(last.id), id: String(last.id) } : { seq, id: '' } } } as ApiEnvelope<never>);
    },
  } as unknown as ApiClient;
  /** The next request after this seq fails (the connection drops). */
  return { api, asked, failOnce: (seq: number) => void failOnce.add(seq) };
}

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Pulls to the end like the replica does; returns every id received, in order. */
async function pullAll(pull: (c: FeedCheckpoint | undefined, n: number) => Promise<{ documents: number[]; checkpoint: FeedCheckpoint }>, batchSize: number) {
  const received: number[] = [];
  let checkpoint: FeedCheckpoint | undefined;
  for (;;) {
    const batch = await pull(checkpoint, batchSize);
    received.push(...batch.documents);
    checkpoint = batch.checkpoint;
    if (batch.documents.length < batchSize) return received;
  }
}

describe('createFeedPullHandler', () => {
  it('has the next two batches on their way while one is handed over, and uses them', async () => {
    const { api, asked } = feedOf(range(1, 35));
    const pull = createFeedPullHandler(api, ['product'], (d) => d.id as number);
    const first = await pull(undefined, 10);
    expect(first.documents).toEqual(range(1, 10));
    expect(asked).toEqual([0, 10, 20]);
    const second = await pull(first.checkpoint, 10);
    expect(second.documents).toEqual(range(11, 20));
    expect(asked).toEqual([0, 10, 20, 30]);
    const third = await pull(second.checkpoint, 10);
    expect(third.documents).toEqual(range(21, 30));
    const fourth = await pull(third.checkpoint, 10);
    expect(fourth.documents).toEqual(range(31, 35));
    // Short batches are the end: nothing more is asked for beyond one page past it.
    expect(asked).toEqual([0, 10, 20, 30, 40]);
  });

  it('gets every document once from a dense feed', async () => {
    const { api, asked } = feedOf(range(1, 95));
    const received = await pullAll(createFeedPullHandler(api, ['product'], (d) => d.id as number), 10);
    expect(received).toEqual(range(1, 95));
    expect(asked).toEqual(range(0, 100, 10));
  });

  it('guesses by the span of seqs the last batch covered, so a feed with gaps (other entities between) costs no extra documents', async () => {
    const seqs = range(3, 300, 3);
    const { api, asked } = feedOf(seqs);
    const received = await pullAll(createFeedPullHandler(api, ['product'], (d) => d.id as number), 10);
    expect(received).toEqual(seqs);
    // The last batch is full, so two pages past the end are asked for (and come back empty).
    expect(asked).toEqual(range(0, 330, 30));
  });

  it('misses nothing and repeats nothing where the density of seqs changes; a wrong guess is one more request', async () => {
    const seqs = [...range(1, 40), ...range(42, 200, 3), ...range(201, 230), ...range(240, 400, 7)];
    const { api, asked } = feedOf(seqs);
    const received = await pullAll(createFeedPullHandler(api, ['product'], (d) => d.id as number), 10);
    expect(received).toEqual(seqs);
    const batches = Math.ceil(seqs.length / 10);
    expect(asked.length).toBeGreaterThan(batches + 2);
    expect(asked.length).toBeLessThan(batches * 2);
  });

  it('does not guess where the seqs are irregular (a catalogue edited over time): one request per batch', async () => {
    const seqs: number[] = [];
    for (let i = 0, seq = 0; i < 100; i++) seqs.push((seq += (i % 7) + 1));
    const { api, asked } = feedOf(seqs);
    const received = await pullAll(createFeedPullHandler(api, ['product'], (d) => d.id as number), 10);
    expect(received).toEqual(seqs);
    expect(asked).toHaveLength(11); // ten full batches and the empty one after the last
  });

  it('fetches afresh when the pull is not for a checkpoint read ahead', async () => {
    const { api, asked } = feedOf(range(1, 25));
    const pull = createFeedPullHandler(api, ['product'], (d) => d.id as number);
    await pull(undefined, 10);
    const again = await pull(undefined, 10);
    expect(again.documents[0]).toBe(1);
    expect(asked).toEqual([0, 10, 20, 0]);
  });

  it('throws for a read-ahead that failed, fetches it again on the retry and keeps the pages after it', async () => {
    const { api, asked, failOnce } = feedOf(range(1, 35));
    const pull = createFeedPullHandler(api, ['product'], (d) => d.id as number);
    failOnce(10);
    const first = await pull(undefined, 10);
    await expect(pull(first.checkpoint, 10)).rejects.toThrow('fetch failed');
    const second = await pull(first.checkpoint, 10);
    expect(second.documents).toEqual(range(11, 20));
    const third = await pull(second.checkpoint, 10);
    expect(third.documents).toEqual(range(21, 30));
    expect(asked).toEqual([0, 10, 20, 10, 30, 40]);
  });
});
