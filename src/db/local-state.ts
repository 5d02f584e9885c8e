import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import { distinctUntilChanged, filter, map, startWith, switchMap, type Observable } from 'rxjs';
import { deepEqual } from 'rxdb/plugins/utils';
import {
  DEFAULT_CART_STATE,
  DEFAULT_CHECKOUT,
  DEFAULT_SESSION,
  DEFAULT_SETTINGS,
  DEFAULT_UI_FLAGS,
  LOCAL_DOCUMENT_IDS,
  type CartState,
  type CheckoutDetails,
  type CurrentUser,
  type SessionState,
  type Settings,
  type UiFlags,
} from '../../schemas/rx/local-documents';
import type { ShopDatabase } from './database-types';

/** Each singleton with its id and the value it has before anything was written. */
export const LOCAL = {
  session: { id: LOCAL_DOCUMENT_IDS.session, fallback: DEFAULT_SESSION },
  currentUser: { id: LOCAL_DOCUMENT_IDS.currentUser, fallback: null as CurrentUser | null },
  checkout: { id: LOCAL_DOCUMENT_IDS.checkout, fallback: DEFAULT_CHECKOUT },
  settings: { id: LOCAL_DOCUMENT_IDS.settings, fallback: DEFAULT_SETTINGS },
  cartState: { id: LOCAL_DOCUMENT_IDS.cartState, fallback: DEFAULT_CART_STATE },
  ui: { id: LOCAL_DOCUMENT_IDS.ui, fallback: DEFAULT_UI_FLAGS },
} as const;

export interface LocalKey<T> {
  id: string;
  fallback: T;
}

interface Wrapped<T> {
  value: T;
}

/** Objects merge over the fallback so a field added later still has its default. */
function withFallback<T>(key: LocalKey<T>, stored: unknown): T {
  if (!stored) return key.fallback;
  const { value } = stored as Wrapped<T>;
  if (key.fallback && value && typeof value === 'object' && !Array.isArray(value)) return { ...key.fallback, ...value };
  return value;
}

/** The current value, read through the page's document cache. */
export async function readLocal<T>(db: ShopDatabase, key: LocalKey<T>): Promise<T> {
  const doc = await db.getLocal<Wrapped<T>>(key.id);
  return withFallback(key, doc?.toJSON().data);
}

/**
 * The value as stored right now, bypassing this page's cache. Another tab may have written it a moment
 * ago (a refreshed token) and its change event may not have arrived yet.
 */
export async function readLocalFromStorage<T>(db: ShopDatabase, key: LocalKey<T>): Promise<T> {
  const state = await getLocalDocStateByParent(db as unknown as Parameters<typeof getLocalDocStateByParent>[0]);
  const [doc] = await state.storageInstance.findDocumentsById([key.id], false);
  return withFallback(key, (doc as { data?: unknown } | undefined)?.data);
}

/** Changes a singleton atomically (retried on a write conflict with another tab). */
export async function modifyLocal<T>(db: ShopDatabase, key: LocalKey<T>, change: (current: T) => T): Promise<T> {
  for (;;) {
    const doc = await db.getLocal<Wrapped<T>>(key.id);
    if (doc) {
      const written = await doc.incrementalModify((data) => ({ value: change(withFallback(key, data)) }));
      return withFallback(key, written.toJSON().data);
    }
    try {
      const value = change(key.fallback);
      await db.insertLocal<Wrapped<T>>(key.id, { value });
      return value;
    } catch (error) {
      if ((error as { status?: number }).status !== 409 && (error as { code?: string }).code !== 'LD1') throw error;
    }
  }
}

export function writeLocal<T>(db: ShopDatabase, key: LocalKey<T>, value: T): Promise<T> {
  return modifyLocal(db, key, () => value);
}

/**
 * The value now and after every change, from any tab. Not `db.getLocal$`: that runs two promises
 * per change event of every collection, so each catalogue batch written (a thousand documents) cost
 * every watcher thousands of promises; here other writes are dropped by a synchronous check.
 */
export function watchLocal<T>(db: ShopDatabase, key: LocalKey<T>): Observable<T> {
  return db.eventBulks$.pipe(
    filter((bulk) => bulk.isLocal && !bulk.collectionName && bulk.events.some((e) => e.documentId === key.id)),
    startWith(null),
    switchMap(() => db.getLocal<Wrapped<T>>(key.id)),
    map((doc) => withFallback(key, doc?.toJSON().data)),
    distinctUntilChanged((a, b) => deepEqual(a, b)),
  );
}

export type { CartState, CheckoutDetails, CurrentUser, SessionState, Settings, UiFlags };
