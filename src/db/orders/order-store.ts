import { map, of, switchMap, type Observable } from 'rxjs';
import type { OrderStore } from '../../../replication/orders/order-outbox';
import { placedAsOf } from '../../../replication/orders/ordered-elsewhere';
import { WAITING_ORDER_STATES, type OrderRecord } from '../../../schemas/rx/orders.schema';
import type { ShopDatabase } from '../database-types';
import { conflictingDocument, isWriteConflict } from '../write-conflict';

/**
 * One stored order as plain data, live across tabs; null while there is none. An order that turned
 * out to be ordered elsewhere is stored again under the other order's id: it is followed there, so
 * that a thank-you page left open on it says what became of it instead of waiting on a gone record.
 */
export const watchStoredOrder = (db: ShopDatabase, orderId: string): Observable<OrderRecord | null> =>
  db.orders.findOne(orderId).$.pipe(
    switchMap((doc) =>
      doc
        ? of(doc.toMutableJSON())
        : db.orders.find({ selector: { state: 'sent' } }).$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()).find((order) => placedAsOf(order.result) === orderId) ?? null)),
    ),
  );

/** The order outbox on the `orders` collection: queued orders survive a reload and are seen by every tab. */
export function orderStore(db: ShopDatabase): OrderStore {
  const plain = (doc: { toMutableJSON(): unknown } | null) => (doc ? (doc.toMutableJSON() as OrderRecord) : null);
  return {
    insert: async (order) => {
      try {
        await db.orders.insert(order);
        return null;
      } catch (error) {
        // Another tab stored this checkout's order a moment earlier; this instance may not see it yet.
        if (!isWriteConflict(error)) throw error;
        return conflictingDocument<OrderRecord>(error) ?? (await db.orders.findOne(order.order_id).exec())?.toMutableJSON() ?? order;
      }
    },
    get: async (orderId) => plain(await db.orders.findOne(orderId).exec()),
    queued: async (options = {}) =>
      (await db.orders.find({ selector: { state: options.includeHeld ? { $in: [...WAITING_ORDER_STATES] } : 'queued' }, sort: [{ created_at: 'asc' }] }).exec()).map((d) => d.toMutableJSON()),
    update: async (orderId, patch, onlyIf) => {
      const { order_id: _id, ...rest } = patch;
      let applied = false;
      // Incremental: on a conflict the modifier runs again on the stored order, so its last run decides.
      await db.orders.findOne(orderId).incrementalModify((data) => {
        applied = !data._deleted && (onlyIf === undefined || onlyIf(data));
        return applied ? { ...data, ...rest } : data;
      });
      return applied;
    },
    remove: async (orderIds, onlyIn) => {
      if (orderIds.length === 0) return;
      for (const doc of (await db.orders.findByIds([...orderIds]).exec()).values()) {
        // Not bulkRemove: it writes over this tab's copy, and when another tab wrote the order since
        // (a change not heard of here yet), it only reports the conflict and the order stays. An
        // incremental write is tried again on the stored order, so the state is checked as stored.
        await doc.incrementalModify((data) => (onlyIn !== undefined && data.state !== onlyIn ? data : { ...data, _deleted: true }));
      }
    },
  };
}
