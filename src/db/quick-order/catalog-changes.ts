import { auditTime, EMPTY, scan, startWith, type Observable } from 'rxjs';
import type { ShopDatabase } from '../database-types';

/** How long a burst of replicated batches is gathered before screens check their rows again. */
const SETTLE_MS = 250;

/**
 * A number that grows after the local products change (a replicated batch, a price update): screens
 * that check rows against the catalogue index (which follows the same change stream, subscribed
 * first) check them again. At most one change every SETTLE_MS, so a download does not re-check
 * the pad a thousand times.
 */
export function watchCatalogVersion(db: ShopDatabase): Observable<number> {
  const products = db.collections.products;
  if (!products) return EMPTY.pipe(startWith(0));
  return products.eventBulks$.pipe(
    scan((n) => n + 1, 0),
    auditTime(SETTLE_MS),
    startWith(0),
  );
}
