import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { CartLine } from '../../../schemas/rx/cart.schema';
import type { NotificationRecord } from '../../../schemas/rx/notifications.schema';
import { LOCAL, watchLocal, type LocalKey } from '../local-state';
import { watchNotifications } from '../sync/notification-center';
import { watchCartLines } from '../cart/cart-view';
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

export function useCartLines(): CartLine[] {
  const db = useDatabase();
  return useObservableValue(() => watchCartLines(db), [], [db]);
}

export function useNotifications(): NotificationRecord[] {
  const db = useDatabase();
  return useObservableValue(() => watchNotifications(db), [], [db]);
}

export const useCartState = () => useLocalDocument(LOCAL.cartState);
export const useSession = () => useLocalDocument(LOCAL.session);
export const useSettings = () => useLocalDocument(LOCAL.settings);
