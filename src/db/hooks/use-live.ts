import { useEffect, useState } from 'react';
import { combineLatest, map, type Observable } from 'rxjs';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { OrderRecord } from '../../../schemas/rx/orders.schema';
import { LOCAL, watchLocal, type LocalKey } from '../local-state';
import { watchCartLines } from '../cart/cart-view';
import { watchStoredOrder } from '../orders/order-store';
import { watchMetered, type OfflineCatalogueAnswer } from '../catalog/offline-catalog-choice';
import { useDatabase } from './database-context';

/**
 * The latest value of an observable, for views. `deps` say when to subscribe anew. Views only ever
 * get plain data from these hooks, never database documents.
 */
export function useObservableValue<T>(subscribe: () => Observable<T>, initial: T, deps: readonly unknown[]): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = subscribe().subscribe(setValue);
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

/** A local document (session, current-user, checkout, settings, cart-state, ui flags), live across tabs. */
export function useLocalDocument<T>(key: LocalKey<T>): T {
  const db = useDatabase();
  return useObservableValue(() => watchLocal(db, key), key.fallback, [db, key.id]);
}

/** The cart's lines, oldest first, live across tabs; null until first read (not yet known to be empty). */
export function useCartLines(): CartLine[] | null {
  const db = useDatabase();
  return useObservableValue<CartLine[] | null>(() => watchCartLines(db), null, [db]);
}

/** An order as stored on this device (its state, the server's number once sent); null until read or when absent. */
export function useStoredOrder(orderId: string): OrderRecord | null {
  const db = useDatabase();
  return useObservableValue(() => watchStoredOrder(db, orderId), null, [db, orderId]);
}

export const useCartState = () => useLocalDocument(LOCAL.cartState);
export const useSession = () => useLocalDocument(LOCAL.session);
export const useSettings = () => useLocalDocument(LOCAL.settings);

/** The shopper's offline-download answer (undefined: not asked yet) and whether the connection is metered; null until read. */
export interface OfflineDownloadChoice {
  answer: OfflineCatalogueAnswer;
  metered: boolean;
}

export function useOfflineDownloadChoice(): OfflineDownloadChoice | null {
  const db = useDatabase();
  return useObservableValue<OfflineDownloadChoice | null>(
    () => combineLatest([watchLocal(db, LOCAL.settings), watchMetered()]).pipe(map(([settings, metered]) => ({ answer: settings.offlineCatalogue, metered }))),
    null,
    [db],
  );
}
