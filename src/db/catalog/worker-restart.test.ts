import { describe, expect, it } from 'vitest';
import type { ToWorker } from '../../../schemas/catalog-worker';
import { connectCatalogueWorker, type SpawnedWorker } from './worker-catalog';

const STATE = { kind: 'state', counts: { product: 1, category: 0, attribute: 0, taxrule: 0, cms_page: 0, cms_block: 0, blog_post: 0 }, caughtUp: true, active: false, streamReady: false };
const RESULT = { items: [{ sku: 'AN-M8' }], total: 1, aggregations: {}, attributeMetadata: [] };

/**
 * A worker on a real MessageChannel: it says where the replica stands when the page opens it, and
 * answers questions after `answerAfterMs` (a worker still opening its replica), or never once `silent`.
 */
function fakeWorker(answerAfterMs: number) {
  const channel = new MessageChannel();
  const worker = { silent: false, spawned: { kind: 'dedicated', port: channel.port1, errors: new EventTarget(), stop: () => channel.port2.close() } as SpawnedWorker };
  channel.port2.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as ToWorker | 'close';
    if (worker.silent || message === 'close') return;
    if (message.kind === 'open') channel.port2.postMessage(STATE);
    if (message.kind === 'ping') channel.port2.postMessage({ kind: 'pong', id: message.id });
    if (message.kind === 'query') setTimeout(() => worker.silent || channel.port2.postMessage({ kind: 'answer', id: message.id, value: RESULT }), answerAfterMs);
  });
  channel.port2.start();
  return worker;
}

describe('a catalogue worker started again', () => {
  it('gets the whole answer time for a question it inherits, so a slow start is not replaced before it answers', async () => {
    const ANSWER_MS = 2_000;
    // The first worker dies after opening; the second needs 1.5 s to answer: within its own answer time,
    // but not within the answer time counted from the question (the old worker's silence came first).
    const workers = [fakeWorker(0), fakeWorker(1_500)];
    const spawned: number[] = [];
    const catalogue = await connectCatalogueWorker({
      databaseName: 'restart-test', baseUrl: '', storeCode: null, download: true,
      spawn: () => {
        spawned.push(Date.now());
        return workers[spawned.length - 1]?.spawned ?? null;
      },
      startWhen: () => Promise.resolve(),
      pingMs: 100,
      silentMs: 1_000,
      answerMs: ANSWER_MS,
    });
    expect(catalogue).not.toBeNull();
    workers[0]!.silent = true;
    const asked = Date.now();
    const result = await catalogue!.query('product', { size: 1 });
    expect(result.items).toEqual(RESULT.items);
    // Answered by the second worker, past the first question's deadline, and no third worker started.
    expect(spawned).toHaveLength(2);
    expect(Date.now() - asked).toBeGreaterThan(ANSWER_MS);
  });

  it('tells a change of everything when a new worker first says where the replica stands, so the screens read again what they asked the old one', async () => {
    const workers = [fakeWorker(0), fakeWorker(0)];
    let spawned = 0;
    const catalogue = await connectCatalogueWorker({
      databaseName: 'restart-changes-test', baseUrl: '', storeCode: null, download: true,
      spawn: () => workers[spawned++]?.spawned ?? null,
      startWhen: () => Promise.resolve(),
      pingMs: 100,
      silentMs: 300,
    });
    const changes: string[] = [];
    catalogue!.changes$.subscribe((change) => changes.push(change));
    expect(changes).toEqual([]);
    workers[0]!.silent = true;
    await expect.poll(() => changes, { timeout: 5_000 }).toEqual(['product', 'category', 'attribute', 'content']);
    expect(spawned).toBe(2);
  });
});
