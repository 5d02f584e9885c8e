import { combineLatest, distinctUntilChanged, filter, fromEvent, map, of, startWith, takeUntil, type Observable } from 'rxjs';
import { feedCheckpointId, type CatalogPullState } from './catalog-pull';
import type { ShopDatabase } from '../database-types';
import { LOCAL, modifyLocal, readLocal, watchLocal } from '../local-state';
import { browserConnection, connectionIsMetered, isMetered, type ConnectionInfo } from './metered-connection';

/**
 * The shopper's answer to "download the catalogue for offline use": true (download), false (not now
 * or turned off), or undefined (not asked yet).
 */
export type OfflineCatalogueAnswer = boolean | undefined;

/**
 * Whether the download goes ahead: as answered; not asked yet, only on an unmetered connection (a
 * shopper on mobile data or Save-Data is asked first, with the size; see offline-download-question).
 */
export const downloadGoesAhead = (answer: OfflineCatalogueAnswer, metered: boolean): boolean => answer ?? !metered;

/** Whether the shopper is to be asked before anything of the catalogue is downloaded. */
export const downloadAwaitsAnswer = (answer: OfflineCatalogueAnswer, metered: boolean): boolean => answer === undefined && metered;

/** Metered now and whenever the connection changes (a phone leaving Wi-Fi). */
export function watchMetered(connection: ConnectionInfo | undefined = browserConnection()): Observable<boolean> {
  if (!connection?.addEventListener) return of(isMetered(connection));
  return fromEvent(connection as EventTarget, 'change').pipe(
    startWith(null),
    map(() => isMetered(connection)),
  );
}

/** Whether the download goes ahead on this device now. */
export async function offlineCatalogueChosen(db: ShopDatabase, metered = connectionIsMetered()): Promise<boolean> {
  return downloadGoesAhead((await readLocal(db, LOCAL.settings)).offlineCatalogue, metered);
}

/** Whether the download goes ahead, now and whenever the answer (from any tab) or the connection changes. */
export function watchDownloadGoesAhead(db: ShopDatabase, metered$: Observable<boolean> = watchMetered()): Observable<boolean> {
  return combineLatest([watchLocal(db, LOCAL.settings).pipe(map((s) => s.offlineCatalogue)), metered$]).pipe(
    map(([answer, metered]) => downloadGoesAhead(answer, metered)),
    distinctUntilChanged(),
  );
}

/**
 * A device that downloaded before the shopper could be asked (the download used to start on its own)
 * is taken as having said yes: on a metered connection its replica would otherwise stop following
 * the shop until an answer, and the shopper be asked about a download already done. Called as the
 * database opens, before the choice is first read.
 */
export async function keepEarlierDownload(db: ShopDatabase): Promise<void> {
  if ((await readLocal(db, LOCAL.settings)).offlineCatalogue !== undefined) return;
  if (!(await db.getLocal(feedCheckpointId('products')))) return;
  await modifyLocal(db, LOCAL.settings, (s) => (s.offlineCatalogue === undefined ? { ...s, offlineCatalogue: true } : s));
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
export async function followDownloadChoice(
  db: ShopDatabase,
  products: Pick<CatalogPullState, 'start' | 'pause' | 'isStopped' | 'canceled$'>,
  waitForLeadership: boolean,
  metered$: Observable<boolean> = watchMetered(),
): Promise<void> {
  if (waitForLeadership && db.multiInstance) await db.waitForLeadership();
  if (products.isStopped()) return;
  watchDownloadGoesAhead(db, metered$)
    .pipe(takeUntil(products.canceled$.pipe(filter(Boolean))))
    .subscribe((on) => void (on ? products.start() : products.pause()).catch(() => undefined));
}
