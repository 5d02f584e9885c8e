import type { RxCollection } from 'rxdb';
import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs';
import type { FeedBatch, FeedCheckpoint } from '../../../replication/catalog/catalog-feed';
import { writeFeedRecords, type FeedRecord } from './catalog-batch-write';
import type { ShopDatabase } from '../database-types';

/** What the callers of a catalogue replica use: the parts of RxDB's replication state they relied on. */
/** Where a replica's checkpoint is kept (a local document of the database): it exists once a download has stored a batch. */
export const feedCheckpointId = (collection: string): string => `catalog-feed-checkpoint-${collection}`;

export interface CatalogPullState {
  /** True while the replica pulls, false once it has caught up (or is paused or cancelled). */
  readonly active$: Observable<boolean>;
  /** A failed pull or write; the replica tries again from the same checkpoint after `retryTime`. */
  readonly error$: Observable<Error>;
  readonly canceled$: Observable<boolean>;
  /** Starts or resumes from the stored checkpoint. */
  start(): Promise<void>;
  /** Stops after the batch in hand is stored, keeping the checkpoint for a later start. */
  pause(): Promise<void>;
  /** Pulls what changed since the checkpoint (the server said so, or a retry was asked for). */
  reSync(): void;
  /** Resolves once the replica has caught up the first time. */
  awaitInitialReplication(): Promise<void>;
  isStopped(): boolean;
  cancel(): Promise<void>;
}

export interface CatalogPullOptions {
  db: ShopDatabase;
  collection: RxCollection;
  /** The local document holding the checkpoint (shared by the tabs, so a new leader resumes). */
  checkpointId: string;
  pull: (checkpoint: FeedCheckpoint | undefined, batchSize: number) => Promise<FeedBatch<FeedRecord>>;
  batchSize: number;
  retryTime: number;
  /** Signals that the feed has changed (the SSE stream); without them the replica stops after catching up. */
  changes$?: Observable<unknown>;
  autoStart: boolean;
  waitForLeadership: boolean;
}

function asCheckpoint(value: unknown): FeedCheckpoint | undefined {
  const c = value as Partial<FeedCheckpoint> | null | undefined;
  return c && typeof c.seq === 'number' && typeof c.id === 'string' ? { seq: c.seq, id: c.id } : undefined;
}

/** Settles once fired (a pause or a cancel), so waits on the network or a retry end early. */
function haltSignal(): { settled: Promise<undefined>; done: boolean; fire(): void } {
  let resolve: (value: undefined) => void = () => undefined;
  const settled = new Promise<undefined>((r) => (resolve = r));
  const signal = {
    settled,
    done: false,
    fire() {
      signal.done = true;
      resolve(undefined);
    },
  };
  return signal;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A pull-only replica of one catalogue collection: feed batch by checkpoint → records written into
 * the collection's storage → the checkpoint stored in a local document, over and over until a batch
 * comes back short. The feed handler has the next batches on their way while one is written, so
 * network, server and IndexedDB overlap. The checkpoint is stored after its batch, so a cut connection, a
 * closed tab or a pause resumes where it stopped; a batch written but not yet checkpointed is fetched
 * again and written as a no-op.
 */
export function startCatalogPull(options: CatalogPullOptions): CatalogPullState {
  const { db, collection, batchSize } = options;
  const active$ = new BehaviorSubject(false);
  const error$ = new Subject<Error>();
  const canceled$ = new BehaviorSubject(false);
  let checkpoint: FeedCheckpoint | undefined;
  let checkpointRead = false;
  let started = false;
  let paused = false;
  let again = false;
  let running: Promise<void> | null = null;
  let changes: Subscription | undefined;
  let leadership: Promise<void> | undefined;
  let caughtUp: () => void = () => undefined;
  const initial = new Promise<void>((resolve) => (caughtUp = resolve));
  const halted = () => paused || canceled$.value;

  let halt = haltSignal();
  const rest = (ms: number) => Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms)), halt.settled]);

  async function storeCheckpoint(next: FeedCheckpoint): Promise<void> {
    await db.upsertLocal(options.checkpointId, next);
    checkpoint = next;
  }

  /** One pass to the end of the feed; false when paused or cancelled first. */
  async function pullToEnd(): Promise<boolean> {
    for (;;) {
      if (halted()) return false;
      try {
        if (!checkpointRead) {
          checkpoint = asCheckpoint((await db.getLocal(options.checkpointId))?.toJSON().data);
          checkpointRead = true;
        }
        const batch = await Promise.race([options.pull(checkpoint, batchSize), halt.settled]);
        // Halted while the reply was on its way: it is fetched again on the next start.
        if (!batch) return false;
        await writeFeedRecords(collection, batch.documents);
        await storeCheckpoint(batch.checkpoint);
        if (batch.documents.length < batchSize) return true;
      } catch (error) {
        if (canceled$.value) return false;
        error$.next(asError(error));
        await rest(options.retryTime);
      }
    }
  }

  /** Pulls now, or once more after the pass under way (the feed may have changed behind its position). */
  function kick(): void {
    if (!started || halted()) return;
    again = true;
    if (running) return;
    // Started a step later, so that `running` is set before anything the pass emits can call back here.
    running = Promise.resolve().then(async () => {
      active$.next(true);
      try {
        while (again && !halted()) {
          again = false;
          if (await pullToEnd()) caughtUp();
        }
      } finally {
        // In the same step as the last look at `again`, so a signal is either seen here or starts a new pass.
        running = null;
        active$.next(false);
      }
    });
  }

  async function start(): Promise<void> {
    if (canceled$.value) return;
    paused = false;
    if (halt.done) halt = haltSignal();
    if (options.waitForLeadership && db.multiInstance) {
      leadership ??= db.waitForLeadership().then(() => undefined);
      await leadership;
      if (halted()) return;
    }
    started = true;
    if (options.changes$ && !changes) changes = options.changes$.subscribe(() => kick());
    kick();
  }

  async function settle(): Promise<void> {
    halt.fire();
    await running?.catch(() => undefined);
  }

  async function cancel(): Promise<void> {
    if (canceled$.value) return;
    canceled$.next(true);
    changes?.unsubscribe();
    await settle();
  }

  // A closed database ends the replica instead of leaving it retrying writes that cannot succeed.
  collection.onClose.push(cancel);
  if (options.autoStart) void start();
  return {
    active$: active$.asObservable(),
    error$: error$.asObservable(),
    canceled$: canceled$.asObservable(),
    start,
    async pause() {
      paused = true;
      await settle();
    },
    reSync: kick,
    awaitInitialReplication: () => initial,
    isStopped: () => canceled$.value,
    cancel,
  };
}
