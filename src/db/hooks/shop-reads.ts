import { DEFAULT_SESSION, DEFAULT_UI_FLAGS, LOCAL_DOCUMENT_IDS, type SessionState, type UiFlags } from '../../../schemas/rx/local-documents';
import type { NotificationRecord } from '../../../schemas/rx/notifications.schema';
import type { LocalShop } from '../local-shop';
import { useShopObservable } from './shop-context';

/**
 * The reads of views that ship in the entry bundle (the header, the notices, the pad's context). They
 * go through `useShopObservable` with only types imported, never the database modules: those carry
 * RxDB and rxjs, which the first screen must not wait for.
 */

type CartQuantity = Readonly<{ sku: string; qty: number }>;
const NO_CART_LINES: readonly CartQuantity[] = [];
const NO_NOTIFICATIONS: readonly { toJSON(): unknown }[] = [];

/** Each cart line's sku and quantity, live across tabs; none until the database is open. */
export const useCartQuantities = (): readonly CartQuantity[] => useShopObservable((shop) => shop.db.cart.find().$, NO_CART_LINES);

/** The stored notifications (cart, orders, session: the same in every tab), oldest first, expired ones included. */
export function useStoredNotifications(): NotificationRecord[] {
  const records = useShopObservable((shop) => shop.db.notifications.find({ sort: [{ created_at: 'asc' }] }).$, NO_NOTIFICATIONS);
  return records.map((d) => d.toJSON() as NotificationRecord);
}

/** Removes a stored notification, in every tab. */
export const removeStoredNotification = (shop: LocalShop, id: string): void => void shop.db.notifications.findOne(id).remove();

/**
 * A local document's value as a subscribable, read straight off the database object. Not
 * `db.getLocal$`: that runs two promises for every change event of every collection, thousands for
 * each catalogue batch written; here other writes are dropped by a synchronous check.
 */
function localValue<T extends object>(shop: LocalShop, id: string, fallback: T) {
  return {
    subscribe: (next: (value: T) => void) => {
      let reads = 0;
      let closed = false;
      const read = () => {
        const ticket = ++reads;
        void shop.db.getLocal<{ value: T }>(id).then((doc) => {
          if (closed || ticket !== reads) return; // a later read is on its way
          const stored = (doc?.toJSON() as { data?: { value?: Partial<T> } } | undefined)?.data?.value;
          next({ ...fallback, ...stored });
        });
      };
      read();
      const changes = shop.db.eventBulks$.subscribe((bulk) => {
        if (bulk.isLocal && !bulk.collectionName && bulk.events.some((e) => e.documentId === id)) read();
      });
      return {
        unsubscribe: () => {
          closed = true;
          changes.unsubscribe();
        },
      };
    },
  };
}

/** The session (token, customer group), live across tabs; signed out until the database is open. */
export const useSessionState = (): SessionState => useShopObservable((shop) => localValue(shop, LOCAL_DOCUMENT_IDS.session, DEFAULT_SESSION), DEFAULT_SESSION);

/** The screen flags shared by the tabs (the sign-up modal asked for when a session could not be refreshed). */
export const useUiFlags = (): UiFlags => useShopObservable((shop) => localValue<UiFlags>(shop, LOCAL_DOCUMENT_IDS.ui, DEFAULT_UI_FLAGS), DEFAULT_UI_FLAGS);
