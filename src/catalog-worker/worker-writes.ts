import { Subject, type Observable } from 'rxjs';
import * as v from 'valibot';
import type { LocalEntity } from '../db/catalog/catalog-index';

const notice = v.union([
  v.object({
    entity: v.picklist(['product', 'category', 'attribute']),
    ids: v.pipe(v.array(v.string()), v.maxLength(10_000)),
  }),
  /** The downloading worker caught up with the feed: the others' replicas are complete too. */
  v.object({ caughtUp: v.literal(true) }),
]);

export interface Writes {
  /** Tells the other workers these documents were written here. */
  tell(entity: LocalEntity, ids: readonly string[]): void;
  /** Tells the other workers the download caught up. */
  tellCaughtUp(): void;
  /** Documents another worker wrote. */
  heard$: Observable<{ entity: LocalEntity; ids: string[] }>;
  /** Another worker's download caught up. */
  caughtUp$: Observable<true>;
}

/**
 * Where each tab has a dedicated catalogue worker (browsers without SharedWorker), one of them, the
 * leading tab's, downloads; the others must still index what it wrote. It names the documents of
 * each stored batch on a BroadcastChannel (ids only: the others read the documents from IndexedDB
 * themselves). A shared worker has nobody to tell, and nothing is heard.
 */
export function writesChannel(databaseName: string): Writes {
  const heard$ = new Subject<{ entity: LocalEntity; ids: string[] }>();
  const caughtUp$ = new Subject<true>();
  if (typeof BroadcastChannel !== 'function') return { tell: () => undefined, tellCaughtUp: () => undefined, heard$, caughtUp$ };
  const channel = new BroadcastChannel(`catalogue-writes ${databaseName}`);
  channel.onmessage = (event: MessageEvent) => {
    const parsed = v.safeParse(notice, event.data);
    if (!parsed.success) return;
    if ('caughtUp' in parsed.output) caughtUp$.next(true);
    else heard$.next(parsed.output);
  };
  return { tell: (entity, ids) => channel.postMessage({ entity, ids: [...ids] }), tellCaughtUp: () => channel.postMessage({ caughtUp: true }), heard$, caughtUp$ };
}
