import { BehaviorSubject, combineLatest, distinctUntilChanged, filter, firstValueFrom, map, merge, Subject, type Observable, type Subscription } from 'rxjs';
import type { ApiClient } from '../../../replication/api/api-types';
import type { ShopDatabase } from '../database-types';
import { startCatalogReplication, type CatalogReplicationOptions } from './catalog-replication';
import type { WorkerCatalogue } from './worker-catalog';

/** One lead's catalogue download, as the sync status and "Retry now" see it. */
export interface CatalogueRun {
  /** True while a pull is under way. */
  active$: Observable<boolean>;
  error$: Observable<Error>;
  /** Resolves once every replica has caught up (never while offline). */
  awaitInitial(): Promise<void>;
  reSync(): void;
  cancel(): Promise<void>;
}

/** This page's own replication of the catalogue (no catalogue worker). */
export function replicateHere(db: ShopDatabase, api: ApiClient, options?: CatalogReplicationOptions): CatalogueRun {
  const started = startCatalogReplication(db, api, { ...options, waitForLeadership: false });
  const states = Object.values(started.states);
  return {
    active$: combineLatest(states.map((s) => s.active$)).pipe(map((all) => all.some(Boolean)), distinctUntilChanged()),
    error$: merge(...states.map((s) => s.error$)),
    awaitInitial: () => started.awaitInitial(),
    reSync: () => states.forEach((s) => s.reSync()),
    cancel: () => started.cancel(),
  };
}

/** The catalogue worker downloads while this tab leads (a shared worker downloads anyway; it serves every tab). */
export function replicateInWorker(worker: WorkerCatalogue): CatalogueRun {
  worker.lead(true);
  return {
    active$: worker.state$.pipe(map((s) => s.active), distinctUntilChanged()),
    error$: worker.errors$.pipe(map((message) => new Error(message))),
    awaitInitial: () => firstValueFrom(worker.state$.pipe(filter((s) => s.caughtUp))).then(() => undefined),
    reSync: () => worker.resync(),
    cancel: async () => worker.lead(false),
  };
}

/**
 * A lead that starts before it is known whether the catalogue worker runs: the run goes to the
 * worker once it has answered, or to this page when there is none.
 */
export function replicateWhenKnown(worker: Promise<WorkerCatalogue | null>, start: (worker: WorkerCatalogue | null) => CatalogueRun): CatalogueRun {
  const active$ = new BehaviorSubject(false);
  const error$ = new Subject<Error>();
  const subscriptions: Subscription[] = [];
  let cancelled = false;
  const run = worker.then((known) => {
    if (cancelled) return null;
    const inner = start(known);
    subscriptions.push(inner.active$.subscribe((a) => active$.next(a)), inner.error$.subscribe((e) => error$.next(e)));
    return inner;
  });
  return {
    active$: active$.pipe(distinctUntilChanged()),
    error$: error$.asObservable(),
    awaitInitial: async () => (await run)?.awaitInitial(),
    reSync: () => void run.then((inner) => inner?.reSync()),
    async cancel() {
      cancelled = true;
      const inner = await run;
      subscriptions.splice(0).forEach((s) => s.unsubscribe());
      await inner?.cancel();
    },
  };
}
