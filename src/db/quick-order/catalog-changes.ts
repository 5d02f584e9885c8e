import { auditTime, filter, scan, startWith, type Observable } from 'rxjs';
import { localCatalogChanges } from '../catalog/local-catalog-changes';

/** How long a burst of replicated batches is gathered before screens check their rows again. */
const SETTLE_MS = 250;

/**
 * A number that grows after the local products change (a replicated batch, a price update): screens
 * that check rows against the local catalogue ask again. At most one change every SETTLE_MS, so a
 * download does not re-check the pad a thousand times.
 */
export function watchCatalogVersion(): Observable<number> {
  return localCatalogChanges().pipe(
    filter((change) => change === 'product'),
    scan((n) => n + 1, 0),
    auditTime(SETTLE_MS),
    startWith(0),
  );
}
