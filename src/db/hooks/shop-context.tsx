import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseProvider } from './database-context';
import { yieldToMain } from '../yield-to-main';
import { afterFirstScreen } from '../after-first-screen';
import { importInSteps } from '../import-until-loaded';
import type { LocalShop } from '../start-local-database';

/**
 * The page's local database and its sync, for every screen. The database code is a lazy chunk that
 * opens after the first paint, so screens read `useShop()` (null while it opens) or render under
 * `<WhenShopReady>`; only types are imported here, which keeps RxDB out of the entry bundle.
 */
export type ShopStatus = 'starting' | 'ready' | 'unavailable';

interface ShopContextValue {
  shop: LocalShop | null;
  status: ShopStatus;
  error: string | null;
}

const ShopContext = createContext<ShopContextValue>({ shop: null, status: 'starting', error: null });

/**
 * `onOpen`: called with the shop once it is open (the presses taken while it opened go in then).
 * `whenPressWaiting`: calls its `open` as soon as a press waits for the database, so it opens without
 * waiting for the browser to be idle; returns how to stop. Both come from the app (src/app/providers.tsx),
 * which knows the features that queue presses.
 */
export interface ShopProviderProps {
  children: ReactNode;
  onOpen?: (shop: LocalShop) => void;
  whenPressWaiting?: (open: () => void) => () => void;
}

export function ShopProvider({ children, onOpen, whenPressWaiting }: ShopProviderProps) {
  const [value, setValue] = useState<ShopContextValue>({ shop: null, status: 'starting', error: null });
  const client = useQueryClient();
  useEffect(() => {
    let live = true;
    let begun = false;
    const stopLoading = new AbortController();
    const open = () => {
      if (begun) return;
      begun = true;
      // The database's code evaluated in three tasks: rxjs, then Dexie, then RxDB and the shop's
      // database code. Evaluated together they were one task of 50-80 ms at 4x CPU on a first
      // visit, rxjs and Dexie together still 52 ms at times. Each chunk is fetched after the one
      // before is evaluated: a round trip or two later for the database, never for the first screen.
      // A chunk that does not arrive is fetched again until it does: the page stays 'starting' (its
      // presses queued, see add-queue) rather than being marked unable to store anything.
      importInSteps([() => import('rxjs'), () => import('dexie')], () => import('../start-local-database'), { signal: stopLoading.signal })
        .then((m) => m.startLocalDatabase())
        .then(
          (shop) => {
            // "Add to cart" pressed while it opened: those lines go in now, whatever page is shown.
            onOpen?.(shop);
            // A transition: every screen re-renders with the database (the header's cart, a grid's
            // tiles), in time slices rather than one long task.
            if (live) startTransition(() => setValue({ shop, status: 'ready', error: null }));
          },
          (error: unknown) => {
            if (!live) return;
            console.error('local database unavailable', error);
            setValue({ shop: null, status: 'unavailable', error: error instanceof Error ? error.message : String(error) });
          },
        );
    };
    const cancel = afterFirstScreen(client, open);
    // A press waiting to be added means the first screen is up and in use: open without waiting.
    const stopWaiting = whenPressWaiting?.(open);
    return () => {
      live = false;
      stopLoading.abort();
      cancel();
      stopWaiting?.();
    };
    // The app passes its callbacks once; a change of them does not reopen the database.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  return (
    <ShopContext.Provider value={value}>
      <DatabaseProvider db={value.shop?.db ?? null}>{children}</DatabaseProvider>
    </ShopContext.Provider>
  );
}

/** The database and sync once open, else null. */
export const useShop = (): LocalShop | null => useContext(ShopContext).shop;

/** Whether the local database is opening, open, or could not open (private mode, storage refused). */
export const useShopStatus = (): { status: ShopStatus; error: string | null } => {
  const { status, error } = useContext(ShopContext);
  return { status, error };
};

/** Renders its children only once the database is open (they may then use the database hooks). */
export function WhenShopReady({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useShop() ? <>{children}</> : <>{fallback}</>;
}

/** Anything with rxjs's subscribe shape; typed structurally so this file never imports rxjs. */
interface Subscribable<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

/**
 * The latest value of an observable built from the open shop (e.g. `shop => shop.db.cart.count().$`),
 * `initial` until the database is open. `deps` say when to subscribe anew.
 */
export function useShopObservable<T>(select: (shop: LocalShop) => Subscribable<T>, initial: T, deps: readonly unknown[] = []): T {
  const shop = useShop();
  const [state, setState] = useState<T>(initial);
  useEffect(() => {
    if (!shop) return;
    // Each subscription's first read in a task of its own: the header's badges, the cart and the
    // session all subscribe in the effects of the render that brings the database, and their first
    // queries (RxDB's query preparation, compiled on first use) made one long task together.
    let live = true;
    let subscription: { unsubscribe(): void } | undefined;
    void yieldToMain().then(() => {
      if (live) subscription = select(shop).subscribe(setState);
    });
    return () => {
      live = false;
      subscription?.unsubscribe();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shop, ...deps]);
  return state;
}
