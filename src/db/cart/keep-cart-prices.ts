import { auditTime, catchError, concatMap, distinctUntilChanged, EMPTY, filter, from, map, merge, of, type Observable, type Subscription } from 'rxjs';
import type { ShopDatabase } from '../database-types';
import { LOCAL, watchLocal } from '../local-state';
import type { Connectivity } from '../sync/connectivity';
import { applyServerTotalsPrices, markPricesNotCurrent, refreshCartPrices, type CartPriceDeps } from './cart-price-keeper';

export interface KeepCartPricesOptions extends CartPriceDeps {
  connectivity: Pick<Connectivity, 'changes$'>;
  /** Emits after the catalogue replica applied product changes (in the browser: `localCatalogChanges()`). */
  productChanges$: Observable<unknown>;
  /** Wait after a product change before pricing again, so one import's batches make one run. */
  auditMs?: number;
  onError(error: unknown): void;
}

type Run = 'refresh' | 'server-totals' | 'offline';

/**
 * Keeps the cart's prices with the catalogue and the server while this tab leads (one writer for
 * every tab, so each change is written once): on start, after the replica's product changes and when
 * the connection returns, the lines are priced again and confirmed (`refreshCartPrices`); when the
 * server's cart totals come, their prices are taken; offline the lines stop being current. Runs go
 * one after another. Nothing here reacts to the lines' own writes, so its writes cannot loop.
 */
export function keepCartPrices(db: ShopDatabase, options: KeepCartPricesOptions): Subscription {
  const runs: Observable<Run> = merge(
    of<Run>('refresh'),
    options.productChanges$.pipe(auditTime(options.auditMs ?? 250), map((): Run => 'refresh')),
    options.connectivity.changes$.pipe(map((online): Run => (online ? 'refresh' : 'offline'))),
    watchLocal(db, LOCAL.cartState).pipe(
      map((s) => s.lastTotalsSyncAt),
      distinctUntilChanged(),
      filter((at) => at !== null),
      map((): Run => 'server-totals'),
    ),
  );
  const run = (kind: Run): Promise<unknown> => {
    if (kind === 'offline') return markPricesNotCurrent(db);
    if (kind === 'server-totals') return applyServerTotalsPrices(db);
    return refreshCartPrices(db, options);
  };
  return runs
    .pipe(
      concatMap((kind) =>
        from(run(kind)).pipe(
          catchError((error: unknown) => {
            options.onError(error);
            return EMPTY;
          }),
        ),
      ),
    )
    .subscribe();
}
