import { distinctUntilChanged, filter, map, takeUntil } from 'rxjs';
import type { CatalogPullState } from './catalog-pull';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, watchLocal } from '../local-state';

/** The shopper's "download the catalogue for offline use" choice; on unless turned off. */
export async function offlineCatalogueChosen(db: ShopDatabase): Promise<boolean> {
  return (await readLocal(db, LOCAL.settings)).offlineCatalogue !== false;
}

/** Turning it on also asks the browser to keep the data when storage runs low (persistent storage). */
export async function chooseOfflineCatalogue(db: ShopDatabase, on: boolean): Promise<void> {
  await modifyLocal(db, LOCAL.settings, (s) => ({ ...s, offlineCatalogue: on }));
  if (on && typeof navigator !== 'undefined' && navigator.storage?.persist) await navigator.storage.persist().catch(() => false);
}

/**
 * Starts or pauses the product download as the choice changes, in the leader tab only. A paused
 * download keeps its checkpoint, so turning it on again, a reload or a new tab resumes it.
 */
export async function followDownloadChoice(db: ShopDatabase, products: Pick<CatalogPullState, 'start' | 'pause' | 'isStopped' | 'canceled$'>, waitForLeadership: boolean): Promise<void> {
  if (waitForLeadership && db.multiInstance) await db.waitForLeadership();
  if (products.isStopped()) return;
  watchLocal(db, LOCAL.settings)
    .pipe(
      map((s) => s.offlineCatalogue !== false),
      distinctUntilChanged(),
      takeUntil(products.canceled$.pipe(filter(Boolean))),
    )
    .subscribe((on) => void (on ? products.start() : products.pause()).catch(() => undefined));
}
